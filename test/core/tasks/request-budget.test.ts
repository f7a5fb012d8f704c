import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { RequestBudget } from '../../../electron/core/tasks/request-budget';

describe('RequestBudget', () => {
  it('never lets more than N requests into any window, even right after a burst', async () => {
    const clock = new ManualClock(0);
    const budget = new RequestBudget(clock, { requests: 5, perMs: 1_000 });
    const stamps: number[] = [];
    for (let i = 0; i < 40; i++) {
      void budget.take().then(() => stamps.push(clock.now()));
    }
    await clock.advance(10_000);
    expect(stamps).toHaveLength(40);
    for (const t of stamps) {
      expect(stamps.filter((s) => s >= t && s < t + 1_000).length).toBeLessThanOrEqual(5);
    }
    // A token bucket would have let 10 through by t=1000; the window allows exactly 5 per second.
    expect(stamps.filter((s) => s < 2_000)).toHaveLength(10);
  });

  it('holds everyone back during a pause (a Retry-After for the whole key) [ERR-9]', async () => {
    const clock = new ManualClock(0);
    const budget = new RequestBudget(clock, { requests: 5, perMs: 1_000 });
    budget.pause(3_000);
    expect(budget.tryTake()).toBe(false);
    expect(budget.delay()).toBe(3_000);
    await clock.advance(3_000);
    expect(budget.tryTake()).toBe(true);
  });

  it('serves waiters before opportunistic takers', async () => {
    const clock = new ManualClock(0);
    const budget = new RequestBudget(clock, { requests: 1, perMs: 1_000 });
    expect(budget.tryTake()).toBe(true);
    let waited = false;
    void budget.take().then(() => (waited = true));
    await clock.advance(1_000);
    expect(waited).toBe(true);
    expect(budget.tryTake()).toBe(false);
  });
});
