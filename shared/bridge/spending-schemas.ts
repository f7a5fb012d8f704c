// spending.*: the user's limits (confirmation threshold, daily and monthly budgets, their time zone), what was
// spent today and this month, and a press of Generate measured against the limits. The records are zod schemas
// in shared/studio/spending.ts (types inferred); this file adds the bridge's own shapes.
import { z } from 'zod';
import { spendingLimitsSchema } from '../studio/spending';
import { estimateInputSchema } from './estimate-schemas';

export {
  moneyUnitSchema,
  spendCheckSchema,
  spendingLimitsSchema,
  spendingSummarySchema,
} from '../studio/spending';

export const spendingLimitsViewSchema = z.object({
  limits: spendingLimitsSchema,
  /** The zone a null timeZone stands for: the main process's. */
  systemTimeZone: z.string(),
});

/** The same requests the estimate takes: what one press of Generate sends. */
export const spendCheckInputSchema = estimateInputSchema;
