// A model the app cannot price yet is never free. The probe sent 30 tasks of a model with no estimate through a
// 0.50 USD daily budget, a 1.00 USD monthly budget and a 1.00 USD threshold, and 18 USD were charged while the
// spending summary said nothing had been spent. Here the same press against the real engine and simulator: it
// is asked about ("no estimate yet for this model"), held to one task until its cost is known, and counted the
// moment it is sent, at the user's price to assume when there is one.
import { describe, expect, it } from 'vitest';
import { PriceBook } from '../../../electron/core/pricing';
import { SpendingGuard } from '../../../electron/core/spending';
import type { SpendingLimits } from '../../../shared/studio/spending';
import { driveUntil, useEngineRig } from '../tasks/engine-rig';

const bench = useEngineRig(() => ({ downloads: null }));

const shot = (prompt: string) => ({
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt, size: '16:9', resolution: '1K' },
});
const PROBE_LIMITS: SpendingLimits = {
  unit: 'usd',
  confirmAbove: 1,
  daily: 0.5,
  monthly: 1,
  timeZone: 'UTC',
};

function setup(limits: SpendingLimits) {
  const { rig } = bench;
  const db = rig.openDb();
  const book = new PriceBook({ db, gateway: rig.sim.url, clock: rig.clock });
  const guard = new SpendingGuard({ db, clock: rig.clock, prices: () => book, systemZone: () => 'UTC' });
  guard.setLimits(limits);
  const gw = rig.gateway();
  // One connection for the engine and the guard, as the app and the CLI have.
  const engine = bench.engine(gw, { db, guard, history: book });
  const sent = () => gw.log.filter((r) => r.kind === 'submit').length;
  return { engine, guard, book, sent };
}

describe('a model with no estimate yet, under budgets and a threshold', () => {
  it('a batch of 30 is refused before anything is sent: one goes first and teaches the price', async () => {
    const { engine, sent } = setup(PROBE_LIMITS);
    await engine.start();
    const batch = Array.from({ length: 30 }, (_, i) => shot(`kite ${i}`));
    await expect(engine.submitBatch(batch, { confirmed: true })).rejects.toThrow(
      /Not sent: there is no estimate yet for this model, so under your (daily|monthly) budget of .* one task goes first/,
    );
    expect(sent()).toBe(0);
    expect(engine.list()).toEqual([]);
  });

  it('one is asked about first, saying there is no estimate; once sent it holds the budget until its cost is known', async () => {
    const { engine, guard, book, sent } = setup(PROBE_LIMITS);
    await engine.start();
    await expect(engine.submit(shot('first'))).rejects.toThrow(
      /There is no estimate yet for this model \(image_model_id_i3\).*Confirm it to send it/,
    );
    expect(sent()).toBe(0);
    const first = await engine.submit(shot('first'), { confirmed: true });
    expect(sent()).toBe(1);
    // In flight with no price: the summary says so instead of "nothing spent", and nothing else may go.
    expect(guard.summary().day).toMatchObject({ spent: 0, unpriced: 1 });
    await expect(engine.submit(shot('second'), { confirmed: true })).rejects.toThrow(
      /Not sent: a task with no estimate yet is still running/,
    );
    expect(sent()).toBe(1);

    // Its cost arrives: it is settled at what was charged, and the book now prices the model.
    expect(await driveUntil(bench.rig, engine, () => engine.get(first.id)?.state === 'completed')).toBe(true);
    const cost = engine.get(first.id)?.cost ?? 0;
    expect(cost).toBeGreaterThan(0);
    expect(guard.summary().day).toMatchObject({ charged: cost, unpriced: 0 });
    expect(book.estimate(shot('third')).usd).toBeCloseTo(cost, 6);
  });

  it('with a price to assume, each task counts at it from the moment it is written', async () => {
    const { engine, guard, sent } = setup({ ...PROBE_LIMITS, confirmAbove: null, unknownPrice: 0.2 });
    await engine.start();
    // Two at 0.20 fit 0.50 today; a third would not. Nothing is asked: the price to assume stands in.
    const result = await engine.submitBatch([shot('a'), shot('b')]);
    expect(result.tasks).toHaveLength(2);
    expect(guard.summary().day).toMatchObject({ estimated: 0.4, unpriced: 0 });
    await expect(engine.submit(shot('c'))).rejects.toThrow(
      /Not sent: your daily budget is 0\.5000 USD and 0\.4000 USD has been spent today/,
    );
    expect(sent()).toBe(2);
  });
});
