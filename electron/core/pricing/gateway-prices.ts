// One price book per gateway, following whichever gateway the shell points at (the app's session, the CLI's base
// URL). The app's engine outlives a switch between gateways (SwitchableGateway), so it gets this object as its
// history and each call goes to the price book of the gateway in use; the CLI's has one gateway, the same rule. At the first estimate for a gateway whose usage history was never
// read, its per-model averages are read once ([UREP-9], group_by=model, the last 31 days, [LIM-4]).
import type { TaskSnapshot } from '../../../shared/gateway/normalized';
import { MAX_USAGE_RANGE_S } from '../../../shared/gateway/limits';
import type { BatchEstimate } from '../../../shared/studio/estimates';
import { startingPrices } from '../../../shared/studio/starting-prices';
import type { StartingPriceEdits } from '../../../shared/studio/starting-prices';
import type { TaskRecord } from '../../../shared/studio/records';
import type { UsageData, UsageQueryInput } from '../../../shared/gateway/usage';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db';
import type { Logger } from '../log';
import { PriceBook, configurationKey } from './price-book';
import type { TaskConfiguration, TaskHistory } from '../tasks/task-history';

/** What the usage history is read from: the gateway's report ([UREP-9]). */
export interface UsageSource {
  usage(query: UsageQueryInput): Promise<{ report: UsageData }>;
}

export interface GatewayPricesOptions {
  db: DatabaseSync;
  clock: Clock;
  /** The key of the gateway in use (its base URL, or 'demo'); null when none is set up. */
  current: () => string | null;
  logger: Logger;
  /** The creator's edits to the starting price table (Settings), read at each estimate. */
  edits: () => StartingPriceEdits;
}

export class GatewayPrices implements TaskHistory {
  readonly #options: GatewayPricesOptions;
  readonly #books = new Map<string, PriceBook>();
  readonly #seeding = new Set<string>();

  constructor(options: GatewayPricesOptions) {
    this.#options = options;
  }

  /** The book of the gateway in use, or null when none is set up. */
  book(): PriceBook | null {
    const key = this.#options.current();
    if (key === null) return null;
    let book = this.#books.get(key);
    if (!book) {
      const { db, clock, edits } = this.#options;
      book = new PriceBook({ db, gateway: key, clock, startingPrices: () => startingPrices(edits()) });
      this.#books.set(key, book);
    }
    return book;
  }

  estimate(requests: readonly TaskConfiguration[]): BatchEstimate {
    const book = this.book();
    if (book) return book.estimateBatch(requests);
    return { items: [], totalUsd: null, totalCredits: null, unknown: requests.length };
  }

  /**
   * Reads the usage history into the book once per gateway, in the background: an estimate never waits for
   * it, and a failure (a key without usage rights, a gateway that is down) only means no head start.
   */
  seedOnce(gateway: UsageSource): void {
    const key = this.#options.current();
    const book = this.book();
    if (key === null || !book || this.#seeding.has(key) || book.hasUsagePriors()) return;
    this.#seeding.add(key);
    const end = Math.floor(this.#options.clock.now() / 1000);
    gateway.usage({ start: end - MAX_USAGE_RANGE_S + 60, end, group_by: 'model' }).then(
      ({ report }) =>
        book.seedFromUsage(
          report.items.flatMap((i) =>
            i.model ? [{ model: i.model, amountUsd: i.amount_usd, requests: i.requests }] : [],
          ),
        ),
      (error: unknown) =>
        this.#options.logger.warn('prices: usage history not read', {
          reason: error instanceof Error ? error.message : String(error),
        }),
    );
  }

  expectedDurationMs(task: TaskConfiguration): number | null {
    return this.book()?.expectedDurationMs(task) ?? null;
  }

  estimateRatio(task: TaskConfiguration): number | null {
    return this.book()?.estimateRatio(task) ?? null;
  }

  configurationKey(task: TaskConfiguration): string {
    return configurationKey(task);
  }

  recordCompletion(task: TaskRecord, snapshot: TaskSnapshot): void {
    this.book()?.recordCompletion(task, snapshot);
  }
}
