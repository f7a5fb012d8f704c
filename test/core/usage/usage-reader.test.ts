// The usage reader against the real simulator: a range longer than 31 days is asked window by window and
// merged ([LIM-4], [EP-USAGE-2]), and the gateway's 60-second cache ([LIM-2], [EP-USAGE-3]) dates the figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { GatewayClient } from '../../../electron/core/gateway';
import { UsageReader } from '../../../electron/core/usage';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/index';
import type { UsageQueryInput } from '../../../shared/gateway/usage';
import { daysToRange } from '../../../shared/studio/zoned-days';

let sim: RunningSimulator;
const clock = new ManualClock(Date.UTC(2026, 10, 20, 10, 0, 0));
let client: GatewayClient;
let calls: UsageQueryInput[];
let reader: UsageReader;

beforeAll(async () => {
  sim = await startSimulator({ clock, seed: 29 });
  client = new GatewayClient({ baseUrl: sim.url, apiKey: sim.keys.default, clock });
});
afterAll(() => sim.close());

function freshReader(): UsageReader {
  calls = [];
  return new UsageReader((q) => {
    calls.push(q);
    return client.usage(q);
  }, clock);
}

describe('UsageReader over the simulator', () => {
  it('[LIM-4] [EP-USAGE-2] [UREP-9] 40 days in Berlin across the end of DST take two windows; the day cut by their edge is summed once', async () => {
    await clock.advance(61_000); // a fresh cache and rate-limit window
    reader = freshReader();
    const tz = 'Europe/Berlin';
    const { start, end } = daysToRange('2026-10-10', '2026-11-18', tz);
    const base = { group_by: 'model,date', tz, scope: 'account' } as const;
    const reading = await reader.read({ ...base, start, end });
    expect(reading.windows).toBe(2);
    expect(calls.map((c) => [c.start, c.end])).toEqual([
      [start, start + 31 * 86_400],
      [start + 31 * 86_400, end],
    ]);
    expect(reading.report).toMatchObject({ start, end, tz, group_by: 'model,date' });
    // 31 x 24 h after a CEST midnight is 23:00 CET: the edge cuts Nov 9. That day alone, in one query, has the
    // same items as the merge.
    const edgeDay = '2026-11-09';
    const day = daysToRange(edgeDay, edgeDay, tz);
    expect(day.start).toBeLessThan(start + 31 * 86_400);
    expect(day.end).toBeGreaterThan(start + 31 * 86_400);
    // Seed 29 bills the same model on Nov 9 on both sides of the edge, so the merge has something to sum.
    const edge = start + 31 * 86_400;
    const before = await client.usage({ ...base, start: day.start, end: edge });
    const after = await client.usage({ ...base, start: edge, end: day.end });
    expect(after.report.items.some((a) => before.report.items.some((b) => b.model === a.model))).toBe(true);
    const alone = await client.usage({ ...base, ...day });
    const merged = reading.report.items.filter((i) => i.date === edgeDay);
    expect(alone.report.items.length).toBeGreaterThan(0);
    expect(merged).toEqual(alone.report.items);
    // The whole range split elsewhere (at 20 days) totals the same.
    const mid = start + 20 * 86_400;
    const first = await client.usage({ ...base, start, end: mid, group_by: 'none' });
    const second = await client.usage({ ...base, start: mid, end, group_by: 'none' });
    expect(reading.report.total.requests).toBe(first.report.total.requests + second.report.total.requests);
    expect(reading.report.total.amount_usd).toBeCloseTo(
      first.report.total.amount_usd + second.report.total.amount_usd,
      6,
    );
    expect(reading.report.items.reduce((s, i) => s + i.requests, 0)).toBe(reading.report.total.requests);
  });

  it('[LIM-2] [EP-USAGE-3] a cached answer is dated by when it was computed, a fresh one by now', async () => {
    await clock.advance(61_000);
    reader = freshReader();
    const query = {
      start: clock.now() / 1000 - 86_400 * 3,
      end: clock.now() / 1000,
      group_by: 'model',
    } as const;
    const computedAt = clock.now();
    const miss = await reader.read(query);
    expect(miss).toMatchObject({ cache: 'miss', asOf: computedAt, windows: 1 });
    await clock.advance(20_000);
    const hit = await reader.read(query);
    expect(hit).toMatchObject({ cache: 'hit', asOf: computedAt });
    expect(hit.report).toEqual(miss.report);
    // A hit this reader never saw computed is at most a minute old.
    const other = freshReader();
    expect(await other.read(query)).toMatchObject({ cache: 'hit', asOf: clock.now() - 60_000 });
    await clock.advance(41_000);
    expect(await reader.read(query)).toMatchObject({ cache: 'miss', asOf: clock.now() });
  });

  it('[LIM-4] tells each window as it is answered, and a stopped read asks the gateway for no further window', async () => {
    await clock.advance(61_000);
    reader = freshReader();
    const end = clock.now() / 1000;
    const query = { start: end - 86_400 * 100, end, group_by: 'model' } as const;
    const told: [number, number][] = [];
    const stop = new AbortController();
    const read = reader.read(query, {
      signal: stop.signal,
      onWindow: (done, total) => {
        told.push([done, total]);
        if (done === 2) stop.abort(new Error('stopped by the creator'));
      },
    });
    await expect(read).rejects.toThrow('stopped by the creator');
    expect(told).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
    ]);
    expect(calls).toHaveLength(2);
  });
});
