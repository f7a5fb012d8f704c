// Limits a user sets on spending, and what the studio found when it measured a press of Generate against them
// (electron/core/spending). Amounts are in the limits' unit: USD, or the gateway's credits ([TBAL-8]). The zod
// schemas are the records (the bridge carries them as they are); their types are inferred.
import { z } from 'zod';
import { because } from '../validation';
import { isTimeZone } from './time-zones';

/**
 * How a confirmation question ends wherever nothing else says how to answer it. Where an answer has its own
 * name (the queue's Resume button, the CLI's --yes), the facts are told without it and that name is said.
 */
export const CONFIRM_ASK = 'Confirm it to send it.';

/** A confirmation question's facts, without the closing ask. */
export function withoutConfirmAsk(sentence: string): string {
  return sentence.endsWith(CONFIRM_ASK) ? sentence.slice(0, -CONFIRM_ASK.length).trimEnd() : sentence;
}

export const moneyUnitSchema = z.enum(['usd', 'credits']);
export type MoneyUnit = z.infer<typeof moneyUnitSchema>;

export const spendingPeriodSchema = z.enum(['day', 'month']);
export type SpendingPeriod = z.infer<typeof spendingPeriodSchema>;

/** An amount a user may type: above zero, and below anything a gateway balance could hold. */
const amount = z
  .number()
  .max(1e9)
  .refine((n) => n > 0, { params: because('amountAboveZero') })
  .nullable();

export const spendingLimitsSchema = z.strictObject({
  unit: moneyUnitSchema,
  /** Ask first when one press of Generate is estimated above this; null: never ask. */
  confirmAbove: amount,
  /** Refuse what would take the day's or the month's spending past these; null: no limit. */
  daily: amount,
  monthly: amount,
  /** The IANA zone whose midnight starts a day and whose first of the month starts a month; null: the system's. */
  timeZone: z
    .string()
    .max(100)
    .refine(isTimeZone, { params: because('timeZone') })
    .nullable(),
  /**
   * The price to assume for one task of a model with no estimate yet, until its cost is known; null (or absent):
   * none, so with a budget such tasks go one at a time, asked first, and nothing else is sent while one runs.
   */
  unknownPrice: amount.optional(),
});
export type SpendingLimits = z.infer<typeof spendingLimitsSchema>;

/** One budget window (today, this month) in the limits' zone. */
export const spendingWindowSchema = z.object({
  period: spendingPeriodSchema,
  /** ms since the epoch: local midnight (of the first of the month) in the zone. */
  start: z.number(),
  /** When the next window starts, which is when a budget on this one resets. */
  resetsAt: z.number(),
  /** What the gateway charged for tasks sent in the window ([TASK-8], [TASK-9]). */
  charged: z.number(),
  /** Estimates for the window's tasks the gateway has not charged yet (still running, or no cost reported). */
  estimated: z.number(),
  /** charged + estimated */
  spent: z.number(),
  /**
   * The window's tasks not charged yet whose price nothing tells (no estimate, no price to assume): what they
   * will cost is not in `spent`, so while any is in flight a budget on this window cannot be checked.
   */
  unpriced: z.number().int().nonnegative(),
  /** The budget on this window; null when none is set. */
  limit: z.number().nullable(),
});
export type SpendingWindow = z.infer<typeof spendingWindowSchema>;

export const spendingSummarySchema = z.object({
  unit: moneyUnitSchema,
  /** The zone the windows follow (the system's when the limits name none). */
  timeZone: z.string(),
  day: spendingWindowSchema,
  month: spendingWindowSchema,
});
export type SpendingSummary = z.infer<typeof spendingSummarySchema>;

/**
 * Why a press of Generate is refused: it would take a window's spending past its budget; or a price is not known
 * where the budget needs one: a task with no estimate yet is still running ('running'), or the press holds several
 * tasks with no estimate ('several': one goes first, and its cost teaches the price).
 */
export const budgetRefusalSchema = z.object({
  window: spendingWindowSchema,
  /** What this press would probably add; null when nothing is known about its price yet. */
  needed: z.number().nullable(),
  unpriced: z.enum(['running', 'several']).nullable(),
});
export type BudgetRefusal = z.infer<typeof budgetRefusalSchema>;

/** A press of Generate measured against the limits before anything is sent. */
export const spendCheckSchema = z.object({
  unit: moneyUnitSchema,
  timeZone: z.string(),
  /** What the press will probably cost in the limits' unit; null when no request has an estimate. */
  estimate: z.number().nullable(),
  /** Requests whose price is not known yet (not in `estimate`). */
  unknown: z.number().int().nonnegative(),
  /** The models of those requests: "no estimate yet for this model" names them. */
  unpricedModels: z.array(z.string()),
  confirmAbove: z.number().nullable(),
  /** The estimate is above the confirmation threshold: ask before sending. */
  needsConfirmation: z.boolean(),
  /** Set when a budget refuses the press. */
  refusal: budgetRefusalSchema.nullable(),
});
export type SpendCheck = z.infer<typeof spendCheckSchema>;

/**
 * Why the limits stopped a send, as facts rather than words: a budget refused it ('budget'), or it asks to be
 * confirmed first ('confirm'), with the measure that said so (which limit, what was spent, the amounts). Each
 * screen words it in the person's language; its English sentence goes with it for the CLI.
 */
export const spendStopSchema = z.object({ kind: z.enum(['budget', 'confirm']), check: spendCheckSchema });
export type SpendStop = z.infer<typeof spendStopSchema>;

export const NO_LIMITS: SpendingLimits = {
  unit: 'usd',
  confirmAbove: null,
  daily: null,
  monthly: null,
  timeZone: null,
};
