// The price book: what each model and configuration costs and how long it takes on one gateway, learned from
// what that gateway charged ([TASK-8], [TASK-9]) and reported as actual_time ([TASK-6]) on completed tasks,
// starting from the price table (shared/studio/starting-prices.ts), else from the usage history's per-model
// averages ([UREP-STAT-1], [UREP-STAT-3]), until a model has run here. Everything lives in SQLite, so it survives restarts; rows carry the gateway's base URL, so two
// gateways never share prices. Which settings change the price is found by log-linear-model.ts.
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { TaskSnapshot } from '../../../shared/gateway/normalized';
import type { BatchEstimate, CostEstimate } from '../../../shared/studio/estimates';
import { NO_ESTIMATE } from '../../../shared/studio/estimates';
import { startingUnitUsd } from '../../../shared/studio/starting-prices';
import type { StartingPrice } from '../../../shared/studio/starting-prices';
import type { TaskRecord } from '../../../shared/studio/records';
import { systemClock } from '../clock';
import type { Clock } from '../clock';
import { transaction } from '../db/database';
import type { DatabaseSync } from '../db/database';
import type { TaskConfiguration, TaskHistory } from '../tasks/task-history';
import { fitLogLinear } from './log-linear-model';
import type { FittedModel, Observation } from './log-linear-model';
import {
  billedUnits,
  omittedUnits,
  perUnit,
  priceFeatures,
  settingName,
  unitSettings,
} from './price-features';
import type { Features } from './price-features';

export interface PriceBookOptions {
  db: DatabaseSync;
  /** The gateway's base URL: the book only reads and writes rows of this gateway. */
  gateway: string;
  clock?: Clock;
  /** Only the most recent runs of a model are learned from, so a price change is followed. */
  window?: number;
  /** Each model's starting price (shared/studio/starting-prices.ts, with the creator's edits), read at each estimate. */
  startingPrices?: () => Readonly<Record<string, StartingPrice>>;
}

export interface RunObservation extends TaskConfiguration {
  /** USD charged; null when the gateway did not say. */
  cost: number | null;
  creditsCost: number | null;
  /** Seconds ([TASK-6]); null when the gateway did not say. */
  actualTime: number | null;
  /** The gateway's own estimate for the run, seconds ([TASK-7]); null when it gave none. */
  estimatedTime?: number | null;
  /** The local task id, so one task is learned from once. */
  taskId: string | null;
  at?: number;
}

/** One model's per-request average from the usage report. */
export interface UsagePrior {
  model: string;
  amountUsd: number;
  requests: number;
}

interface Learned {
  cost: FittedModel;
  /** The middle value of each unit setting (n, duration) over the runs that sent one. */
  usualUnits: Features;
  /** The unit settings (as `n.omitted`) that some learned run left to the gateway. */
  omissionsSeen: Set<string>;
  time: FittedModel;
  /** Seconds taken, by configuration (every setting, canonical JSON), for pacing. */
  secondsByConfig: Map<string, number[]>;
}

/** One configuration, whatever order its settings were given in. */
const configKey = (features: Features): string =>
  JSON.stringify(Object.entries(features).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The configuration of a task as the book and the pacer name it: family, model and its price features. */
export const configurationKey = (task: TaskConfiguration): string =>
  `${task.family}\n${task.model}\n${configKey(priceFeatures(task.family, task.params))}`;

/** How many recent runs are compared with the gateway's estimates, and how far they may scatter. */
const RATIO_RUNS = 20;
const RATIO_SPREAD = 1.1;

/** actual_time of 0 (an upscale composed at once) still has to be a positive magnitude for the learner. */
const MIN_SECONDS = 0.5;

/** One gateway, however its base URL was typed: what the book's rows, the task rows and the speech charges carry. */
export const normaliseGateway = (url: string): string => url.trim().replace(/\/+$/, '').toLowerCase();

export class PriceBook implements TaskHistory {
  private readonly db: DatabaseSync;
  private readonly gateway: string;
  private readonly clock: Clock;
  private readonly window: number;
  private readonly startingPrices: () => Readonly<Record<string, StartingPrice>>;
  private readonly learned = new Map<string, Learned>();
  private creditsPerUsd: number | null | undefined;

  constructor(options: PriceBookOptions) {
    this.db = options.db;
    this.gateway = normaliseGateway(options.gateway);
    this.clock = options.clock ?? systemClock;
    this.window = options.window ?? 200;
    this.startingPrices = options.startingPrices ?? (() => ({}));
  }

  /** The gateway this book prices (normalised): spending is counted for it alone. */
  get gatewayKey(): string {
    return this.gateway;
  }

  /** What one submission will probably cost and take. */
  estimate(task: TaskConfiguration): CostEstimate {
    const features = priceFeatures(task.family, task.params);
    const learned = this.learnedFor(task.family, task.model);
    const time = learned.time.count > 0 ? learned.time.predict(features).value : null;
    const seconds = time === null ? null : Math.max(1, Math.round(time));
    if (learned.cost.count > 0) {
      // A request that leaves n or duration to the gateway costs what the runs that left it did; before any
      // run here left it, it is taken to ask for what the runs here usually did.
      const usual = Object.entries(learned.usualUnits).filter(
        ([name]) => !learned.omissionsSeen.has(`${name}.omitted`),
      );
      const asked = { ...Object.fromEntries(usual), ...features };
      const usd = learned.cost.predict(perUnit(task.family, asked)).value * billedUnits(task.family, asked);
      return {
        usd,
        credits: this.creditsFor(usd),
        basis: 'runs',
        observations: learned.cost.count,
        dependsOn: [...new Set([...unitSettings(task.family), ...learned.cost.relevant.map(settingName)])],
        seconds,
      };
    }
    // The table before the usage history's average: the average ignores every setting (it put a 0.35 USD K
    // run at 0.88), a row scales with them; the average still prices what the table does not hold.
    const table = this.startingPrices();
    const start = Object.hasOwn(table, task.model) ? table[task.model] : undefined;
    if (start) {
      const asked = { ...start.assumes, ...features };
      const usd = startingUnitUsd(start, asked) * billedUnits(task.family, asked);
      return {
        ...NO_ESTIMATE,
        usd,
        credits: this.creditsFor(usd),
        basis: 'table',
        dependsOn: [...new Set([...unitSettings(task.family), ...Object.keys(start.factors ?? {})])],
        seconds,
      };
    }
    const prior = this.prior(task.model);
    if (prior) {
      const usd = prior.amountUsd / prior.requests;
      return {
        ...NO_ESTIMATE,
        usd,
        credits: this.creditsFor(usd),
        basis: 'usage',
        observations: prior.requests,
        seconds,
      };
    }
    return { ...NO_ESTIMATE, seconds };
  }

  /** A batch's items and total; items without an estimate are counted, not guessed. */
  estimateBatch(tasks: readonly TaskConfiguration[]): BatchEstimate {
    const items = tasks.map((t) => this.estimate(t));
    const known = items.filter((i) => i.usd !== null);
    const sum = (pick: (e: CostEstimate) => number | null): number | null =>
      known.length === 0 || known.some((i) => pick(i) === null)
        ? null
        : known.reduce((s, i) => s + (pick(i) ?? 0), 0);
    return {
      items,
      totalUsd: sum((i) => i.usd),
      totalCredits: sum((i) => i.credits),
      unknown: items.length - known.length,
    };
  }

  /**
   * For pacing: only the very configuration, run before, is trusted over the gateway's own estimate (the
   * longest of its recent runs, so the first poll is not early).
   */
  expectedDurationMs(task: TaskConfiguration): number | null {
    const { secondsByConfig } = this.learnedFor(task.family, task.model);
    const runs = secondsByConfig.get(configKey(priceFeatures(task.family, task.params)));
    return runs && runs.length > 0 ? Math.round(Math.max(...runs) * 1000) : null;
  }

  configurationKey(task: TaskConfiguration): string {
    return configurationKey(task);
  }

  estimateRatio(task: TaskConfiguration): number | null {
    const ratios = this.db
      .prepare(
        `SELECT actual_time / estimated_time AS r FROM price_observations
         WHERE gateway = ? AND family = ? AND model = ? AND actual_time > 0 AND estimated_time > 0
         ORDER BY observed_at DESC, id DESC LIMIT ?`,
      )
      .all(this.gateway, task.family, task.model, RATIO_RUNS)
      .map((row) => Number(row.r));
    if (ratios.length < 2) return null;
    const high = Math.max(...ratios);
    // The highest ratio, so a trusted estimate is not polled before the task can be done.
    return high / Math.min(...ratios) <= RATIO_SPREAD ? high : null;
  }

  recordCompletion(task: TaskRecord, snapshot: TaskSnapshot): void {
    this.observe({
      family: task.family,
      model: task.model,
      params: task.params,
      cost: snapshot.cost ?? task.cost,
      creditsCost: snapshot.creditsCost ?? task.creditsCost,
      actualTime: snapshot.actualTime,
      estimatedTime: snapshot.estimatedTime ?? task.estimatedTime,
      taskId: task.id,
    });
  }

  /** Learns from one completed run; a task already learned from is ignored. */
  observe(run: RunObservation): void {
    if (run.cost === null && run.actualTime === null) return;
    const features = priceFeatures(run.family, run.params);
    this.db
      .prepare(
        `INSERT OR IGNORE INTO price_observations
           (gateway, family, model, features, cost, credits_cost, actual_time, estimated_time, task_id,
            observed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        this.gateway,
        run.family,
        run.model,
        JSON.stringify(features),
        run.cost,
        run.creditsCost,
        run.actualTime,
        run.estimatedTime ?? null,
        run.taskId,
        run.at ?? this.clock.now(),
      );
    this.learned.delete(`${run.family}\n${run.model}`);
    this.creditsPerUsd = undefined;
  }

  /** True once this gateway's usage history has been read (it is read once, at first run). */
  hasUsagePriors(): boolean {
    return (
      this.db.prepare('SELECT 1 FROM price_usage_priors WHERE gateway = ? LIMIT 1').get(this.gateway) !==
      undefined
    );
  }

  /** Stores per-model averages from a usage report grouped by model ([UREP-9]); models with no request skipped. */
  seedFromUsage(priors: readonly UsagePrior[]): void {
    const now = this.clock.now();
    const insert = this.db.prepare(
      `INSERT INTO price_usage_priors (gateway, model, amount_usd, requests, seeded_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (gateway, model) DO UPDATE SET amount_usd = excluded.amount_usd,
         requests = excluded.requests, seeded_at = excluded.seeded_at`,
    );
    transaction(this.db, () => {
      for (const p of priors) {
        if (p.requests > 0 && p.amountUsd > 0)
          insert.run(this.gateway, p.model, p.amountUsd, p.requests, now);
      }
    });
  }

  // ——— internals ———

  private learnedFor(family: FamilyId, model: string): Learned {
    const key = `${family}\n${model}`;
    const cached = this.learned.get(key);
    if (cached) return cached;
    const rows = this.db
      .prepare(
        `SELECT features, cost, actual_time FROM price_observations
         WHERE gateway = ? AND family = ? AND model = ? ORDER BY observed_at DESC, id DESC LIMIT ?`,
      )
      .all(this.gateway, family, model, this.window);
    const cost: Observation[] = [];
    const unitRuns: Features[] = [];
    const omissionsSeen = new Set<string>();
    const time: Observation[] = [];
    const secondsByConfig = new Map<string, number[]>();
    for (const row of rows) {
      const features = JSON.parse(String(row.features)) as Features;
      // Learned per image and per second, so one run of n=3 or 10 s prices n=1 or 5 s (billedUnits).
      if (typeof row.cost === 'number' && row.cost > 0) {
        cost.push({ features: perUnit(family, features), value: row.cost / billedUnits(family, features) });
        unitRuns.push(features);
        for (const omitted of omittedUnits(family, features)) omissionsSeen.add(omitted);
      }
      if (typeof row.actual_time === 'number') {
        time.push({ features, value: Math.max(MIN_SECONDS, row.actual_time) });
        const key = configKey(features);
        if ((secondsByConfig.get(key)?.length ?? 0) < RATIO_RUNS)
          secondsByConfig.set(key, [...(secondsByConfig.get(key) ?? []), row.actual_time]);
      }
    }
    const usualUnits: Features = {};
    for (const name of unitSettings(family)) {
      const seen = unitRuns
        .map((f) => f[name])
        .filter((v): v is number => typeof v === 'number')
        .sort((a, b) => a - b);
      const middle = seen[Math.floor(seen.length / 2)];
      if (middle !== undefined) usualUnits[name] = middle;
    }
    const learned = {
      cost: fitLogLinear(cost),
      usualUnits,
      omissionsSeen,
      time: fitLogLinear(time),
      secondsByConfig,
    };
    this.learned.set(key, learned);
    return learned;
  }

  private prior(model: string): { amountUsd: number; requests: number } | null {
    const row = this.db
      .prepare('SELECT amount_usd, requests FROM price_usage_priors WHERE gateway = ? AND model = ?')
      .get(this.gateway, model);
    return row ? { amountUsd: Number(row.amount_usd), requests: Number(row.requests) } : null;
  }

  /** An amount in USD as this gateway's credits, at the rate its tasks reported (the median, against odd rows). */
  creditsFor(usd: number): number | null {
    if (this.creditsPerUsd === undefined) {
      const ratios = this.db
        .prepare(
          `SELECT credits_cost / cost AS r FROM price_observations
           WHERE gateway = ? AND cost > 0 AND credits_cost IS NOT NULL ORDER BY observed_at DESC LIMIT 101`,
        )
        .all(this.gateway)
        .map((row) => Number(row.r))
        .sort((a, b) => a - b);
      this.creditsPerUsd = ratios.length > 0 ? (ratios[Math.floor(ratios.length / 2)] ?? null) : null;
    }
    return this.creditsPerUsd === null ? null : usd * this.creditsPerUsd;
  }
}
