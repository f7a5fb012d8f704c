// The submission queue as the core keeps it and the bridge carries it: submissions not sent yet, held in the
// database until their turn (docs/engine.md, "The queue"). A held item has cost nothing; that is the point of it.
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';
import { gatewayErrorInfoSchema } from '../gateway/normalized';
import { taskStateSchema } from './records';
import { spendStopSchema } from './spending';

/**
 * waiting: not sent, in line. sending: its turn came and its task row is being written or answered (after a
 * restart it is sent again under the same key, which finds the row if there is one). sent: the gateway has
 * it (or refused it); its task says the rest. failed: refused before it left (a bad reference, a refusal
 * other than a budget). cancelled: taken out of the queue.
 */
export const queueItemStateSchema = z.enum(['waiting', 'sending', 'sent', 'failed', 'cancelled']);
export type QueueItemState = z.infer<typeof queueItemStateSchema>;

/** Where an item came from: the Queue button, or the part of a batch, recipe or fan-out held back. */
export const queueOriginSchema = z.enum(['queue', 'batch', 'recipe', 'fanout']);
export type QueueOrigin = z.infer<typeof queueOriginSchema>;

/** What an item has cost: never sent is never charged; one stopped at the gateway may still be. */
export const queueChargeSchema = z.enum(['not-charged', 'may-be-charged', 'charged']);
export type QueueCharge = z.infer<typeof queueChargeSchema>;

/** A recipe's step as the queue keeps it: the run it belongs to, which step, of how many. */
export const queueRecipeStepSchema = z.object({
  run: z.string(),
  name: z.string(),
  step: z.number().int().min(1),
  steps: z.number().int().min(1),
});
export type QueueRecipeStep = z.infer<typeof queueRecipeStepSchema>;

export const queueItemSchema = z.object({
  id: z.string(),
  /** 1 for the next to go; null once the item is no longer waiting. */
  position: z.number().int().min(1).nullable(),
  state: queueItemStateSchema,
  origin: queueOriginSchema,
  /** The press the item came with (a batch's, a fan-out's): items of one press share it. */
  group: z.string().nullable(),
  family: familyIdSchema,
  model: z.string(),
  /** The prompt, when the family has one: what a person recognises an item by. */
  prompt: z.string().nullable(),
  /** The recipe step it is: a recipe puts each step in the queue once the one before is saved. */
  recipe: queueRecipeStepSchema.nullable(),
  createdAt: z.number(),
  /** The task it became, once its turn came. */
  taskId: z.string().nullable(),
  taskState: taskStateSchema.nullable(),
  error: gatewayErrorInfoSchema.nullable(),
  charge: queueChargeSchema.nullable(),
  /** This item's own estimate (USD, seconds); null when nothing is known. */
  estimateUsd: z.number().nullable(),
  estimateSeconds: z.number().nullable(),
  /** What is ahead of it: the waiting items before it and the queue's tasks still running. */
  aheadUsd: z.number().nullable(),
  aheadSeconds: z.number().nullable(),
  /** Items ahead whose price or duration nothing tells (their share is not in the sums above). */
  aheadUnknown: z.number().int().min(0),
  /** When it should be sent, on the studio's clock; null while the queue is paused or a duration is unknown. */
  expectedStartAt: z.number().nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** Where an item stands when nothing tells: no sums ahead, no expected start. */
export const UNKNOWN_QUEUE_PLACE = {
  aheadUsd: null,
  aheadSeconds: null,
  aheadUnknown: 0,
  expectedStartAt: null,
} as const satisfies Partial<QueueItem>;

/** An item with no estimate of its own or of what is ahead: one not waiting (being sent, sent, failed). */
export const UNESTIMATED_QUEUE_ITEM = {
  estimateUsd: null,
  estimateSeconds: null,
  ...UNKNOWN_QUEUE_PLACE,
} as const satisfies Partial<QueueItem>;

export const queueViewSchema = z.object({
  paused: z.boolean(),
  /** Why the queue paused itself (a budget reached, a confirmation needed); null when a person paused it. */
  pausedReason: z.string().nullable(),
  /** The facts pausedReason was worded from (the limits paused it), for words in the person's language. */
  pausedFor: spendStopSchema.nullable(),
  /**
   * Paused by a confirmation question (pausedReason then holds its facts): resuming the queue is the answer, and
   * sends the item that asked.
   */
  pausedToConfirm: z.boolean(),
  /** Nothing is sent before this time (a schedule, "start at 02:00"); null for at once. */
  startAt: z.number().nullable(),
  /** How many of the queue's tasks may run at the gateway at once. */
  parallel: z.number().int().min(1),
  items: z.array(queueItemSchema),
});
export type QueueView = z.infer<typeof queueViewSchema>;

/** Where an item goes: to the front, to the back, or just before another waiting item (a drag). */
export const queueMoveSchema = z.union([
  z.enum(['front', 'back']),
  z.strictObject({ before: z.string().min(1).max(200) }),
]);
export type QueueMove = z.infer<typeof queueMoveSchema>;

export const queueCancelResultSchema = z.object({
  /** Taken out: never sent, so not charged (or, when confirmed, stopped at the gateway). */
  cancelled: z.array(z.string()),
  /** Already at the gateway and not cancelled: the gateway may still charge them; confirm to stop tracking. */
  atGateway: z.array(z.string()),
});
export type QueueCancelResult = z.infer<typeof queueCancelResultSchema>;

/** At most this many items wait at once: the estimate, the list and the spending check stay quick. */
export const MAX_QUEUE_ITEMS = 1000;
export const MAX_QUEUE_PARALLEL = 8;
