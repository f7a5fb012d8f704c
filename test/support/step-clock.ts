// A clock for retry tests: every sleep shorter than `hangFromMs` is recorded and returns at once (time jumps
// forward), so backoff schedules are checked without waiting; longer sleeps (the client's request timeout)
// wait for their abort signal, so a request is never timed out behind the test's back.
import type { Clock } from '../../electron/core/clock';

export class StepClock implements Pick<Clock, 'now' | 'sleep'> {
  readonly sleeps: number[] = [];

  constructor(
    private current = Date.UTC(2026, 4, 1, 12, 0, 0),
    private readonly hangFromMs = 60_000,
  ) {}

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms >= this.hangFromMs) {
      return new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
    }
    this.sleeps.push(ms);
    this.current += ms;
    return Promise.resolve();
  }
}
