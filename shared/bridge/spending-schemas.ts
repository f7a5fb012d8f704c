// spending.*: the user's limits (confirmation threshold, daily and monthly budgets, their time zone), what was
// spent today and this month, and a press of Generate measured against the limits (shared/studio/spending.ts).
import { z } from 'zod';
import type {
  BudgetRefusal,
  SpendCheck,
  SpendingLimits,
  SpendingSummary,
  SpendingWindow,
} from '../studio/spending';
import { isTimeZone } from '../studio/time-zones';
import { estimateInputSchema } from './estimate-schemas';
import type { Assert, Equals } from './type-equals';
import { because } from '../validation';

/** An amount a user may type: above zero, and below anything a gateway balance could hold. */
const amount = z
  .number()
  .max(1e9)
  .refine((n) => n > 0, { params: because('amountAboveZero') })
  .nullable();

export const moneyUnitSchema = z.enum(['usd', 'credits']);

export const spendingLimitsSchema = z.strictObject({
  unit: moneyUnitSchema,
  confirmAbove: amount,
  daily: amount,
  monthly: amount,
  timeZone: z
    .string()
    .max(100)
    .refine(isTimeZone, { params: because('timeZone') })
    .nullable(),
  unknownPrice: amount.optional(),
});

const spendingWindowSchema = z.object({
  period: z.enum(['day', 'month']),
  start: z.number(),
  resetsAt: z.number(),
  charged: z.number(),
  estimated: z.number(),
  spent: z.number(),
  unpriced: z.number().int().nonnegative(),
  limit: z.number().nullable(),
});

export const spendingSummarySchema = z.object({
  unit: moneyUnitSchema,
  timeZone: z.string(),
  day: spendingWindowSchema,
  month: spendingWindowSchema,
});

export const spendingLimitsViewSchema = z.object({
  limits: spendingLimitsSchema,
  /** The zone a null timeZone stands for: the main process's. */
  systemTimeZone: z.string(),
});

const budgetRefusalSchema = z.object({
  window: spendingWindowSchema,
  needed: z.number().nullable(),
  unpriced: z.enum(['running', 'several']).nullable(),
});

export const spendCheckSchema = z.object({
  unit: moneyUnitSchema,
  timeZone: z.string(),
  estimate: z.number().nullable(),
  unknown: z.number().int().nonnegative(),
  unpricedModels: z.array(z.string()),
  confirmAbove: z.number().nullable(),
  needsConfirmation: z.boolean(),
  refusal: budgetRefusalSchema.nullable(),
});

/** The same requests the estimate takes: what one press of Generate sends. */
export const spendCheckInputSchema = estimateInputSchema;

// If one of these fails to compile, a record in shared/studio/spending.ts changed: update the schema above.
export type _SpendingChecks = [
  Assert<Equals<z.infer<typeof spendingLimitsSchema>, SpendingLimits>>,
  Assert<Equals<z.infer<typeof spendingWindowSchema>, SpendingWindow>>,
  Assert<Equals<z.infer<typeof spendingSummarySchema>, SpendingSummary>>,
  Assert<Equals<z.infer<typeof budgetRefusalSchema>, BudgetRefusal>>,
  Assert<Equals<z.infer<typeof spendCheckSchema>, SpendCheck>>,
];
