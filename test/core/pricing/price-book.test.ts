// The price book on recorded task costs: the figures are what the simulator charged for these settings
// ([TASK-8] cost, [TASK-9] credits_cost, [TASK-6] actual_time), so the tests read like a user's history.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { PriceBook } from '../../../electron/core/pricing';
import type { RunObservation } from '../../../electron/core/pricing';
import { useStudioDb } from '../../support/studio-db';

const GW = 'http://gateway.test';
const studio = useStudioDb('price-book-');
const clock = new ManualClock(Date.UTC(2026, 10, 1));

let seq = 0;
/** Family K at 0.07 USD per second, professional mode twice the price; aspect ratio free ([EP-VIDEO-5]). */
function kRun(mode: string, aspect: string, duration = 5): RunObservation {
  const cost = Math.round(0.07 * duration * (mode === 'std' ? 1 : 2) * 1e6) / 1e6;
  return {
    family: 'video.k',
    model: 'video_model_id_k',
    params: { prompt: `shot ${++seq}`, mode, aspect_ratio: aspect, duration },
    cost,
    creditsCost: cost * 10,
    actualTime: 60 + 12 * duration,
    taskId: `t${seq}`,
  };
}

const k = (params: Record<string, unknown>) => ({
  family: 'video.k' as const,
  model: 'video_model_id_k',
  params: { prompt: 'anything', ...params },
});

describe('price book', () => {
  it('finds that a parameter doubles the price and that another changes nothing [TASK-8]', () => {
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    for (const run of [
      kRun('std', '16:9'),
      kRun('std', '9:16'),
      kRun('pro', '16:9'),
      kRun('std', '1:1'),
      kRun('pro', '9:16'),
      kRun('pro', '1:1'),
    ])
      book.observe(run);
    const pro = book.estimate(k({ mode: 'pro', aspect_ratio: '21:9', duration: 5 }));
    const std = book.estimate(k({ mode: 'std', aspect_ratio: '4:3', duration: 5 }));
    expect(pro.usd).toBeCloseTo(0.7, 6);
    expect(std.usd).toBeCloseTo(0.35, 6);
    expect(pro.dependsOn).toContain('mode');
    expect(pro.dependsOn).not.toContain('aspect_ratio');
    expect(pro).toMatchObject({ basis: 'runs', observations: 6 });
    expect(pro.credits).toBeCloseTo(7, 6); // [TASK-9] at the rate the tasks reported
  });

  it('scales a numeric setting it has seen vary, for a value never run [LIM-11]', () => {
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    for (const d of [5, 10, 3, 5, 8, 10]) book.observe(kRun('std', '16:9', d));
    const seven = book.estimate(k({ mode: 'std', duration: 7 }));
    expect(seven.usd).toBeCloseTo(0.49, 3);
    expect(seven.dependsOn).toEqual(['duration']);
  });

  it('says there is no estimate before the first run, and learns duration from actual_time [TASK-6]', () => {
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    expect(book.estimate(k({}))).toMatchObject({ usd: null, basis: 'none', observations: 0 });
    expect(book.expectedDurationMs(k({ mode: 'std', duration: 5 }))).toBeNull();
    book.observe(kRun('std', '16:9', 5));
    expect(book.estimate(k({ mode: 'std', duration: 5 }))).toMatchObject({ seconds: 120, observations: 1 });
    // Pacing trusts only the very configuration that ran: the same settings, whatever the prompt.
    expect(book.expectedDurationMs(k({ mode: 'std', aspect_ratio: '16:9', duration: 5 }))).toBe(120_000);
    expect(book.expectedDurationMs(k({ mode: 'std', aspect_ratio: '16:9', duration: 10 }))).toBeNull();
  });

  it('survives a restart and keeps gateways apart', () => {
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    book.observe(kRun('std', '16:9'));
    book.observe(kRun('std', '16:9')); // another task
    const again = new PriceBook({ db: studio.db, gateway: `${GW}/`, clock });
    expect(again.estimate(k({ mode: 'std', duration: 5 }))).toMatchObject({
      usd: expect.closeTo(0.35, 6),
      observations: 2,
    });
    const other = new PriceBook({ db: studio.db, gateway: 'http://elsewhere.test', clock });
    expect(other.estimate(k({ mode: 'std', duration: 5 })).usd).toBeNull();
  });

  it('learns one task once, however often it is reported', () => {
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    const run = kRun('std', '16:9');
    book.observe(run);
    book.observe(run);
    expect(book.estimate(k({ mode: 'std' })).observations).toBe(1);
  });

  it('starts from the usage history per model until the model runs here [UREP-STAT-1] [UREP-STAT-3]', () => {
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    expect(book.hasUsagePriors()).toBe(false);
    book.seedFromUsage([
      { model: 'video_model_id_k', amountUsd: 4.2, requests: 12 },
      { model: 'music_model_id', amountUsd: 0, requests: 0 },
    ]);
    expect(book.hasUsagePriors()).toBe(true);
    expect(book.estimate(k({}))).toMatchObject({
      usd: expect.closeTo(0.35, 6),
      basis: 'usage',
      observations: 12,
    });
    book.observe(kRun('pro', '16:9'));
    expect(book.estimate(k({ mode: 'pro' }))).toMatchObject({
      usd: expect.closeTo(0.7, 6),
      basis: 'runs',
      observations: 1,
    });
  });

  it('totals a batch and counts the items it cannot price', () => {
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    book.observe(kRun('std', '16:9'));
    const batch = book.estimateBatch([
      k({ mode: 'std' }),
      k({ mode: 'std' }),
      { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: 'x' } },
    ]);
    expect(batch.totalUsd).toBeCloseTo(0.7, 6);
    expect(batch.unknown).toBe(1);
  });

  it('prices a request that leaves n to the gateway as the runs that left it were charged [EP-IMAGE-5]', () => {
    // I5 has no default n in the catalog: the gateway's own default (one image) is what the omitted runs show.
    const i5Run = (n: number | undefined): RunObservation => {
      const images = n ?? 1;
      return {
        family: 'image.i5',
        model: 'image_model_id_i5',
        params: { prompt: `portrait ${++seq}`, resolution: '1K', ...(n === undefined ? {} : { n }) },
        cost: Math.round(0.035 * images * 1e6) / 1e6,
        creditsCost: null,
        actualTime: 15,
        taskId: `t${seq}`,
      };
    };
    const i5 = (params: Record<string, unknown>) => ({
      family: 'image.i5' as const,
      model: 'image_model_id_i5',
      params: { prompt: 'anything', resolution: '1K', ...params },
    });
    const book = new PriceBook({ db: studio.db, gateway: GW, clock });
    for (const n of [2, 2, 3, 2]) book.observe(i5Run(n));
    // No run has left n out yet: the usual n of the runs here (2) is the best guess.
    expect(book.estimate(i5({})).usd).toBeCloseTo(0.07, 6);
    book.observe(i5Run(undefined));
    expect(book.estimate(i5({})).usd).toBeCloseTo(0.035, 6);
    expect(book.estimate(i5({ n: 4 })).usd).toBeCloseTo(0.14, 6);
  });
});
