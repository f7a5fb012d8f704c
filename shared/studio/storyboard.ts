// A storyboard: a short film as a list of shots, each a video family's request (model, prompt, duration, cast),
// optionally continuing from the shot before (its last frame becomes this shot's first frame) and ending on a
// given frame; narration lines per shot (speech); and a music bed made by a music operation. The board is
// checked whole before anything is priced or sent, with the validation table's sentences.
import { z } from 'zod';
import { FAMILIES } from '../catalog';
import { familyIdSchema, type FamilyId } from '../catalog/family-ids';
import { SPEECH_INPUT_LIMIT } from '../catalog/speech-rules';
import { because } from '../validation';
import { castListSchema, mentionsIn } from './cast';
import { gatewayErrorInfoSchema } from '../gateway/normalized';

export const STORYBOARD_FILE_FORMAT = 'gateway-studio-storyboard';
export const STORYBOARD_FILE_VERSION = 1;
export const MAX_SHOTS = 24;
/** Narration of one shot: long text is spoken in several takes (each under the speech limit) joined in one. */
export const MAX_NARRATION_CHARS = 20_000;

/**
 * The fields that carry a shot's first and last frame. S names them ([EP-VIDEO-6]); V1, H and K take first and
 * last frames too, but the spec does not show their field names ([EP-VIDEO-7]), so they are sent under S's
 * names, which those families' open parameters pass. V2 takes references only and W neither: they cannot
 * continue from a shot or end on a frame.
 */
export const FRAME_FIELDS: Partial<Record<FamilyId, { first: string; last: string }>> = {
  'video.v1': { first: 'first_frame_image', last: 'last_frame_image' },
  'video.h': { first: 'first_frame_image', last: 'last_frame_image' },
  'video.k': { first: 'first_frame_image', last: 'last_frame_image' },
  'video.s': { first: 'first_frame_image', last: 'last_frame_image' },
};

const isVideo = (family: FamilyId) => FAMILIES[family].kind === 'video';
const isMusicOperation = (family: FamilyId) => FAMILIES[family].kind === 'music';

export const shotSchema = z.strictObject({
  family: familyIdSchema,
  model: z.string().min(1).max(200),
  prompt: z.string().max(4000),
  /** Whole seconds, within what the family takes (its own schema checks the exact values). */
  duration: z.number().int().min(1).max(60),
  /** The family's other fields (resolution, aspect ratio…), as its form would send them. */
  params: z.record(z.string().max(100), z.unknown()).default({}),
  /** Cast members in this shot besides those `@`-mentioned in the prompt. */
  cast: z.array(z.string().max(40)).max(10).default([]),
  /** The previous shot's last frame becomes this shot's first frame (extracted locally after it is saved). */
  continuePrevious: z.boolean().default(false),
  /** A picture this shot ends on: a stored reference (`studio-ref:`) or a link. */
  endFrame: z.string().min(1).max(2048).optional(),
  /** What is said over this shot; spoken from the shot's start. */
  narration: z.string().max(MAX_NARRATION_CHARS).default(''),
});
export type Shot = z.infer<typeof shotSchema>;
export type ShotInput = z.input<typeof shotSchema>;

export const storyboardMusicSchema = z.strictObject({
  family: familyIdSchema,
  model: z.string().max(200),
  /** The operation's fields: its source track (task_id, audio_index) and the rest. */
  params: z.record(z.string().max(100), z.unknown()),
  /** How loud the bed plays under the shots and narration, 0 to 1. */
  volume: z.number().min(0).max(1).default(0.3),
});

export const storyboardNarrationSchema = z.strictObject({
  model: z.string().min(1).max(200),
  voice: z.string().trim().min(1).max(100).optional(),
  speed: z.number().positive().max(4).optional(),
});

export const storyboardSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(80),
    /** A board file may carry its own cast; the app's stored cast is used beside it (the file's wins by name). */
    cast: castListSchema.default([]),
    shots: z.array(shotSchema).min(1).max(MAX_SHOTS),
    narration: storyboardNarrationSchema.optional(),
    music: storyboardMusicSchema.optional(),
  })
  .superRefine((board, ctx) => {
    board.shots.forEach((shot, i) => {
      const label = FAMILIES[shot.family].label;
      if (!isVideo(shot.family)) {
        ctx.addIssue({ code: 'custom', path: ['shots', i, 'family'], params: because('shotFamily') });
        return;
      }
      if (shot.continuePrevious && i === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['shots', i, 'continuePrevious'],
          params: because('shotContinueFirst'),
        });
      else if (shot.continuePrevious && !FRAME_FIELDS[shot.family])
        ctx.addIssue({
          code: 'custom',
          path: ['shots', i, 'continuePrevious'],
          params: because('shotContinueFamily', { family: label }),
        });
      if (shot.endFrame !== undefined && !FRAME_FIELDS[shot.family])
        ctx.addIssue({
          code: 'custom',
          path: ['shots', i, 'endFrame'],
          params: because('shotEndFrameFamily', { family: label }),
        });
    });
    if (board.music && !isMusicOperation(board.music.family))
      ctx.addIssue({ code: 'custom', path: ['music', 'family'], params: because('storyboardMusic') });
  });
export type Storyboard = z.infer<typeof storyboardSchema>;
export type StoryboardInput = z.input<typeof storyboardSchema>;

export const storyboardFileSchema = z.strictObject({
  format: z.literal(STORYBOARD_FILE_FORMAT),
  version: z.literal(STORYBOARD_FILE_VERSION),
  storyboard: storyboardSchema,
});

/** The names a shot brings on: those `@`-mentioned in its prompt, then its own cast list. */
export function shotCast(shot: Pick<Shot, 'prompt' | 'cast'>): string[] {
  const names = [...mentionsIn(shot.prompt), ...shot.cast];
  return names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i);
}

/**
 * Narration split into takes of at most `limit` characters, at sentence ends where it can (". ", "! ", "? ",
 * "。" and the like), else at the last space, else at the limit itself; joined again they are the text.
 */
export function narrationTakes(text: string, limit: number = SPEECH_INPUT_LIMIT): string[] {
  const takes: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const sentence = lastMatchEnd(window, /[.!?。！？…]["')\]»”’]*\s+|[。！？]/g);
    const space = window.lastIndexOf(' ');
    const cut = sentence > 0 ? sentence : space > 0 ? space + 1 : limit;
    takes.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) takes.push(rest);
  return takes;
}

function lastMatchEnd(text: string, pattern: RegExp): number {
  let end = -1;
  for (const match of text.matchAll(pattern)) end = (match.index ?? 0) + match[0].length;
  return end;
}

/** Where a storyboard run stands, shot by shot, as the page and the CLI show it. */
export const storyboardPartStateSchema = z.enum(['waiting', 'queued', 'running', 'completed', 'failed']);

export const storyboardRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['running', 'completed', 'failed']),
  shots: z.array(
    z.object({
      state: storyboardPartStateSchema,
      taskId: z.string().nullable(),
      /** The library item the shot's video was saved as. */
      itemId: z.string().nullable(),
      /** The stored frame this shot started from (the previous shot's last frame), when it continued. */
      firstFrame: z.string().nullable(),
      error: gatewayErrorInfoSchema.nullable(),
    }),
  ),
  /** The narration clips, per shot (null: none or not yet), as library items. */
  narration: z.array(z.string().nullable()),
  music: z.object({ state: storyboardPartStateSchema, taskId: z.string().nullable() }).nullable(),
  /** The cut in the library once assembled, and its edit lists beside it (CMX3600 EDL and FCPXML). */
  cutItemId: z.string().nullable(),
  editList: z.string().nullable(),
  /** Null in runs kept before FCPXML was written. */
  finalCutXml: z.string().nullable().default(null),
  /** What stopped the run (a shot's, the music's or the assembly's error). */
  error: gatewayErrorInfoSchema.nullable(),
  /** Cast members some shot names but whose model takes no references (said before sending, kept here). */
  notes: z.array(z.string()),
  startedAt: z.number(),
});
export type StoryboardRun = z.infer<typeof storyboardRunSchema>;
