// The queue's procedures as they cross the bridge (shared/studio/queue.ts holds the records). A queue press is
// like a batch press: one key, the spending limits asked for its total; its items are sent later, in order.
import { z } from 'zod';
import { MAX_QUEUE_ITEMS, MAX_QUEUE_PARALLEL, queueMoveSchema } from '../studio/queue';
import { MAX_PRESS_TASKS } from '../studio/press';
import {
  pressStylesSchema,
  stylesFitRequests,
  stylesRule,
  submissionKeySchema,
  submissionRequestSchema,
} from './record-schemas';

const itemId = z.string().min(1).max(200);

/** queue.add: one press of "Queue" (one request, or a batch's prompts × n). */
export const queueAddInputSchema = z
  .strictObject({
    requests: z.array(submissionRequestSchema).min(1).max(MAX_PRESS_TASKS),
    confirmed: z.boolean().optional(),
    // Room for "-<position>" in each item's task key.
    key: submissionKeySchema.max(120).optional(),
    /** The batch the items make, when the press was a batch (written on each task as a sent batch would be). */
    batch: z.boolean().optional(),
    /** Per item: the prompt as typed and the styles on, kept with its task when it is sent. */
    styles: pressStylesSchema.optional(),
  })
  .refine(stylesFitRequests, stylesRule);

export const queueAddResultSchema = z.object({ ids: z.array(z.string()) });

export const queueMoveInputSchema = z.strictObject({ id: itemId, to: queueMoveSchema });

export const queueCancelInputSchema = z.strictObject({
  ids: z.array(itemId).min(1).max(MAX_QUEUE_ITEMS),
  /** The person confirmed that items already at the gateway may still be charged: stop tracking them. */
  atGateway: z.boolean().optional(),
});

export const queueIdInputSchema = z.strictObject({ id: itemId });

/** Nothing is sent before `at` (ms since the epoch); null sends at once. */
export const queueScheduleInputSchema = z.strictObject({ at: z.number().int().min(0).nullable() });

export const queueParallelInputSchema = z.strictObject({
  parallel: z.number().int().min(1).max(MAX_QUEUE_PARALLEL),
});
