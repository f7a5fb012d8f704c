// The prompts a person has sent, as the history list shows them: the latest use of each text, what it made and
// what it cost. Kept by the core (electron/core/presets), read by the bridge and the CLI.
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';
import { taskStateSchema } from './records';

/** How many entries one history read answers at most: a list to pick from, not an archive. */
export const PROMPT_HISTORY_LIMIT = 50;
/** A text longer than this is not a prompt anyone picks from a list again: the history keeps it cut to this. */
export const PROMPT_TEXT_MAX = 8_000;

export const promptHistoryEntrySchema = z.object({
  text: z.string(),
  /** The family of its latest use ('speech' for a spoken text). */
  family: familyIdSchema,
  /** When it was last sent, ms since epoch. */
  sentAt: z.number(),
  /** How many times it was sent. */
  uses: z.number().int().min(1),
  pinned: z.boolean(),
  /** The task of its latest use; null for speech, which is not a task. */
  taskId: z.string().nullable(),
  /** That task's state now (failed ones are kept too); null for speech. */
  state: taskStateSchema.nullable(),
  cost: z.number().nullable(),
  creditsCost: z.number().nullable(),
  /** The first library item its latest use made, if one was saved. */
  itemId: z.string().nullable(),
});
export type PromptHistoryEntry = z.infer<typeof promptHistoryEntrySchema>;

export const promptHistoryQuerySchema = z.strictObject({
  /** Words the text must contain (case-insensitive, as typed). */
  search: z.string().max(500).optional(),
  /**
   * Which texts: 'prompts' (what Create's forms sent), 'speech' (what Speech spoke), both when absent. A spoken
   * sentence is no image prompt, so each page's history lists its own.
   */
  texts: z.enum(['prompts', 'speech']).optional(),
  limit: z.number().int().min(1).max(PROMPT_HISTORY_LIMIT).optional(),
});
export type PromptHistoryQuery = z.infer<typeof promptHistoryQuerySchema>;
