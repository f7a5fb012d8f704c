// What was spent in a window on one gateway: what it charged for each task sent in it ([TASK-8] cost, [TASK-9]
// credits_cost), and for tasks it has not charged yet (still running, or no cost reported) the price book's
// estimate; what each speech take cost once the usage report said so. A failed task is not charged
// ([STATE-7]); one refused before it reached the gateway has no row. Another gateway's spending (the demo's,
// a second account's) never counts.
import type { CostEstimate } from '../../../shared/studio/estimates';
import type { MoneyUnit } from '../../../shared/studio/spending';
import { NEVER_SENT_CODE } from '../../../shared/studio/records';
import type { DatabaseSync } from '../db/database';
import type { TaskConfiguration } from '../tasks/task-history';
import { taskCostsBetween } from '../tasks/task-costs';

/** What the ledger needs of the price book of the gateway in use. */
export interface SpendingPrices {
  /** The gateway these prices are for (normalised): the one whose spending counts. */
  readonly gatewayKey: string;
  estimate(task: TaskConfiguration): CostEstimate;
  /** USD as this gateway's credits; null when its rate is not known yet. */
  creditsFor(usd: number): number | null;
}

export interface Spent {
  charged: number;
  estimated: number;
  /** Tasks in flight that nothing prices (no estimate, no price to assume): their cost is not in the sums. */
  unpriced: number;
}

/** States of a task sent (or being sent) whose cost the gateway has not said yet. */
const IN_FLIGHT = new Set(['submitting', 'submitted', 'pending', 'processing']);

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

/**
 * A speech take about to be asked of this gateway at `at`, written (under an id of its own until its clip is
 * filed) before the request leaves: it counts at its estimate until the usage report says what it cost.
 */
export function openSpeechCharge(
  db: DatabaseSync,
  take: { id: string; gatewayKey: string; at: number; model: string; params: Record<string, unknown> },
): void {
  db.prepare(
    'INSERT INTO speech_charges (item_id, gateway, charged_at, model, params) VALUES (?, ?, ?, ?, ?)',
  ).run(take.id, take.gatewayKey, take.at, take.model, JSON.stringify(take.params));
}

/** The take's clip is filed: its charge is known by the clip's item from now on. */
export function bindSpeechCharge(db: DatabaseSync, id: string, itemId: string): void {
  db.prepare('UPDATE speech_charges SET item_id = ? WHERE item_id = ?').run(itemId, id);
}

/** The gateway refused the take (or asked to wait): nothing was charged, so it no longer counts. */
export function dropSpeechCharge(db: DatabaseSync, id: string): void {
  db.prepare('DELETE FROM speech_charges WHERE item_id = ?').run(id);
}

/** What the usage report said a speech take cost ([EP-USAGE-1]): from now on it counts in budgets. */
export function settleSpeechCharge(
  db: DatabaseSync,
  itemId: string,
  cost: number,
  creditsCost: number | null,
): void {
  db.prepare('UPDATE speech_charges SET cost = ?, credits_cost = ? WHERE item_id = ?').run(
    cost,
    creditsCost,
    itemId,
  );
}

/**
 * Tasks created and speech asked in [start, end) on the prices' gateway: charged amounts, and estimates for
 * tasks not charged yet, counted from the moment their row is written (before they are sent). A task the price
 * book cannot estimate counts at `unknownPrice` (the user's price to assume) when there is one, and is never
 * taken for free: without one, those still in flight are counted as `unpriced`. With no gateway set up nothing
 * is spent anywhere.
 */
export function spentBetween(
  db: DatabaseSync,
  window: { start: number; end: number },
  unit: MoneyUnit,
  prices: SpendingPrices | null,
  unknownPrice: number | null = null,
): Spent {
  if (!prices) return { charged: 0, estimated: 0, unpriced: 0 };
  const gateway = prices.gatewayKey;
  const rows = taskCostsBetween(db, gateway, window);
  const speech = db
    .prepare(
      `SELECT cost, credits_cost, model, params FROM speech_charges
       WHERE gateway = ? AND charged_at >= ? AND charged_at < ? AND (cost IS NOT NULL OR model IS NOT NULL)`,
    )
    .all(gateway, window.start, window.end) as unknown as {
    cost: number | null;
    credits_cost: number | null;
    model: string | null;
    params: string | null;
  }[];
  let charged = 0;
  let estimated = 0;
  let unpriced = 0;
  for (const take of speech) {
    if (take.cost !== null) {
      charged += inUnit(take.cost, take.credits_cost, unit, prices) ?? 0;
      continue;
    }
    // Asked and not settled yet (or never settled): its estimate, as for a task in flight.
    const params = JSON.parse(take.params ?? '{}') as Record<string, unknown>;
    const estimate = estimateIn(
      prices.estimate({ family: 'speech', model: take.model ?? '', params }),
      unit,
      prices,
    );
    estimated += estimate ?? unknownPrice ?? 0;
  }
  for (const row of rows) {
    const known = inUnit(row.cost, row.credits_cost, unit, prices);
    if (known !== null) {
      charged += known;
      continue;
    }
    if (!MAY_BE_CHARGED.has(row.state)) continue;
    // Held at a start because it never left: nothing was charged, and sending it is admitted afresh.
    if (row.state === 'interrupted' && row.error_code === NEVER_SENT_CODE) continue;
    const params = JSON.parse(row.params) as Record<string, unknown>;
    const estimate = estimateIn(
      prices.estimate({ family: row.family, model: row.model, params }),
      unit,
      prices,
    );
    if (estimate !== null) estimated += estimate;
    else if (unknownPrice !== null) estimated += unknownPrice;
    else if (IN_FLIGHT.has(row.state)) unpriced++;
  }
  return { charged, estimated, unpriced };
}
