// press.send: one press of Generate (or of Queue) as the person made it, whole. The core plans it (one task per
// prompt line, the tasks-per-press limit, the styles, "Also run on…"), asks the limits and sends it in one step
// (electron/core/press/press.ts), so no caller can send part of a press or leave its styles behind.
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';
import { taskStylesSchema } from '../studio/presets';
import { MAX_PRESS_TASKS, MAX_TAKES, type PressIntent } from '../studio/press';
import type { Assert, Equals } from './type-equals';
import { submissionKeySchema, submissionRequestSchema, taskRecordSchema } from './record-schemas';

const modelChoiceSchema = z.strictObject({
  family: familyIdSchema,
  variant: z.string().min(1).max(100),
  model: z.string().max(200),
  several: z.boolean(),
});

export const pressIntentSchema = z.strictObject({
  request: submissionRequestSchema,
  styles: taskStylesSchema.shape.styles,
  batch: z.strictObject({ on: z.boolean(), takes: z.number().int().min(1).max(MAX_TAKES) }),
  fanOut: z.array(modelChoiceSchema).max(MAX_PRESS_TASKS),
  toQueue: z.boolean(),
  editOf: z.string().min(1).max(200).nullable(),
});

// The intent the bridge parses is the one the core plans: a field added to one and not the other fails here.
export type IntentMatches = Assert<Equals<z.infer<typeof pressIntentSchema>, PressIntent>>;

export const pressSendInputSchema = z.strictObject({
  intent: pressIntentSchema,
  /** The person saw the estimate and said send it (asked above the confirmation threshold). */
  confirmed: z.boolean(),
  /** One key per press: a repeat of it answers with what the first sent. Room for "-<position>" per task. */
  key: submissionKeySchema.max(120),
});

/** How a press was answered: waiting in the queue, one task, or a batch or compare group. */
export const pressAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('queued'), ids: z.array(z.string()) }),
  z.object({ kind: z.literal('task'), task: taskRecordSchema }),
  z.object({
    kind: z.literal('batch'),
    mode: z.enum(['batch', 'compare']),
    batchId: z.string(),
    size: z.number().int(),
    tasks: z.array(taskRecordSchema),
  }),
]);
export type PressAnswer = z.infer<typeof pressAnswerSchema>;
