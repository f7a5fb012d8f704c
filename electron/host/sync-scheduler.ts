// When the library syncs by itself: once at start, shortly after each new result (debounced, so a batch of
// twenty is one round), and every few minutes. One round at a time: a request during a round runs one more round
// after it, never a second round beside it. Rounds run in the background on their own promise: nothing the task
// engine does ever waits on them. Time comes from the injected clock, so tests step it instead of sleeping.
import type { Clock, TimerHandle } from '../core/clock';

/** Every few minutes, whatever happens. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** After a new result: long enough for a batch's other results to land in the same round. */
export const SYNC_DEBOUNCE_MS = 5_000;

export interface SyncSchedulerOptions {
  clock: Clock;
  /** One round. Its failures are the round's to report (the status says them); a rejection is only logged. */
  round: () => Promise<unknown>;
  log: (message: string) => void;
  intervalMs?: number;
  debounceMs?: number;
}

export class SyncScheduler {
  readonly #options: SyncSchedulerOptions;
  #running: Promise<void> | null = null;
  #again = false;
  #paused = true;
  #closed = false;
  #debounce: TimerHandle | null = null;
  #interval: TimerHandle | null = null;

  constructor(options: SyncSchedulerOptions) {
    this.#options = options;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** Whether a round is running now. */
  get busy(): boolean {
    return this.#running !== null;
  }

  /** Automatic rounds from now on, the first at once. */
  resume(): void {
    if (this.#closed) return;
    this.#paused = false;
    void this.request();
  }

  /** No automatic rounds until resume(); a round already running is the caller's to stop (SyncService.pause). */
  pause(): void {
    this.#paused = true;
    this.#cancelTimers();
  }

  /** A new result was saved: a round soon, once the results around it have landed too. */
  nudge(): void {
    if (this.#paused || this.#closed) return;
    this.#debounce?.cancel();
    this.#debounce = this.#options.clock.setTimer(this.#options.debounceMs ?? SYNC_DEBOUNCE_MS, () => {
      this.#debounce = null;
      void this.request();
    });
  }

  /**
   * A round now (Sync now, the start, the debounce, the interval): resolves when a round that began after this
   * call has ended. During a round, one more round follows it.
   */
  request(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#running) {
      // The running loop takes one more turn before its promise settles.
      this.#again = true;
      return this.#running;
    }
    this.#cancelTimers();
    this.#running = this.#loop().finally(() => {
      this.#running = null;
      this.#arm();
    });
    return this.#running;
  }

  /**
   * A job that must not share the remote with a round (Restore from remote): it starts once the running round
   * has ended, and no round starts until it has; one asked for meanwhile runs after it.
   */
  async exclusive<T>(job: () => Promise<T>): Promise<T> {
    while (this.#running) await this.#running;
    this.#cancelTimers();
    const run = job();
    this.#running = run
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          void this.request();
        } else this.#arm();
      });
    return run;
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.#options.round();
      } catch (error) {
        this.#options.log(`sync: a round failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    } while (this.#again && !this.#closed);
  }

  #arm(): void {
    if (this.#paused || this.#closed) return;
    this.#interval?.cancel();
    this.#interval = this.#options.clock.setTimer(this.#options.intervalMs ?? SYNC_INTERVAL_MS, () => {
      this.#interval = null;
      void this.request();
    });
  }

  #cancelTimers(): void {
    this.#debounce?.cancel();
    this.#debounce = null;
    this.#interval?.cancel();
    this.#interval = null;
  }

  /** No more rounds; waits for the one running to end. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelTimers();
    await this.#running;
  }
}
