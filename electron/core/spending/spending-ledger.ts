// What was spent in a window: what the gateway charged for each task sent in it ([TASK-8] cost, [TASK-9]
// credits_cost), and for tasks it has not charged yet (still running, or no cost reported) the price book's
// estimate. A failed task is not charged ([STATE-7]); one refused before it reached the gateway has no row.
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { CostEstimate } from '../../../shared/studio/estimates';
import type { MoneyUnit } from '../../../shared/studio/spending';
import type { DatabaseSync } from '../db/database';
import type { TaskConfiguration } from '../tasks/task-history';

/** What the ledger needs of the price book of the gateway in use. */
export interface SpendingPrices {
  estimate(task: TaskConfiguration): CostEstimate;
  /** USD as this gateway's credits; null when its rate is not known yet. */
  creditsFor(usd: number): number | null;
}

export interface Spent {
  charged: number;
  estimated: number;
}

/** States in which a task without a reported cost may still be (or have been) charged. */
const MAY_BE_CHARGED = new Set([
  'submitting',
  'submitted',
  'pending',
  'processing',
  'completed',
  'interrupted',
  'stopped',
]);

interface Row {
  family: FamilyId;
  model: string;
  params: string;
  state: string;
  cost: number | null;
  credits_cost: number | null;
}

/** One task's amount in `unit`, or null when it cannot be said in that unit. */
function inUnit(
  usd: number | null,
  credits: number | null,
  unit: MoneyUnit,
  prices: SpendingPrices | null,
): number | null {
  if (unit === 'usd') return usd;
  if (credits !== null) return credits;
  return usd === null ? null : (prices?.creditsFor(usd) ?? null);
}

export function estimateIn(
  estimate: CostEstimate,
  unit: MoneyUnit,
  prices: SpendingPrices | null,
): number | null {
  return inUnit(estimate.usd, estimate.credits, unit, prices);
}

/** Tasks created in [start, end): charged amounts, and estimates for what is not charged yet. */
export function spentBetween(
  db: DatabaseSync,
  window: { start: number; end: number },
  unit: MoneyUnit,
  prices: SpendingPrices | null,
): Spent {
  const rows = db
    .prepare(
      `SELECT family, model, params, state, cost, credits_cost FROM tasks
       WHERE created_at >= ? AND created_at < ?`,
    )
    .all(window.start, window.end) as unknown as Row[];
  let charged = 0;
  let estimated = 0;
  for (const row of rows) {
    const known = inUnit(row.cost, row.credits_cost, unit, prices);
    if (known !== null) {
      charged += known;
      continue;
    }
    if (!MAY_BE_CHARGED.has(row.state) || !prices) continue;
    const params = JSON.parse(row.params) as Record<string, unknown>;
    const estimate = prices.estimate({ family: row.family, model: row.model, params });
    estimated += estimateIn(estimate, unit, prices) ?? 0;
  }
  return { charged, estimated };
}
