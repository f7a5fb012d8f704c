// One request budget shared by every task. A sliding-window log rather than a token bucket: a bucket of
// capacity N refilled at N/s lets nearly 2N requests through some 1-second window (a full bucket, then its
// refill), while the log guarantees no window of `perMs` ever holds more than `requests`. p-queue's
// interval limiter would do the same but runs on real timers; this one reads the injected clock.
import type { Clock } from '../clock';

export interface BudgetOptions {
  /** At most this many requests … */
  requests: number;
  /** … in any window of this many ms. */
  perMs: number;
}

export const DEFAULT_BUDGET: BudgetOptions = { requests: 5, perMs: 1_000 };

export class RequestBudget {
  private readonly stamps: number[] = [];
  private pausedUntil = 0;
  private waiters: { resolve: () => void; reject: (reason: unknown) => void; signal?: AbortSignal }[] = [];
  private wakeTimer: { cancel(): void } | null = null;

  constructor(
    private readonly clock: Clock,
    readonly options: BudgetOptions = DEFAULT_BUDGET,
  ) {
    if (!(options.requests >= 1) || !(options.perMs > 0)) throw new Error('request budget must be positive');
  }

  /** ms until a request may be sent; 0 when one may go now. */
  delay(): number {
    const now = this.clock.now();
    this.forget(now);
    const pause = Math.max(0, this.pausedUntil - now);
    if (this.stamps.length < this.options.requests) return pause;
    const oldest = this.stamps[0] ?? now;
    return Math.max(pause, oldest + this.options.perMs - now);
  }

  /** Takes a slot if one is free now and nobody is already waiting in take(). */
  tryTake(): boolean {
    return this.waiters.length === 0 && this.takeNow();
  }

  private takeNow(): boolean {
    if (this.delay() > 0) return false;
    this.stamps.push(this.clock.now());
    return true;
  }

  /** Waits (on the clock) for a slot and takes it. Waiters are served first come, first served. */
  take(signal?: AbortSignal): Promise<void> {
    if (this.tryTake()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const waiter = { resolve, reject, signal };
      this.waiters.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(signal.reason);
        },
        { once: true },
      );
      this.wake();
    });
  }

  /** Nobody sends before now + ms (a Retry-After that applies to the whole key). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }

  private wake(): void {
    this.wakeTimer?.cancel();
    this.wakeTimer = null;
    while (this.waiters.length > 0 && this.takeNow()) this.waiters.shift()?.resolve();
    if (this.waiters.length > 0) {
      this.wakeTimer = this.clock.setTimer(this.delay(), () => this.wake());
    }
  }

  private forget(now: number): void {
    while (this.stamps.length > 0 && (this.stamps[0] ?? now) <= now - this.options.perMs) this.stamps.shift();
  }
}
