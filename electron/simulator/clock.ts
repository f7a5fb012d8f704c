// Task state, link expiry, usage windows and webhook retries are all derived from this clock, never from
// timers of their own, so a test that advances a ManualClock sees the simulator move at once.

export interface SimTimer {
  cancel(): void;
}

export interface SimClock {
  /** Milliseconds since the Unix epoch, on the simulator's time line. */
  now(): number;
  /** Runs fn once the clock has reached now() + ms. */
  schedule(ms: number, fn: () => void): SimTimer;
  /** Called after the clock jumps (manual clocks only); the scheduler uses it to settle tasks. */
  onAdvance(listener: () => void): () => void;
}

/** The wall clock. Durations are scaled by the simulator (timeScale), not by the clock. */
export class RealClock implements SimClock {
  now(): number {
    return Date.now();
  }

  schedule(ms: number, fn: () => void): SimTimer {
    const handle = setTimeout(fn, Math.max(0, ms));
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  }

  onAdvance(): () => void {
    return () => undefined;
  }
}

interface PendingTimer {
  at: number;
  seq: number;
  fn: () => void;
}

/** A clock that only moves when told to: tests of progression, expiry and retries run in milliseconds. */
export class ManualClock implements SimClock {
  private current: number;
  private seq = 0;
  private timers: PendingTimer[] = [];
  private readonly listeners = new Set<() => void>();

  /** The default start (2026-06-15T04:00:00Z) lies well after the usage history floor of [LIM-6]. */
  constructor(startMs: number = Date.UTC(2026, 5, 15, 4, 0, 0)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  schedule(ms: number, fn: () => void): SimTimer {
    const timer: PendingTimer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return { cancel: () => (this.timers = this.timers.filter((t) => t !== timer)) };
  }

  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Moves time forward, firing due timers in time order with the clock set to each timer's instant. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('ManualClock.advance needs a finite ms >= 0');
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      this.notify();
      due.fn();
    }
    this.current = target;
    this.notify();
  }

  /** Timers not yet fired. */
  pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves to an absolute instant (never backwards). */
  set(ms: number): void {
    this.advance(Math.max(0, ms - this.current));
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
