// Limits a user sets on spending, and what the studio found when it measured a press of Generate against them
// (electron/core/spending). Amounts are in the limits' unit: USD, or the gateway's credits ([TBAL-8]).

export type MoneyUnit = 'usd' | 'credits';

export type SpendingPeriod = 'day' | 'month';

export interface SpendingLimits {
  unit: MoneyUnit;
  /** Ask first when one press of Generate is estimated above this; null: never ask. */
  confirmAbove: number | null;
  /** Refuse what would take the day's or the month's spending past these; null: no limit. */
  daily: number | null;
  monthly: number | null;
  /** The IANA zone whose midnight starts a day and whose first of the month starts a month; null: the system's. */
  timeZone: string | null;
  /**
   * The price to assume for one task of a model with no estimate yet, until its cost is known; null (or absent):
   * none, so with a budget such tasks go one at a time, asked first, and nothing else is sent while one runs.
   */
  unknownPrice?: number | null;
}

export const NO_LIMITS: SpendingLimits = {
  unit: 'usd',
  confirmAbove: null,
  daily: null,
  monthly: null,
  timeZone: null,
};

/** One budget window (today, this month) in the limits' zone. */
export interface SpendingWindow {
  period: SpendingPeriod;
  /** ms since the epoch: local midnight (of the first of the month) in the zone. */
  start: number;
  /** When the next window starts, which is when a budget on this one resets. */
  resetsAt: number;
  /** What the gateway charged for tasks sent in the window ([TASK-8], [TASK-9]). */
  charged: number;
  /** Estimates for the window's tasks the gateway has not charged yet (still running, or no cost reported). */
  estimated: number;
  /** charged + estimated */
  spent: number;
  /**
   * The window's tasks not charged yet whose price nothing tells (no estimate, no price to assume): what they
   * will cost is not in `spent`, so while any is in flight a budget on this window cannot be checked.
   */
  unpriced: number;
  /** The budget on this window; null when none is set. */
  limit: number | null;
}

export interface SpendingSummary {
  unit: MoneyUnit;
  /** The zone the windows follow (the system's when the limits name none). */
  timeZone: string;
  day: SpendingWindow;
  month: SpendingWindow;
}

/**
 * Why a press of Generate is refused: it would take a window's spending past its budget; or a price is not known
 * where the budget needs one: a task with no estimate yet is still running ('running'), or the press holds several
 * tasks with no estimate ('several': one goes first, and its cost teaches the price).
 */
export interface BudgetRefusal {
  window: SpendingWindow;
  /** What this press would probably add; null when nothing is known about its price yet. */
  needed: number | null;
  unpriced: 'running' | 'several' | null;
}

/** A press of Generate measured against the limits before anything is sent. */
export interface SpendCheck {
  unit: MoneyUnit;
  timeZone: string;
  /** What the press will probably cost in the limits' unit; null when no request has an estimate. */
  estimate: number | null;
  /** Requests whose price is not known yet (not in `estimate`). */
  unknown: number;
  /** The models of those requests: "no estimate yet for this model" names them. */
  unpricedModels: string[];
  confirmAbove: number | null;
  /** The estimate is above the confirmation threshold: ask before sending. */
  needsConfirmation: boolean;
  /** Set when a budget refuses the press. */
  refusal: BudgetRefusal | null;
}
