// The app's own records, as the core stores them and the bridge carries them. Pure data: no key, ever.
// Each record is written once, as a zod schema, and its type is inferred from it: the bridge validates with the
// same schema the core's type comes from, so the two cannot drift (shared/bridge/record-schemas.ts adds only
// what the bridge itself adds: relative paths, the submission's own rules).
import { z } from 'zod';
import { familyIdSchema, taskEndpointSchema, taskKindSchema } from '../catalog/family-ids';
import { gatewayErrorInfoSchema, taskStatusSchema } from '../gateway/normalized';
import type { Assert, Equals } from '../bridge/type-equals';
import { because } from '../validation';
import { syncEventSchema } from './sync';
import { jobChangeSchema } from './jobs';

const unixMs = z.number().finite();
const params = z.record(z.string(), z.unknown());

/**
 * Local lifecycle around the gateway's states: 'submitting' is written before the POST leaves (so a crash
 * mid-submission is visible and never silently resubmitted), 'interrupted' is such a row found after a
 * restart without a remote id, 'stopped' is a task the user stopped tracking.
 */
export const taskStateSchema = z.enum([...taskStatusSchema.options, 'submitting', 'interrupted', 'stopped']);
export type TaskState = z.infer<typeof taskStateSchema>;

/** The engine polls these: the gateway has the task and has not finished it. */
export const TRACKED_TASK_STATES = [
  'submitted',
  'pending',
  'processing',
] as const satisfies readonly TaskState[];
/** Work is under way: tracked, or still being sent. What the header's counter and the Tasks page's bar show. */
export const ACTIVE_TASK_STATES = [
  'submitting',
  ...TRACKED_TASK_STATES,
] as const satisfies readonly TaskState[];
/** Nothing more will happen by itself: finished, failed, cancelled upstream, or left alone (stopped, interrupted). */
export const TERMINAL_TASK_STATES = [
  'completed',
  'failed',
  'cancelled',
  'stopped',
  'interrupted',
] as const satisfies readonly TaskState[];

// Every state is active or terminal, never both: a new state must be placed in a group or this fails to compile.
type Active = (typeof ACTIVE_TASK_STATES)[number];
type Terminal = (typeof TERMINAL_TASK_STATES)[number];
export type _TaskStateGroups = [
  Assert<Equals<Exclude<TaskState, Active | Terminal>, never>>,
  Assert<Equals<Extract<Active, Terminal>, never>>,
];

const isIn =
  <S extends TaskState>(group: readonly S[]) =>
  (state: TaskState): state is S =>
    (group as readonly TaskState[]).includes(state);
export const isTrackedState = isIn(TRACKED_TASK_STATES);
export const isActiveState = isIn(ACTIVE_TASK_STATES);
export const isTerminalState = isIn(TERMINAL_TASK_STATES);

/**
 * The error code of a task found at a start still waiting to be sent (a crash, a disk too full to record that
 * it failed): provably never sent, so nothing was charged, and it is not sent again unless the person says so.
 */
export const NEVER_SENT_CODE = 'never_sent';

/** An 'interrupted' task that never left the machine: it waits for the person's Send it, nothing to reconcile. */
export function isHeldUnsent(task: {
  state: TaskState;
  remoteId: string | null;
  error: { code: string } | null;
}): boolean {
  return task.state === 'interrupted' && task.remoteId === null && task.error?.code === NEVER_SENT_CODE;
}

/**
 * Why a result file is not in the library: its link expired before it was fetched (a fresh status poll may
 * renew it), the file server refused it, the network failed, the bytes were not the media promised, or the
 * gateway no longer offers it at all (a fresh poll gave no working link: the result is lost).
 */
export const missingFileReasonSchema = z.enum(['expired', 'refused', 'network', 'invalid', 'lost']);
export type MissingFileReason = z.infer<typeof missingFileReasonSchema>;

export const missingFileSchema = z.object({
  /** Position in the task's result list (0-based). */
  ordinal: z.number().int(),
  kind: z.enum(['image', 'video', 'audio']),
  reason: missingFileReasonSchema,
  /** The downloader's own words (HTTP 403, no data for 30000 ms, …), for the detail line. */
  detail: z.string().nullable(),
  /** ms since epoch when the engine tries this file again by itself; null when it does not. */
  retryAt: unixMs.nullable(),
});
export type MissingFile = z.infer<typeof missingFileSchema>;

export const downloadProgressSchema = z.object({
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Files whose link expired before we could fetch them. */
  expired: z.number().int(),
  /** Every file that failed or expired, with why: a task is a success only when this is empty. */
  missing: z.array(missingFileSchema),
  /** Files saved, then deleted from the library by the user: counted in done, no longer on disk. */
  deleted: z.number().int(),
  /**
   * When the soonest link of a file not downloaded yet (pending, or failed and tried again) expires, ms since
   * epoch ([TASK-10] expires_at); null when no such file has a dated link, absent where nobody counted.
   */
  linkExpiresAt: unixMs.nullable().optional(),
});
export type DownloadProgress = z.infer<typeof downloadProgressSchema>;

/**
 * What the usage report ([EP-USAGE-1]) says about a task the gateway may have charged though the app never
 * learnt its id: the model's billed requests and amount in the task's window, against the tasks the app
 * knows were charged in it. What is left over is likely this task's charge (or another lost one's).
 */
export const chargeReconciliationSchema = z.object({
  checkedAt: unixMs,
  /** [start, end) of the usage query, ms since epoch. */
  windowStart: unixMs,
  windowEnd: unixMs,
  billedRequests: z.number().int(),
  billedUsd: z.number(),
  knownRequests: z.number().int(),
  knownUsd: z.number(),
  unmatchedRequests: z.number().int(),
  unmatchedUsd: z.number(),
});
export type ChargeReconciliation = z.infer<typeof chargeReconciliationSchema>;

/**
 * A batch: the id every task of one press of a batch shares (the press's key), and how many tasks it made.
 * `compare`: the press sent one prompt to several models ("Also run on…"), so its results open together in the
 * compare view; absent for a batch of prompts × n.
 */
export const taskBatchSchema = z.object({
  id: z.string(),
  size: z.number().int().positive(),
  compare: z.literal(true).optional(),
});
export type TaskBatch = z.infer<typeof taskBatchSchema>;

/**
 * How a task's reference pictures went to the gateway (seen in public clients): uploaded first and sent as URLs, or inline as
 * data URLs with why: the family takes them inline, the gateway offers no uploads, the upload failed (not tried
 * again by itself), or the uploaded URL did not answer. `detail` is the failure's own text.
 */
export const referencesSentAsSchema = z.object({
  how: z.enum(['upload', 'data_url']),
  reason: z.enum(['family', 'not_offered', 'upload_failed', 'link_dead']).nullable(),
  detail: z.string().nullable(),
});
export type ReferencesSentAs = z.infer<typeof referencesSentAsSchema>;

export const taskRecordSchema = z.object({
  /** Local id (uuid): stable before the gateway answers. */
  id: z.string(),
  remoteId: z.string().nullable(),
  family: familyIdSchema,
  model: z.string(),
  kind: taskKindSchema,
  endpoint: taskEndpointSchema,
  /** The full request body but the model, exactly as submitted; never the key. */
  params,
  state: taskStateSchema,
  /** The gateway's own status word when it is none the app knows (read as processing): what the task row shows. */
  gatewayStatus: z.string().optional(),
  /** When a start of the studio picked it up again (ms); absent for a task tracked since it was sent. */
  resumedAt: z.number().optional(),
  /**
   * Past its poll budget (about 10 min or 120 checks for a picture, longer for video): never failed for it, it is
   * checked less often, every this many ms, and its row says so. Absent while it is within the budget.
   */
  checkedEveryMs: z.number().optional(),
  progress: z.number(),
  error: gatewayErrorInfoSchema.nullable(),
  cost: z.number().nullable(),
  creditsCost: z.number().nullable(),
  estimatedTime: z.number().nullable(),
  /** ms since epoch, on the engine's clock */
  createdAt: unixMs,
  updatedAt: unixMs,
  completedAt: unixMs.nullable(),
  /** The task this one was made from: a re-run, an upscale, a music operation. */
  parentTaskId: z.string().nullable(),
  downloads: downloadProgressSchema,
  /** Set once the usage report was compared for a task that may have been charged unseen (interrupted). */
  reconciliation: chargeReconciliationSchema.nullable(),
  /** [COMMON-1] The webhook base URL sent with the submission; absent when none was. */
  webhook: z.string().optional(),
  /** The batch this task was sent in (several prompts × n at one press); absent otherwise. */
  batch: taskBatchSchema.optional(),
  /** How its reference pictures were sent (uploaded or inline); absent without any, or before sending. */
  referencesSentAs: referencesSentAsSchema.optional(),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;

export const libraryKindSchema = z.enum(['image', 'video', 'audio', 'speech']);
export type LibraryKind = z.infer<typeof libraryKindSchema>;

export const libraryItemSchema = z.object({
  id: z.string(),
  kind: libraryKindSchema,
  /** Absolute path inside the library folder. */
  path: z.string(),
  size: z.number(),
  sha256: z.string(),
  mime: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  thumbnailPath: z.string().nullable(),
  prompt: z.string().nullable(),
  model: z.string(),
  family: familyIdSchema,
  params,
  /** Local task id; null for speech. */
  taskId: z.string().nullable(),
  remoteTaskId: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  expiresAt: z.number().nullable(),
  cost: z.number().nullable(),
  creditsCost: z.number().nullable(),
  createdAt: unixMs,
  favourite: z.boolean(),
  tags: z.array(z.string()),
  /** The task whose output this item was derived from (re-run, upscale, music operation). */
  sourceTaskId: z.string().nullable(),
  /** A music track's title, as the gateway named it; null for everything else. */
  title: z.string().nullable(),
  /**
   * A music track's 1-based position in its task's music list: with remoteTaskId, what a music operation
   * names as its source ([SRC-1] task_id and audio_index). null for everything else.
   */
  trackIndex: z.number().int().min(1).nullable(),
  /** The batch its task was sent in, and the batch's size; absent for an item not made in a batch. */
  batch: taskBatchSchema.optional(),
  /** Library sync: the name of the device (or person) that made it, when that is another device; absent here. */
  origin: z.string().optional(),
  /** Library sync: the file is on the remote only (not downloaded yet); opening it fetches it. Absent: on disk. */
  remoteOnly: z.literal(true).optional(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

/** Control characters (NUL, line breaks, DEL…): nothing a person types into a tag, and trouble on a chip. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** A tag text without control characters (what stored tags are cleaned to). */
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, '');

/**
 * One tag as a person types it: trimmed by the library, never empty, short enough to show on a chip, and
 * without control characters (refused with a sentence, never stored).
 */
export const libraryTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((tag) => withoutControlCharacters(tag) === tag, { params: because('tagControlCharacters') });

/** Tags one item may carry: what the bridge holds a person to, and what sync holds another device to. */
export const LIBRARY_TAGS_MAX = 50;
export const libraryTagsSchema = z.array(libraryTagSchema).max(LIBRARY_TAGS_MAX);

/** A library search, with the bounds the bridge holds a caller to. */
export const libraryQuerySchema = z.strictObject({
  search: z.string().max(500).optional(),
  kind: libraryKindSchema.optional(),
  model: z.string().max(200).optional(),
  family: familyIdSchema.optional(),
  /** ms since epoch, inclusive */
  from: unixMs.optional(),
  /** ms since epoch, exclusive */
  to: unixMs.optional(),
  favourite: z.boolean().optional(),
  /** Items carrying every one of these tags (case-insensitive). */
  tags: z.array(libraryTagSchema).max(20).optional(),
  /** The items of one batch (TaskBatch.id). */
  batchId: z.string().min(1).max(200).optional(),
  sort: z.enum(['newest', 'oldest', 'cost', 'size']).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  offset: z.number().int().min(0).optional(),
});
export type LibraryQuery = z.input<typeof libraryQuerySchema>;

/** A tag in use and how many items carry it: what the tag editor offers as you type. */
export const libraryTagCountSchema = z.object({ tag: z.string(), count: z.number().int().min(1) });
export type LibraryTagCount = z.infer<typeof libraryTagCountSchema>;

/** A page of a library search; the bridge's page carries its items' relative paths too. */
export const libraryPageSchemaOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number().int().min(0) });
export type LibraryPage = z.infer<ReturnType<typeof libraryPageSchemaOf<typeof libraryItemSchema>>>;

/** Events the core emits; the bridge forwards them with its own library items (relative paths added). */
export const studioEventSchemaOf = <Item extends z.ZodType>(item: Item) =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('task'), task: taskRecordSchema }),
    z.object({
      type: z.literal('download'),
      taskId: z.string(),
      url: z.string(),
      receivedBytes: z.number(),
      totalBytes: z.number().nullable(),
    }),
    z.object({ type: z.literal('library'), item, change: z.enum(['added', 'updated', 'deleted']) }),
    // One bulk action on many items (favourite, tags, delete, undo): one event, not one per item, so selecting
    // a whole filtered library of 100 000 items does not flood the stream. Listeners re-read what they show.
    z.object({
      type: z.literal('library-bulk'),
      change: z.enum(['updated', 'deleted', 'restored']),
      count: z.number().int().min(0),
    }),
    // The submission queue changed (an item added, moved, sent, cancelled; paused or resumed): listeners re-read it.
    z.object({ type: z.literal('queue') }),
    // A recipe run changed (a step queued, sent, saved; the run completed or stopped): listeners re-read the runs.
    z.object({ type: z.literal('recipe') }),
    // A storyboard run changed (a part sent, saved, failed; the cut filed): listeners re-read that board's runs.
    z.object({ type: z.literal('storyboard'), runId: z.string() }),
    // A durable job changed state (any kind: a queue item, a recipe run…): its kind, state, tries and next try.
    z.object({ type: z.literal('job'), job: jobChangeSchema }),
    // Library sync's status as it changes (progress within a round, paused, a problem, last completed).
    syncEventSchema,
  ]);
export type StudioEvent = z.infer<ReturnType<typeof studioEventSchemaOf<typeof libraryItemSchema>>>;
