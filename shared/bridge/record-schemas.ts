// Zod mirrors of the shared records (shared/studio/records.ts, shared/gateway/normalized.ts), checked against
// them at compile time, so the bridge validates exactly what the core promises to produce.
import { z } from 'zod';
import { FAMILIES } from '../catalog';
import { FAMILY_IDS } from '../catalog/family-ids';
import type { FamilyId } from '../catalog/family-ids';
import { errorTypeSchema } from '../gateway/error-types';
import type { GatewayErrorInfo, SubmissionRequest } from '../gateway/normalized';
import type { LibraryItem, LibraryPage, LibraryQuery, StudioEvent, TaskRecord } from '../studio/records';
import type { Assert, Equals } from './type-equals';
import { SUBMISSION_KEY_PATTERN, SUBMISSION_KEY_RULE } from '../studio/submission-key';

export const familyIdSchema = z.enum(FAMILY_IDS);

const unixMs = z.number().finite();
const params = z.record(z.string(), z.unknown());

export const gatewayErrorInfoSchema = z.object({
  httpStatus: z.number().int().nullable(),
  type: errorTypeSchema,
  code: z.string(),
  message: z.string(),
  param: z.string().nullable(),
  retryable: z.boolean(),
  retryAfterMs: z.number().nullable(),
});

export const taskStateSchema = z.enum([
  'submitted',
  'pending',
  'processing',
  'completed',
  'failed',
  'submitting',
  'interrupted',
  'stopped',
]);

export const taskRecordSchema = z.object({
  id: z.string(),
  remoteId: z.string().nullable(),
  family: familyIdSchema,
  model: z.string(),
  kind: z.enum(['image', 'video', 'music', 'upscale']),
  endpoint: z.enum(['tasks', 'music']),
  params,
  state: taskStateSchema,
  progress: z.number(),
  error: gatewayErrorInfoSchema.nullable(),
  cost: z.number().nullable(),
  creditsCost: z.number().nullable(),
  estimatedTime: z.number().nullable(),
  createdAt: unixMs,
  updatedAt: unixMs,
  completedAt: unixMs.nullable(),
  parentTaskId: z.string().nullable(),
  downloads: z.object({
    total: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    expired: z.number().int(),
    missing: z.array(
      z.object({
        ordinal: z.number().int(),
        kind: z.enum(['image', 'video', 'audio']),
        reason: z.enum(['expired', 'refused', 'network', 'invalid', 'lost']),
        detail: z.string().nullable(),
        retryAt: unixMs.nullable(),
      }),
    ),
    deleted: z.number().int(),
    linkExpiresAt: unixMs.nullable().optional(),
  }),
  reconciliation: z
    .object({
      checkedAt: unixMs,
      windowStart: unixMs,
      windowEnd: unixMs,
      billedRequests: z.number().int(),
      billedUsd: z.number(),
      knownRequests: z.number().int(),
      knownUsd: z.number(),
      unmatchedRequests: z.number().int(),
      unmatchedUsd: z.number(),
    })
    .nullable(),
  webhook: z.string().optional(),
});

export const libraryKindSchema = z.enum(['image', 'video', 'audio', 'speech']);

export const libraryItemSchema = z.object({
  id: z.string(),
  kind: libraryKindSchema,
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
  taskId: z.string().nullable(),
  remoteTaskId: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  expiresAt: z.number().nullable(),
  cost: z.number().nullable(),
  creditsCost: z.number().nullable(),
  createdAt: unixMs,
  favourite: z.boolean(),
  tags: z.array(z.string()),
  sourceTaskId: z.string().nullable(),
  title: z.string().nullable(),
  trackIndex: z.number().int().min(1).nullable(),
});

/**
 * What the renderer receives for a library item: the core's record plus the file's path relative to the
 * library folder ('/'-separated), which the renderer turns into a media URL with mediaUrl(). The host fills
 * these in, because only it knows the library folder.
 */
export const bridgeLibraryItemSchema = libraryItemSchema.extend({
  relativePath: z.string(),
  thumbnailRelativePath: z.string().nullable(),
});
export type BridgeLibraryItem = z.infer<typeof bridgeLibraryItemSchema>;

/** One tag as a person types it: trimmed by the library, never empty, short enough to show on a chip. */
export const libraryTagSchema = z.string().trim().min(1).max(64);

export const libraryTagsInputSchema = z
  .strictObject({
    /** Tags starting with this text (case-insensitive); all tags without it. */
    prefix: z.string().max(64).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .optional();

export const libraryTagCountSchema = z.object({ tag: z.string(), count: z.number().int().min(1) });

export const libraryQuerySchema = z.strictObject({
  search: z.string().max(500).optional(),
  kind: libraryKindSchema.optional(),
  model: z.string().max(200).optional(),
  family: familyIdSchema.optional(),
  from: unixMs.optional(),
  to: unixMs.optional(),
  favourite: z.boolean().optional(),
  tags: z.array(libraryTagSchema).max(20).optional(),
  sort: z.enum(['newest', 'oldest', 'cost', 'size']).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  offset: z.number().int().min(0).optional(),
});

export const libraryPageSchema = z.object({
  items: z.array(bridgeLibraryItemSchema),
  total: z.number().int().min(0),
});

const submissionShape = {
  family: familyIdSchema,
  model: z.string().max(200),
  params,
  webhook: z.string().max(2048).optional(),
};

// [EP-GRID-1] grid upscale's body has no model field: its request carries '' (as the catalog's empty variant
// list says); every other family needs the model id it will send.
const modelMatchesFamily = (r: { family: FamilyId; model: string }): boolean =>
  FAMILIES[r.family].variants.length > 0 === (r.model !== '');
const modelRule = {
  path: ['model'],
  message: 'A model id is required for this family, and grid upscale takes none.',
};

export const submissionRequestSchema = z.strictObject(submissionShape).refine(modelMatchesFamily, modelRule);

/**
 * The caller's key for one press (shared/studio/submission-key.ts): a repeat with the same key answers with
 * the task the first made, never a second one.
 */
export const submissionKeySchema = z.string().regex(SUBMISSION_KEY_PATTERN, SUBMISSION_KEY_RULE);

/**
 * tasks.submit: a submission, whether the user confirmed its estimate (asked above their confirmation
 * threshold, electron/core/spending; the main process refuses an unconfirmed one above it), and its key.
 */
export const submitTaskInputSchema = z
  .strictObject({
    ...submissionShape,
    confirmed: z.boolean().optional(),
    key: submissionKeySchema.optional(),
  })
  .refine(modelMatchesFamily, modelRule);

export const studioEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('task'), task: taskRecordSchema }),
  z.object({
    type: z.literal('download'),
    taskId: z.string(),
    url: z.string(),
    receivedBytes: z.number(),
    totalBytes: z.number().nullable(),
  }),
  z.object({
    type: z.literal('library'),
    item: bridgeLibraryItemSchema,
    change: z.enum(['added', 'updated', 'deleted']),
  }),
  z.object({
    type: z.literal('library-bulk'),
    change: z.enum(['updated', 'deleted', 'restored']),
    count: z.number().int().min(0),
  }),
]);
/** StudioEvent as it crosses the bridge: library items carry their relative paths. */
export type BridgeEvent = z.infer<typeof studioEventSchema>;

// If one of these fails to compile, a record in shared/ changed: update the schema above to match.
export type _Checks = [
  Assert<Equals<z.infer<typeof gatewayErrorInfoSchema>, GatewayErrorInfo>>,
  Assert<Equals<z.infer<typeof taskRecordSchema>, TaskRecord>>,
  Assert<Equals<z.infer<typeof libraryItemSchema>, LibraryItem>>,
  Assert<Equals<z.input<typeof libraryQuerySchema>, LibraryQuery>>,
  Assert<Equals<Omit<z.infer<typeof libraryPageSchema>, 'items'>, Omit<LibraryPage, 'items'>>>,
  Assert<Equals<z.infer<typeof submissionRequestSchema>, SubmissionRequest>>,
  Assert<Equals<Exclude<BridgeEvent, { type: 'library' }>, Exclude<StudioEvent, { type: 'library' }>>>,
];
