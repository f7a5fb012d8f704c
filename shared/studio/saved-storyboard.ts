// A storyboard kept in the studio (the Storyboard page's boards), the runs each made, and the one price of a
// board as the page shows it before anything is sent. The board itself is shared/studio/storyboard.ts.
import { z } from 'zod';
import { costEstimateSchema } from './estimates';
import { storyboardRunSchema, storyboardSchema } from './storyboard';

/** A run a board made: the whole board (shot null) or one shot alone (its index in the board). */
export const boardRunLinkSchema = z.object({
  runId: z.string(),
  shot: z.number().int().min(0).nullable(),
});
export type BoardRunLink = z.infer<typeof boardRunLinkSchema>;

/** How many runs a board remembers (the runner keeps as many of the newest). */
export const KEPT_BOARD_RUNS = 20;

export const savedStoryboardSchema = z.object({
  id: z.string(),
  board: storyboardSchema,
  /** Oldest first. */
  runs: z.array(boardRunLinkSchema).max(KEPT_BOARD_RUNS),
  updatedAt: z.number(),
});
export type SavedStoryboard = z.infer<typeof savedStoryboardSchema>;

/** One price for a whole board: each part (shots first, then narration takes, then the music) and the sum. */
export const storyboardPriceSchema = z.object({
  parts: z.array(
    z.object({
      kind: z.enum(['shot', 'narration', 'music']),
      /** The board's shot the part belongs to (null: the music). */
      shot: z.number().int().min(0).nullable(),
      estimate: costEstimateSchema,
    }),
  ),
  /** Null while any part has no estimate yet: a sum of the known ones would mislead. */
  totalUsd: z.number().nullable(),
  totalCredits: z.number().nullable(),
  unknown: z.number().int().min(0),
  /** Cast members a shot names whose pictures its model cannot take, said before sending. */
  notes: z.array(z.string()),
});
export type StoryboardPriceView = z.infer<typeof storyboardPriceSchema>;

/** A board's run as the page reads it: which part of the board it ran, and where it stands. */
export const boardRunSchema = z.object({
  shot: z.number().int().min(0).nullable(),
  run: storyboardRunSchema,
});
export type BoardRun = z.infer<typeof boardRunSchema>;

/** Where a finished take of a shot lies: the run that made it, its task and its video in the library. */
export interface FinishedTake {
  runId: string;
  taskId: string;
  itemId: string;
}

/**
 * The newest finished take of shot `index` among a board's runs (newest first), from a whole run or from the
 * shot's own: what a shot that continues from it, run alone, takes its first frame from.
 */
export function finishedTake(runs: readonly BoardRun[], index: number): FinishedTake | null {
  for (const { shot, run } of runs) {
    const slot = shot === null ? run.shots[index] : shot === index ? run.shots[0] : undefined;
    if (slot?.state === 'completed' && slot.taskId !== null && slot.itemId !== null)
      return { runId: run.id, taskId: slot.taskId, itemId: slot.itemId };
  }
  return null;
}

/** A finished run's edit list, in one of the two formats written beside its cut. */
export const editListFormatSchema = z.enum(['edl', 'fcpxml']);
export type EditListFormat = z.infer<typeof editListFormatSchema>;
/** The edit list's file name and its text, which the page saves as a download. */
export const editListFileSchema = z.object({ name: z.string(), text: z.string() });
export type EditListFile = z.infer<typeof editListFileSchema>;
