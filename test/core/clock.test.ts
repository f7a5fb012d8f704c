import { describe, expect, it, vi } from 'vitest';
import { ManualClock, MAX_TIMER_MS, systemClock } from '../../electron/core/clock';

describe('ManualClock', () => {
  it('fires timers in time order as time advances, and chained sleeps resolve within one advance', async () => {
    const clock = new ManualClock(1_000);
    const fired: string[] = [];
    clock.setTimer(300, () => fired.push(`b@${clock.now()}`));
    clock.setTimer(100, () => fired.push(`a@${clock.now()}`));
    const cancelled = clock.setTimer(200, () => fired.push('never'));
    cancelled.cancel();
    const chain = (async () => {
      await clock.sleep(50);
      await clock.sleep(50);
      fired.push(`chain@${clock.now()}`);
    })();
    await clock.advance(250);
    expect(fired).toEqual(['a@1100', 'chain@1100']);
    expect(clock.now()).toBe(1_250);
    await clock.advance(100);
    await chain;
    expect(fired).toEqual(['a@1100', 'chain@1100', 'b@1300']);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('rejects a sleep when its signal aborts and tells listeners when time moves', async () => {
    const clock = new ManualClock(0);
    const controller = new AbortController();
    const sleeping = clock.sleep(1_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    let moved = 0;
    clock.onAdvance(() => moved++);
    await clock.advance(10);
    expect(moved).toBe(1);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('systemClock', () => {
  it('never hands Node a timer longer than it can hold (no TimeoutOverflowWarning spin)', () => {
    vi.useFakeTimers({ now: 0 });
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on('warning', onWarning);
    const spy = vi.spyOn(globalThis, 'setTimeout');
    try {
      let fired = false;
      const timer = systemClock.setTimer(999_999_999_000, () => (fired = true));
      for (const call of spy.mock.calls) expect(Number(call[1])).toBeLessThanOrEqual(MAX_TIMER_MS);
      vi.advanceTimersByTime(MAX_TIMER_MS + 10);
      // Still waiting: the long delay was not cut short to 1 ms as an overflowing setTimeout would be.
      expect(fired).toBe(false);
      for (const call of spy.mock.calls) expect(Number(call[1])).toBeLessThanOrEqual(MAX_TIMER_MS);
      timer.cancel();
      const short = systemClock.setTimer(5, () => (fired = true));
      vi.advanceTimersByTime(5);
      expect(fired).toBe(true);
      short.cancel();
      expect(warnings).not.toContain('TimeoutOverflowWarning');
    } finally {
      spy.mockRestore();
      process.off('warning', onWarning);
      vi.useRealTimers();
    }
  });
});
