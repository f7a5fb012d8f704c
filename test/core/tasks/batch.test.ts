// Batches: several prompts × n at one press go out as one batch under the request budget,
// each a task of its own carrying the batch's id and size; the spending limits apply to the batch's total;
// a repeat of the press answers with the same tasks and pays for nothing twice.
import { describe, expect, it } from 'vitest';
import { SpendingGuard } from '../../../electron/core/spending';
import type { SpendingPrices } from '../../../electron/core/spending/spending-ledger';
import type { CostEstimate } from '../../../shared/studio/estimates';
import { driveUntil, useEngineRig } from './engine-rig';
import type { CountingGateway } from './engine-rig';

const bench = useEngineRig();
const engine = bench.engine;

const PROMPTS = ['a lighthouse at dusk', 'a lighthouse at night', 'a lighthouse in fog'];
/** Three prompts × 2, as the Create form builds them. */
const sixRequests = () =>
  PROMPTS.flatMap((prompt) =>
    [0, 1].map(() => ({
      family: 'image.i3' as const,
      model: 'image_model_id_i3',
      params: { prompt, size: '1:1', resolution: '1K' },
    })),
  );
const BATCH_KEY = 'batch-key-0001-aaaaaaaa';
const submits = (gw: CountingGateway) => gw.log.filter((r) => r.kind === 'submit');

/** Every I3 run is 0.04 USD, known from 5 runs. */
const flatPrices: SpendingPrices = {
  estimate: (): CostEstimate => ({
    usd: 0.04,
    credits: 0.4,
    basis: 'runs',
    observations: 5,
    dependsOn: [],
    seconds: 10,
  }),
  creditsFor: (usd) => usd * 10,
  gatewayKey: 'http://gateway.test',
};

describe('submitBatch', () => {
  it('sends six tasks under the request budget, each with the batch id and size, and all complete', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { budget: { requests: 2, perMs: 1_000 } });
    await e.start();
    const result = e.submitBatch(sixRequests(), { key: BATCH_KEY });
    const settledAll = () => e.list().length === 6 && e.list().every((t) => e.isSettled(t));
    expect(await driveUntil(bench.rig, e, settledAll)).toBe(true);
    const { batchId, tasks } = await result;
    expect(batchId).toBe(BATCH_KEY);
    expect(tasks).toHaveLength(6);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(6);
    for (const task of e.list()) {
      expect(task.batch).toEqual({ id: BATCH_KEY, size: 6 });
      expect(task.state).toBe('completed');
    }
    expect(
      e
        .list()
        .map((t) => t.params.prompt)
        .sort(),
    ).toEqual([...PROMPTS, ...PROMPTS].sort());
    // One request budget for the whole batch and its polls: never more than 2 in any second.
    expect(gw.maxInWindow(1_000)).toBeLessThanOrEqual(2);
    expect(submits(gw)).toHaveLength(6);
  });

  it('a repeated press with the same key answers with the same tasks and sends nothing', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null, budget: { requests: 100, perMs: 1_000 } });
    await e.start();
    const [first, second] = await Promise.all([
      e.submitBatch(sixRequests(), { key: BATCH_KEY }),
      e.submitBatch(sixRequests(), { key: BATCH_KEY }),
    ]);
    const third = await e.submitBatch(sixRequests(), { key: BATCH_KEY });
    const ids = (r: { tasks: { id: string }[] }) => r.tasks.map((t) => t.id).sort();
    expect(ids(second)).toEqual(ids(first));
    expect(ids(third)).toEqual(ids(first));
    expect(e.list()).toHaveLength(6);
    expect(submits(gw)).toHaveLength(6);
  });

  it('the confirmation threshold and the budget apply to the batch total, not to each task', async () => {
    const db = bench.rig.openDb();
    const guard = new SpendingGuard({
      db,
      clock: bench.rig.clock,
      prices: () => flatPrices,
      systemZone: () => 'UTC',
    });
    guard.setLimits({ unit: 'usd', confirmAbove: 0.2, daily: null, monthly: null, timeZone: null });
    const gw = bench.rig.gateway();
    // The guard on the engine's own connection, as the app and the CLI have it: the check and the row are one
    // transaction on it.
    const e = engine(gw, { db, downloads: null, guard, budget: { requests: 100, perMs: 1_000 } });
    await e.start();
    // 6 × 0.04 = 0.24 > 0.20, although each task alone (0.04) is under the threshold.
    await expect(e.submitBatch(sixRequests(), { key: BATCH_KEY })).rejects.toMatchObject({
      info: { type: 'confirmation_required' },
    });
    expect(e.list()).toHaveLength(0);
    const sent = await e.submitBatch(sixRequests(), { key: BATCH_KEY, confirmed: true });
    expect(sent.tasks).toHaveLength(6);

    // A daily budget of 0.30: 0.24 is spent (estimated until charged), another batch of 0.24 is refused whole.
    guard.setLimits({ unit: 'usd', confirmAbove: null, daily: 0.3, monthly: null, timeZone: null });
    await expect(e.submitBatch(sixRequests(), { key: 'batch-key-0002-bbbbbbbb' })).rejects.toMatchObject({
      info: { type: 'budget_exceeded' },
    });
    expect(e.list()).toHaveLength(6);
    expect(submits(gw)).toHaveLength(6);
  });

  it('refuses an empty batch, one over the limit, and a key with no room for positions', async () => {
    const e = engine(bench.rig.gateway(), { downloads: null });
    await e.start();
    await expect(e.submitBatch([])).rejects.toThrow(/1 to 100 tasks/);
    const many = Array.from({ length: 101 }, () => sixRequests()[0] as ReturnType<typeof sixRequests>[0]);
    await expect(e.submitBatch(many)).rejects.toThrow(/this one has 101/);
    await expect(e.submitBatch(sixRequests(), { key: 'x'.repeat(125) })).rejects.toMatchObject({
      info: { param: 'key' },
    });
    expect(e.list()).toHaveLength(0);
  });
});
