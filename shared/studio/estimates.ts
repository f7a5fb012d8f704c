// What the app knows about a generation's price and duration before it is sent, learned from what the
// gateway charged before (electron/core/pricing). Carried by the bridge and shown on the Generate button.

/** Where an estimate comes from: completed runs, the account's usage history (per-request average), or nothing. */
export type EstimateBasis = 'runs' | 'usage' | 'none';

export interface CostEstimate {
  /** USD; null when this model has no history yet. */
  usd: number | null;
  /** Credits at the rate the gateway reported on earlier tasks ([TASK-9]); null when unknown. */
  credits: number | null;
  basis: EstimateBasis;
  /** Completed runs of this model (or billed requests in the usage history) the estimate stands on. */
  observations: number;
  /** Settings found to change the price, e.g. ['resolution', 'n']. */
  dependsOn: string[];
  /** Expected run time in seconds, learned from actual_time ([TASK-6]); null when unknown. */
  seconds: number | null;
}

export interface BatchEstimate {
  items: CostEstimate[];
  /** Sum over items; null when no item has an estimate. */
  totalUsd: number | null;
  totalCredits: number | null;
  /** Items without an estimate (their cost is not in the total). */
  unknown: number;
}

export const NO_ESTIMATE: CostEstimate = {
  usd: null,
  credits: null,
  basis: 'none',
  observations: 0,
  dependsOn: [],
  seconds: null,
};
