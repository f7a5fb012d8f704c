// What the app knows about a generation's price and duration before it is sent, learned from what the
// gateway charged before (electron/core/pricing). Carried by the bridge and shown on the Generate button.
// The zod schemas are the records; their types are inferred, so there is nothing to keep equal.
import { z } from 'zod';

/**
 * Where an estimate comes from: completed runs, the account's usage history (per-request average), the starting
 * price table (nothing charged here yet), or nothing.
 */
export const estimateBasisSchema = z.enum(['runs', 'usage', 'table', 'none']);
export type EstimateBasis = z.infer<typeof estimateBasisSchema>;

export const costEstimateSchema = z.object({
  /** USD; null when this model has no history yet. */
  usd: z.number().nullable(),
  /** Credits at the rate the gateway reported on earlier tasks ([TASK-9]); null when unknown. */
  credits: z.number().nullable(),
  basis: estimateBasisSchema,
  /** Completed runs of this model (or billed requests in the usage history) the estimate stands on. */
  observations: z.number().int().nonnegative(),
  /** Settings found to change the price, e.g. ['resolution', 'n']. */
  dependsOn: z.array(z.string()),
  /** Expected run time in seconds, learned from actual_time ([TASK-6]); null when unknown. */
  seconds: z.number().nullable(),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;

export const batchEstimateSchema = z.object({
  items: z.array(costEstimateSchema),
  /** Sum over items; null when no item has an estimate. */
  totalUsd: z.number().nullable(),
  totalCredits: z.number().nullable(),
  /** Items without an estimate (their cost is not in the total). */
  unknown: z.number().int().nonnegative(),
});
export type BatchEstimate = z.infer<typeof batchEstimateSchema>;

export const NO_ESTIMATE: CostEstimate = {
  usd: null,
  credits: null,
  basis: 'none',
  observations: 0,
  dependsOn: [],
  seconds: null,
};
