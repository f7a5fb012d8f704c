// When sync runs by itself: at start (resume), shortly after new results (one round for a burst), every few
// minutes, never two rounds at once, and not at all while paused. Time is a ManualClock stepped by the test.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/core/clock';
import { SyncScheduler } from '../../electron/host/sync-scheduler';

const INTERVAL = 300_000;
const DEBOUNCE = 5_000;

interface Rig {
  clock: ManualClock;
  scheduler: SyncScheduler;
  /** Rounds begun so far. */
  started: () => number;
  /** Rounds running at this moment (never above 1). */
  maxConcurrent: () => number;
  /** Ends the round now running. */
  finish: () => void;
}

let rigs: SyncScheduler[] = [];
afterEach(async () => {
  for (const s of rigs) {
    s.pause();
  }
  rigs = [];
});

function rig(): Rig {
  const clock = new ManualClock();
  let started = 0;
  let running = 0;
  let max = 0;
  let release: (() => void) | null = null;
  const scheduler = new SyncScheduler({
    clock,
    intervalMs: INTERVAL,
    debounceMs: DEBOUNCE,
    log: () => undefined,
    round: () => {
      started += 1;
      running += 1;
      max = Math.max(max, running);
      return new Promise<void>((resolve) => {
        release = () => {
          running -= 1;
          resolve();
        };
      });
    },
  });
  rigs.push(scheduler);
  return {
    clock,
    scheduler,
    started: () => started,
    maxConcurrent: () => max,
    finish: () => {
      const r = release;
      release = null;
      r?.();
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SyncScheduler', () => {
  it('runs a round at start (resume), then every interval after the last round ended', async () => {
    const { clock, scheduler, started, finish } = rig();
    expect(scheduler.paused).toBe(true);
    scheduler.resume();
    expect(started()).toBe(1);
    await clock.advance(INTERVAL * 2);
    expect(started()).toBe(1); // the first round has not ended: no interval timer yet
    finish();
    await settle();
    await clock.advance(INTERVAL - 1);
    expect(started()).toBe(1);
    await clock.advance(1);
    expect(started()).toBe(2);
  });

  it('makes one round of a burst of new results, a debounce after the last', async () => {
    const { clock, scheduler, started, finish } = rig();
    scheduler.resume();
    finish();
    await settle();
    for (let i = 0; i < 10; i += 1) {
      scheduler.nudge();
      await clock.advance(DEBOUNCE - 1_000);
    }
    expect(started()).toBe(1);
    await clock.advance(1_000);
    expect(started()).toBe(2);
  });

  it('never runs two rounds at once: a request during a round is one more round after it', async () => {
    const { scheduler, started, maxConcurrent, finish } = rig();
    scheduler.resume();
    const a = scheduler.request();
    const b = scheduler.request();
    expect(started()).toBe(1);
    finish();
    await settle();
    expect(started()).toBe(2);
    finish();
    await Promise.all([a, b]);
    expect(maxConcurrent()).toBe(1);
  });

  it('runs nothing by itself while paused, and a round at once on resume', async () => {
    const { clock, scheduler, started, finish } = rig();
    scheduler.resume();
    finish();
    await settle();
    scheduler.pause();
    scheduler.nudge();
    await clock.advance(INTERVAL * 3);
    expect(started()).toBe(1);
    scheduler.resume();
    expect(started()).toBe(2);
  });

  it('keeps going after a round that throws, and logs it', async () => {
    const clock = new ManualClock();
    const lines: string[] = [];
    let calls = 0;
    const scheduler = new SyncScheduler({
      clock,
      intervalMs: INTERVAL,
      log: (line) => lines.push(line),
      round: async () => {
        calls += 1;
        throw new Error('remote unreachable');
      },
    });
    rigs.push(scheduler);
    scheduler.resume();
    await settle();
    await clock.advance(INTERVAL);
    expect(calls).toBe(2);
    expect(lines[0]).toContain('remote unreachable');
  });
});

describe('SyncScheduler.exclusive', () => {
  it('waits for the running round, lets no round start beside it, and runs one asked for meanwhile after it', async () => {
    const { scheduler, started, maxConcurrent, finish } = rig();
    scheduler.resume();
    let jobStarted = false;
    let endJob: (() => void) | null = null;
    const job = scheduler.exclusive(async () => {
      jobStarted = true;
      await new Promise<void>((resolve) => (endJob = resolve));
      return 'restored';
    });
    await settle();
    expect(jobStarted).toBe(false);
    finish();
    await settle();
    expect(jobStarted).toBe(true);
    void scheduler.request();
    expect(started()).toBe(1);
    (endJob as (() => void) | null)?.();
    expect(await job).toBe('restored');
    await settle();
    expect(started()).toBe(2);
    expect(maxConcurrent()).toBe(1);
    finish();
  });
});
