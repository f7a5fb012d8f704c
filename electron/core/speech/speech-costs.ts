// What each paid take cost, read from the usage report afterwards, since the speech answer carries none
// ([EP-USAGE-1]): shortly after the take, then again while the report does not show it yet, on the clock. A take
// whose cost is settled is written to its library item and to the spending ledger's charge.
import type { DatabaseSync } from 'node:sqlite';
import type { Clock, TimerHandle } from '../clock';
import type { GatewayPort } from '../gateway/gateway-port';
import type { Library } from '../library';
import type { LibraryItem } from '../../../shared/studio/records';
import { settleSpeechCharge } from '../spending';
import { describeThrown } from '../log';
import type { Logger } from '../log';
import type { SpeechTakes } from './speech-takes';

/**
 * When the usage report is read for a new take: shortly after it (the gateway books a speech call as it
 * answers), then again while it does not show it yet ([LIM-6]: the last minute may be incomplete; [LIM-2]:
 * identical queries are cached for 60 s, so never sooner than that). After the last, the cost stays unknown.
 */
export const SPEECH_COST_READS_MS = [2_000, 70_000, 5 * 60_000, 15 * 60_000] as const;

export interface SpeechCostsOptions {
  gateway: GatewayPort;
  library: Library;
  db: DatabaseSync;
  takes: SpeechTakes;
  clock: Clock;
  logger: Logger;
}

export class SpeechCosts {
  private readonly timers = new Map<string, TimerHandle>();
  private readonly settling = new Map<string, Promise<LibraryItem | null>>();
  private closed = false;

  constructor(private readonly options: SpeechCostsOptions) {}

  /**
   * Reads what one take cost from the usage report of its model over the seconds the call took
   * ([EP-USAGE-2], [start, end)). Exactly one billed request there is this take's; none yet means the report
   * has not caught up and it is tried again later; more than one cannot be told apart, so the cost stays
   * unknown. Returns the item as it is now.
   */
  settle(itemId: string, signal?: AbortSignal): Promise<LibraryItem | null> {
    // One reading at a time per take: the timer and a caller (the CLI) may ask together.
    const running = this.settling.get(itemId);
    if (running) return running;
    const work = this.read(itemId, signal).finally(() => this.settling.delete(itemId));
    this.settling.set(itemId, work);
    return work;
  }

  /** Settles the cost of every take still pending, now and (when the report lags) later, on the clock. */
  resume(): void {
    for (const take of this.options.takes.pending()) this.schedule(take.itemId, SPEECH_COST_READS_MS[0]);
  }

  /** A new take: its cost is read once the report can show it. */
  follow(itemId: string): void {
    this.schedule(itemId, SPEECH_COST_READS_MS[0]);
  }

  /** Stops the timers; a pending take is settled by the next service over this database. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  private async read(itemId: string, signal?: AbortSignal): Promise<LibraryItem | null> {
    const { takes, library } = this.options;
    const take = takes.get(itemId);
    const usage = this.options.gateway.usage?.bind(this.options.gateway);
    if (!take || take.costState !== 'pending') return library.get(itemId);
    if (!usage) {
      takes.settle(itemId, 'unknown');
      return library.get(itemId);
    }
    const lastTry = take.costTries + 1 >= SPEECH_COST_READS_MS.length;
    let requests: number;
    let amountUsd: number;
    let credits: number;
    let cached: boolean;
    try {
      const { report, cache } = await usage(
        {
          start: Math.floor(take.requestedAt / 1000),
          end: Math.floor(take.answeredAt / 1000) + 1,
          model: take.model,
          scope: 'key',
        },
        { ...(signal ? { signal } : {}), maxAttempts: 1 },
      );
      ({ requests, amount_usd: amountUsd, credits } = report.total);
      cached = cache === 'hit';
      // Closed while the report was on its way: the database may be gone; the next service asks again.
      if (this.closed) return null;
    } catch (error) {
      if (this.closed) return null;
      // No answer (offline, a key without usage rights): the cost is not known yet.
      this.options.logger.warn('speech cost not read from the usage report', {
        itemId,
        reason: describeThrown(error),
      });
      takes.settle(itemId, lastTry ? 'unknown' : 'pending');
      return library.get(itemId);
    }
    if (cached) {
      // [LIM-2] An identical query (another take in the same seconds) was answered up to 60 s ago, perhaps
      // before this take was billed: not evidence either way. Asked again once the cache has expired.
      takes.settle(itemId, lastTry ? 'unknown' : 'pending');
      return library.get(itemId);
    }
    if (requests === 1) {
      takes.settle(itemId, 'known');
      settleSpeechCharge(this.options.db, itemId, amountUsd, credits);
      return library.setCost(itemId, amountUsd, credits);
    }
    takes.settle(itemId, requests === 0 && !lastTry ? 'pending' : 'unknown');
    return library.get(itemId);
  }

  private schedule(itemId: string, delayMs: number): void {
    if (this.closed) return;
    this.timers.get(itemId)?.cancel();
    const timer = this.options.clock.setTimer(delayMs, () => {
      this.timers.delete(itemId);
      void this.settle(itemId).then(
        () => {
          if (this.closed) return;
          const take = this.options.takes.get(itemId);
          const next = take?.costState === 'pending' ? SPEECH_COST_READS_MS[take.costTries] : undefined;
          if (next !== undefined) this.schedule(itemId, next);
        },
        (error: unknown) =>
          this.options.logger.error('speech cost not settled', { itemId, reason: describeThrown(error) }),
      );
    });
    this.timers.set(itemId, timer);
  }
}
