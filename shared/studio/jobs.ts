// A durable job as the renderer hears of it: every kind of background work that must survive a restart (the
// queue's items, recipe runs, and each kind put on the one mechanism after them) tells each change of state on
// the event stream as a `job` event, so no screen asks again on a timer to learn that work moved.
import { z } from 'zod';

export const JOB_STATES = ['waiting', 'running', 'done', 'failed', 'cancelled'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

/** The job kinds whose changes a screen shows (each kind names its jobs itself in core). */
export const JOB_KINDS = {
  queueItem: 'queue-item',
  recipeRun: 'recipe-run',
  storyboard: 'storyboard',
} as const;

/** One change of one job: what it is, where it stands, its tries and when it is tried next. */
export const jobChangeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  key: z.string(),
  state: jobStateSchema,
  attempts: z.number().int().min(0),
  /** When a waiting job may run next (ms since the epoch). */
  nextTryAt: z.number(),
  /** The last failure's sentence, or why it waits. */
  error: z.string().nullable(),
});
export type JobChangeView = z.infer<typeof jobChangeSchema>;
