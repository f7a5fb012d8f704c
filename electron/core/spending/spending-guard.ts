// Money before it leaves: the confirmation threshold and the daily and monthly budgets, checked in the main
// process for every submission (the app's, web mode's and the CLI's alike) before its task row is written.
// Above the threshold a submission must come confirmed; one that would take today's or this month's spending
// past a budget is refused with a sentence saying what was spent and when the budget resets.
import { SpendStopped } from '../../../shared/studio/spend-stopped';
import { spendingLimitsSchema } from '../../../shared/bridge/spending-schemas';
import { moneyText } from '../../../shared/studio/money-text';
import { CONFIRM_ASK, NO_LIMITS } from '../../../shared/studio/spending';
import type {
  BudgetRefusal,
  MoneyUnit,
  SpendCheck,
  SpendingLimits,
  SpendingPeriod,
  SpendingSummary,
  SpendingWindow,
} from '../../../shared/studio/spending';
import { systemClock } from '../clock';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db/database';
import type { TaskConfiguration } from '../tasks/task-history';
import { estimateIn, spentBetween } from './spending-ledger';
import { stampTaskGateway } from '../tasks/task-costs';
import type { SpendingPrices } from './spending-ledger';
import { systemTimeZone } from '../../../shared/studio/time-zones';
import { windowAt } from './spending-windows';

export interface SpendingGuardOptions {
  db: DatabaseSync;
  clock?: Clock;
  /** The price book of the gateway in use; null when none is set up (nothing is estimated then). */
  prices: () => SpendingPrices | null;
  /** The zone a limit without one follows; the process's by default. */
  systemZone?: () => string;
}

export interface AdmitOptions {
  /** The user saw the estimate and said send it (the app's dialog, the CLI's --yes). */
  confirmed?: boolean;
  /** Send even past a budget (the CLI's --over-budget); the app never sets it. */
  overBudget?: boolean;
}

interface LimitsRow {
  unit: string;
  confirm_above: number | null;
  daily: number | null;
  monthly: number | null;
  time_zone: string | null;
  unknown_price: number | null;
}

const PERIOD_WORDS: Record<SpendingPeriod, { budget: string; spent: string }> = {
  day: { budget: 'daily', spent: 'today' },
  month: { budget: 'monthly', spent: 'this month' },
};

export class SpendingGuard {
  readonly #db: DatabaseSync;
  readonly #clock: Clock;
  readonly #prices: () => SpendingPrices | null;
  readonly #systemZone: () => string;

  constructor(options: SpendingGuardOptions) {
    this.#db = options.db;
    this.#clock = options.clock ?? systemClock;
    this.#prices = options.prices;
    this.#systemZone = options.systemZone ?? systemTimeZone;
  }

  systemTimeZone(): string {
    return this.#systemZone();
  }

  limits(): SpendingLimits {
    const row = this.#db
      .prepare(
        'SELECT unit, confirm_above, daily, monthly, time_zone, unknown_price FROM spending_limits WHERE id = 1',
      )
      .get() as LimitsRow | undefined;
    if (!row) return { ...NO_LIMITS };
    // A row another version wrote, or a zone this system no longer knows, must not stop submissions: the
    // fields that still parse are kept.
    const parsed = spendingLimitsSchema.safeParse({
      unit: row.unit,
      confirmAbove: row.confirm_above,
      daily: row.daily,
      monthly: row.monthly,
      timeZone: row.time_zone,
      unknownPrice: row.unknown_price,
    });
    return parsed.success ? parsed.data : { ...NO_LIMITS, unit: row.unit === 'credits' ? 'credits' : 'usd' };
  }

  setLimits(input: SpendingLimits): SpendingLimits {
    const limits = spendingLimitsSchema.parse(input);
    this.#db
      .prepare(
        `INSERT INTO spending_limits (id, unit, confirm_above, daily, monthly, time_zone, unknown_price, updated_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET unit = excluded.unit, confirm_above = excluded.confirm_above,
           daily = excluded.daily, monthly = excluded.monthly, time_zone = excluded.time_zone,
           unknown_price = excluded.unknown_price, updated_at = excluded.updated_at`,
      )
      .run(
        limits.unit,
        limits.confirmAbove,
        limits.daily,
        limits.monthly,
        limits.timeZone,
        limits.unknownPrice ?? null,
        this.#clock.now(),
      );
    return this.limits();
  }

  /** What was spent today and this month, in the limits' unit and zone. */
  summary(): SpendingSummary {
    const limits = this.limits();
    const timeZone = limits.timeZone ?? this.#systemZone();
    return {
      unit: limits.unit,
      timeZone,
      day: this.#window('day', limits, timeZone),
      month: this.#window('month', limits, timeZone),
    };
  }

  /**
   * One press of Generate (one or several submissions) against the limits; nothing is written. A request the
   * price book cannot estimate is priced at the user's price to assume, or else is never taken for free: with a
   * threshold or a budget it is asked about first ("no estimate yet for this model"), and with a budget it goes
   * alone, and only while no other unpriced task is in flight (its cost, once known, teaches the price).
   */
  check(requests: readonly TaskConfiguration[]): SpendCheck {
    const limits = this.limits();
    const prices = this.#prices();
    const assumed = limits.unknownPrice ?? null;
    const amounts = requests.map((r) => {
      const estimate = prices ? estimateIn(prices.estimate(r), limits.unit, prices) : null;
      return estimate ?? (prices ? assumed : null);
    });
    const known = amounts.filter((a): a is number => a !== null);
    const estimate = known.length === 0 ? null : known.reduce((s, a) => s + a, 0);
    const unknown = amounts.length - known.length;
    const unpricedModels = [...new Set(requests.filter((_, i) => amounts[i] === null).map((r) => r.model))];
    const timeZone = limits.timeZone ?? this.#systemZone();
    const refusals = (['day', 'month'] as const)
      .map((period) => this.#window(period, limits, timeZone))
      .flatMap((w): BudgetRefusal[] => {
        if (w.limit === null) return [];
        if (w.spent >= w.limit || (estimate !== null && w.spent + estimate > w.limit)) {
          return [{ window: w, needed: estimate, unpriced: null }];
        }
        // Prices nothing tells: the budget cannot be kept by arithmetic, so one such task at a time.
        if (w.unpriced > 0) return [{ window: w, needed: estimate, unpriced: 'running' }];
        if (unknown > 1) return [{ window: w, needed: estimate, unpriced: 'several' }];
        return [];
      });
    // A budget already passed says more than a price not known; when both budgets refuse alike, the one that
    // resets last is the one the user has to wait for.
    const refusal = refusals.sort(
      (a, b) =>
        Number(a.unpriced !== null) - Number(b.unpriced !== null) || b.window.resetsAt - a.window.resetsAt,
    )[0];
    const guarded = limits.confirmAbove !== null || limits.daily !== null || limits.monthly !== null;
    return {
      unit: limits.unit,
      timeZone,
      estimate,
      unknown,
      unpricedModels,
      confirmAbove: limits.confirmAbove,
      needsConfirmation:
        (limits.confirmAbove !== null && estimate !== null && estimate > limits.confirmAbove) ||
        (guarded && unknown > 0),
      refusal: refusal ?? null,
    };
  }

  /**
   * Throws the refusal (a GatewayError the bridge and the CLI show as is, with the facts it was worded from)
   * unless the submission may go.
   */
  admit(request: TaskConfiguration, options: AdmitOptions = {}): void {
    this.admitAll([request], options);
  }

  /**
   * The same for one press that sends several (a batch): the threshold and the budgets apply to their total,
   * so six tasks of 0.04 ask first under a threshold of 0.20 although each alone would not.
   */
  admitAll(requests: readonly TaskConfiguration[], options: AdmitOptions = {}): void {
    const check = this.check(requests);
    if (check.refusal && !options.overBudget) {
      throw new SpendStopped(
        { kind: 'budget', check },
        refusalSentence(check.refusal, check.unit, check.timeZone),
      );
    }
    if (check.needsConfirmation && !options.confirmed) {
      throw new SpendStopped({ kind: 'confirm', check }, confirmationSentence(check));
    }
  }

  /**
   * Marks a task row just written as spent on the gateway in use (the engine calls it in the same turn as
   * admit and the insert), so budgets count it for that gateway alone.
   */
  stamp(taskId: string): void {
    const prices = this.#prices();
    if (prices) stampTaskGateway(this.#db, taskId, prices.gatewayKey);
  }

  #window(period: SpendingPeriod, limits: SpendingLimits, zone: string): SpendingWindow {
    const { start, end } = windowAt(period, this.#clock.now(), zone);
    const { charged, estimated, unpriced } = spentBetween(
      this.#db,
      { start, end },
      limits.unit,
      this.#prices(),
      limits.unknownPrice ?? null,
    );
    return {
      period,
      start,
      resetsAt: end,
      charged,
      estimated,
      spent: charged + estimated,
      unpriced,
      limit: period === 'day' ? limits.daily : limits.monthly,
    };
  }
}

/** "00:00 on Sun 22 Nov (Pacific/Auckland)": when a window ends, in the user's zone. */
export function resetText(at: number, zone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(at);
  return `${time} on ${date.replace(',', '')} (${zone})`;
}

/** What the user is asked to confirm: the estimate above the threshold, and any model with no estimate yet. */
export function confirmationSentence(check: SpendCheck): string {
  const parts: string[] = [];
  if (check.unknown > 0) {
    const models = check.unpricedModels.join(', ');
    parts.push(
      `There is no estimate yet for this model (${models}): what it costs is learned from its first run, and it ` +
        'may cost more than you expect.',
    );
  }
  if (check.estimate !== null && check.confirmAbove !== null && check.estimate > check.confirmAbove) {
    parts.push(
      `This will probably cost about ${moneyText(check.estimate, check.unit)}, above your confirmation ` +
        `threshold of ${moneyText(check.confirmAbove, check.unit)}.`,
    );
  }
  return `${parts.join(' ')} ${CONFIRM_ASK}`;
}

/** The sentence a refused submission reads as, in the CLI and wherever the app has no words of its own. */
export function refusalSentence(refusal: BudgetRefusal, unit: MoneyUnit, zone: string): string {
  const { window, needed } = refusal;
  const words = PERIOD_WORDS[window.period];
  const limit = moneyText(window.limit ?? 0, unit);
  const resets = `The budget resets at ${resetText(window.resetsAt, zone)}.`;
  if (refusal.unpriced === 'running') {
    return (
      `Not sent: a task with no estimate yet is still running, so what has been spent ${words.spent} is not known ` +
      `and your ${words.budget} budget of ${limit} cannot be checked. Send again once its cost is known, or set ` +
      `a price to assume for models with no estimate in the spending limits. ${resets}`
    );
  }
  if (refusal.unpriced === 'several') {
    return (
      `Not sent: there is no estimate yet for this model, so under your ${words.budget} budget of ${limit} one ` +
      'task goes first and its cost teaches the price; send one, or set a price to assume for models with no ' +
      'estimate in the spending limits.'
    );
  }
  const estimated =
    window.estimated > 0
      ? ` (${moneyText(window.estimated, unit)} of it estimated for tasks not charged yet)`
      : '';
  const adds = needed === null ? '' : `; this would add about ${moneyText(needed, unit)}`;
  return (
    `Not sent: your ${words.budget} budget is ${limit} and ${moneyText(window.spent, unit)} has been spent ` +
    `${words.spent}${estimated}${adds}. ${resets}`
  );
}
