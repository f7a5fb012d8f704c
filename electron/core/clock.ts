// Time as a dependency: the engine, the downloader and the gateway client read it from here, so tests of
// polling, backoff and link expiry advance a ManualClock instead of waiting.

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** ms since the Unix epoch */
  now(): number;
  /** Calls fn once after ms; cancel() before then prevents it. */
  setTimer(ms: number, fn: () => void): TimerHandle;
  /** Resolves after ms, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function sleepWith(clock: Pick<Clock, 'setTimer'>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      timer.cancel();
      reject(signal?.reason);
    };
    const timer = clock.setTimer(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Node's timers hold a signed 32-bit ms count; a longer delay fires after 1 ms with a TimeoutOverflowWarning. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    // A delay past Node's limit is waited out in legal steps, never handed to setTimeout whole.
    const at = Date.now() + Math.max(0, Number.isFinite(ms) ? ms : MAX_TIMER_MS);
    let handle: ReturnType<typeof setTimeout>;
    const arm = (): void => {
      const left = at - Date.now();
      if (left > MAX_TIMER_MS) handle = setTimeout(arm, MAX_TIMER_MS);
      else handle = setTimeout(fn, Math.max(0, left));
    };
    arm();
    return { cancel: () => clearTimeout(handle) };
  },
  sleep(ms, signal) {
    return sleepWith(this, ms, signal);
  },
};

interface ManualTimer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets queued promise callbacks and already-completed I/O callbacks run before the next timer fires. */
async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A clock that moves only when told. advance() fires due timers in time order (ties in creation order),
 * letting the async work each one starts settle before the next, so chains of sleeps behave as in real time.
 */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: ManualTimer[] = [];
  private readonly advanceListeners = new Set<() => void>();

  constructor(start = Date.UTC(2026, 10, 21, 9, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const timer: ManualTimer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return {
      cancel: () => {
        this.timers = this.timers.filter((t) => t !== timer);
      },
    };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepWith(this, ms, signal);
  }

  /**
   * Called whenever time moves. Lets a peer with its own timeline (the simulator's SimClock) share this one:
   * adapt it as { now, schedule: setTimer, onAdvance }.
   */
  onAdvance(listener: () => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  /** Same as setTimer, under the name the simulator's clock interface uses. */
  schedule(ms: number, fn: () => void): TimerHandle {
    return this.setTimer(ms, fn);
  }

  /** Number of timers not yet fired. */
  pendingTimers(): number {
    return this.timers.length;
  }

  /** When the earliest pending timer is due, or null. */
  nextTimerAt(): number | null {
    const next = this.earliest();
    return next ? next.at : null;
  }

  /** Moves time forward by ms, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.current + ms);
  }

  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      const next = this.earliest();
      if (!next || next.at > target) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.moveTo(next.at);
      next.fn();
      await settle();
    }
    this.moveTo(target);
    await settle();
  }

  private moveTo(at: number): void {
    if (at <= this.current) return;
    this.current = at;
    for (const listener of [...this.advanceListeners]) listener();
  }

  private earliest(): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const t of this.timers) {
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    }
    return best;
  }
}
