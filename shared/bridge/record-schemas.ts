// The records as the bridge carries them. The records themselves are zod schemas in shared/ (their types are
// inferred from them: shared/studio/records.ts, shared/gateway/normalized.ts), so there is nothing to keep equal;
// this file adds only what the bridge adds: library items with their relative paths, and the submission's rule
// that needs the catalog.
import { z } from 'zod';
import { FAMILIES } from '../catalog';
import type { FamilyId } from '../catalog/family-ids';
import { submissionRequestShape } from '../gateway/normalized';
import {
  libraryItemSchema,
  libraryPageSchemaOf,
  studioEventSchemaOf,
  taskRecordSchema,
} from '../studio/records';
import { taskStylesSchema } from '../studio/presets';
import { MAX_PRESS_TASKS } from '../studio/press';
import { isSubmissionKey } from '../studio/submission-key';
import { because } from '../validation';

export { familyIdSchema } from '../catalog/family-ids';
export { gatewayErrorInfoSchema } from '../gateway/normalized';
export {
  libraryItemSchema,
  libraryKindSchema,
  libraryQuerySchema,
  libraryTagCountSchema,
  libraryTagSchema,
  libraryTagsSchema,
  taskRecordSchema,
  taskStateSchema,
} from '../studio/records';

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

export const libraryTagsInputSchema = z
  .strictObject({
    /** Tags starting with this text (case-insensitive); all tags without it. */
    prefix: z.string().max(64).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .optional();

export const libraryPageSchema = libraryPageSchemaOf(bridgeLibraryItemSchema);

// [EP-GRID-1] grid upscale's body has no model field: its request carries '' (as the catalog's empty variant
// list says); every other family needs the model id it will send.
const modelMatchesFamily = (r: { family: FamilyId; model: string }): boolean =>
  FAMILIES[r.family].variants.length > 0 === (r.model !== '');
const modelRule = {
  path: ['model'],
  params: because('modelForFamily'),
};

export const submissionRequestSchema = z
  .strictObject(submissionRequestShape)
  .refine(modelMatchesFamily, modelRule);

/**
 * The caller's key for one press (shared/studio/submission-key.ts): a repeat with the same key answers with
 * the task the first made, never a second one.
 */
export const submissionKeySchema = z.string().refine(isSubmissionKey, { params: because('submissionKey') });

/**
 * tasks.submit: a submission, whether the user confirmed its estimate (asked above their confirmation
 * threshold, electron/core/spending; the main process refuses an unconfirmed one above it), and its key.
 */
export const submitTaskInputSchema = z
  .strictObject({
    ...submissionRequestShape,
    confirmed: z.boolean().optional(),
    key: submissionKeySchema.optional(),
    /** The prompt as typed and the styles on, kept with the task in the transaction of its row. */
    styles: taskStylesSchema.optional(),
  })
  .refine(modelMatchesFamily, modelRule);

/** Per request of a press, in order: the prompt as typed and the styles on (null: none), kept with its row. */
export const pressStylesSchema = z.array(taskStylesSchema.nullable()).max(MAX_PRESS_TASKS);

/** A press's styles name each of its requests, no more and no fewer (a batch's, the queue's). */
export const stylesFitRequests = (input: { requests: unknown[]; styles?: unknown[] | undefined }) =>
  input.styles === undefined || input.styles.length === input.requests.length;
export const stylesRule = { params: because('stylesPerRequest'), path: ['styles'] };

/** tasks.submitBatch: several prompts × n at one press; the limits apply to the total (electron/core/spending). */
export const submitBatchInputSchema = z
  .strictObject({
    requests: z.array(submissionRequestSchema).min(1).max(MAX_PRESS_TASKS),
    confirmed: z.boolean().optional(),
    // Room for "-<position>" in each task's own key.
    key: submissionKeySchema.max(120).optional(),
    /** One prompt sent to several models ("Also run on…"): the batch opens as a group in the compare view. */
    compare: z.boolean().optional(),
    styles: pressStylesSchema.optional(),
  })
  .refine(stylesFitRequests, stylesRule);

export const batchResultSchema = z.object({ batchId: z.string(), tasks: z.array(taskRecordSchema) });

export const studioEventSchema = studioEventSchemaOf(bridgeLibraryItemSchema);
/** StudioEvent as it crosses the bridge: library items carry their relative paths. */
export type BridgeEvent = z.infer<typeof studioEventSchema>;
