// Usage over any range: [LIM-4] at most 31 days per query, so longer ranges are asked window by window and
// merged ([EP-USAGE-2]: [start, end) windows sharing an edge count the instant on it once).
import { describe, expect, it } from 'vitest';
import { MAX_USAGE_WINDOW_S, mergeUsageReports, splitUsageRange } from '../../../electron/core/usage';
import type { UsageData, UsageItem } from '../../../shared/gateway/usage';

const DAY = 86_400;

describe('splitUsageRange', () => {
  it('[LIM-4] [EP-USAGE-PARAM-2] a range of at most 31 days is one window, exactly 31 days included', () => {
    expect(splitUsageRange(1000, 1000 + 7 * DAY)).toEqual([{ start: 1000, end: 1000 + 7 * DAY }]);
    expect(splitUsageRange(0, MAX_USAGE_WINDOW_S)).toEqual([{ start: 0, end: MAX_USAGE_WINDOW_S }]);
  });

  it('[LIM-4] [EP-USAGE-2] one second past 31 days makes a second window of one second, edges shared', () => {
    expect(splitUsageRange(0, MAX_USAGE_WINDOW_S + 1)).toEqual([
      { start: 0, end: MAX_USAGE_WINDOW_S },
      { start: MAX_USAGE_WINDOW_S, end: MAX_USAGE_WINDOW_S + 1 },
    ]);
  });

  it('[LIM-4] a year is 12 windows with no gap and no overlap, none longer than 31 days', () => {
    const start = 1_780_000_000;
    const end = start + 365 * DAY;
    const windows = splitUsageRange(start, end);
    expect(windows).toHaveLength(12);
    expect(windows[0]?.start).toBe(start);
    expect(windows.at(-1)?.end).toBe(end);
    for (const [i, w] of windows.entries()) {
      expect(w.end - w.start).toBeLessThanOrEqual(MAX_USAGE_WINDOW_S);
      expect(w.end).toBeGreaterThan(w.start);
      if (i > 0) expect(w.start).toBe(windows[i - 1]?.end);
    }
  });

  it('[ERR-USAGE-2] an empty or reversed range is sent as it is, for the gateway to name what is wrong', () => {
    expect(splitUsageRange(50, 50)).toEqual([{ start: 50, end: 50 }]);
    expect(splitUsageRange(50, 10)).toEqual([{ start: 50, end: 10 }]);
    expect(() => splitUsageRange(0.5, 10)).toThrow(RangeError);
  });
});

const stats = (amount: number, requests: number, tokens = 0) => ({
  amount_usd: amount,
  credits: Math.round(amount * 10 * 1e6) / 1e6,
  requests,
  prompt_tokens: tokens,
  completion_tokens: 0,
});

function report(start: number, end: number, items: UsageItem[]): UsageData {
  const total = items.reduce(
    (t, i) => ({
      amount_usd: Math.round((t.amount_usd + i.amount_usd) * 1e6) / 1e6,
      credits: Math.round((t.credits + i.credits) * 1e6) / 1e6,
      requests: t.requests + i.requests,
      prompt_tokens: t.prompt_tokens + i.prompt_tokens,
      completion_tokens: 0,
    }),
    stats(0, 0),
  );
  return { scope: 'key', start, end, tz: 'Europe/Berlin', group_by: 'model,date', total, items };
}

describe('mergeUsageReports', () => {
  it('[UREP-7] [UREP-8] [UREP-9] sums a day cut by a window edge into one item and re-sorts by amount', () => {
    const a = report(0, 100, [
      { model: 'video_v1', date: '2026-06-01', ...stats(0.3, 1) },
      { model: 'video_v1', date: '2026-06-02', ...stats(0.1, 1) },
    ]);
    const b = report(100, 200, [
      { model: 'video_v1', date: '2026-06-02', ...stats(0.25, 2) },
      { model: 'speech', date: '2026-06-03', ...stats(0.000123, 1, 40) },
    ]);
    const merged = mergeUsageReports([a, b]);
    expect(merged).toMatchObject({ start: 0, end: 200, tz: 'Europe/Berlin', group_by: 'model,date' });
    expect(merged.items).toEqual([
      { model: 'video_v1', date: '2026-06-02', ...stats(0.35, 3) },
      { model: 'video_v1', date: '2026-06-01', ...stats(0.3, 1) },
      { model: 'speech', date: '2026-06-03', ...stats(0.000123, 1, 40) },
    ]);
    expect(merged.total).toEqual(stats(0.650123, 5, 40));
  });

  it('[UREP-STAT-1] [UREP-STAT-2] sums stay rounded to 6 decimals and credits stay amount x 10', () => {
    const parts = [0.1, 0.2, 0.000001].map((x, i) => report(i, i + 1, [{ model: 'm', ...stats(x, 1) }]));
    const merged = mergeUsageReports(parts);
    expect(merged.total.amount_usd).toBe(0.300001);
    expect(merged.total.credits).toBe(3.00001);
    expect(merged.items).toEqual([{ model: 'm', ...stats(0.300001, 3) }]);
  });

  it('[UREP-8] group_by none keeps no items; one report is returned as it is', () => {
    const none = (s: number) => ({ ...report(s, s + 1, []), group_by: 'none', total: stats(1, 1) });
    const merged = mergeUsageReports([none(0), none(1)]);
    expect(merged.items).toEqual([]);
    expect(merged.total).toEqual(stats(2, 2));
    const one = none(5);
    expect(mergeUsageReports([one])).toBe(one);
    expect(() => mergeUsageReports([])).toThrow(RangeError);
  });
});
