// Conformance: what a task is charged, by model and parameters, as the app's price book has to discover it.
// The simulator prices each family by its own reading of the spec; these tests pin the properties the price
// book relies on (and the bench measures): a cost and credits_cost on every completed task ([TASK-8],
// [TASK-9]), the same charge for the same settings, settings that change the price and settings that do not,
// a steady actual_time per configuration ([TASK-6]), and a usage report that adds up to the tasks ([UREP-*]).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface Done {
  cost: number;
  credits_cost: number;
  actual_time: number;
  estimated_time: number;
}

/** Submits, lets the task finish on the manual clock and reads its final status object. */
async function charged(path: string, body: Record<string, unknown>): Promise<Done> {
  const id = await h.submit(path, body);
  h.clock.advance(HOUR);
  const { body: task } = await h.getJson<Done & { data?: Done }>(`/v1/tasks/${id}`);
  return task.data ?? task;
}

const video = (body: Record<string, unknown>) =>
  charged('/v1/videos/generations', { prompt: 'surf at dawn', ...body });
const image = (body: Record<string, unknown>) =>
  charged('/v1/images/generations', { prompt: 'a red kite', ...body });

describe('simulator pricing', () => {
  it('[TASK-8] [TASK-9] charges every completed task, credits ten per dollar ([UREP-STAT-2])', async () => {
    const t = await image({ model: 'image_model_id_i3' });
    expect(t.cost).toBeGreaterThan(0);
    expect(t.credits_cost).toBeCloseTo(t.cost * 10, 6);
  });

  it('[TASK-8] the same model and settings cost the same and take the same time ([TASK-6])', async () => {
    const a = await video({ model: 'video_model_id_w', duration: 10, resolution: '1080p' });
    const b = await video({ model: 'video_model_id_w', duration: 10, resolution: '1080p', prompt: 'other' });
    expect(b.cost).toBe(a.cost);
    expect(b.actual_time).toBe(a.actual_time);
    expect(a.actual_time).toBe(a.estimated_time);
  });

  it('[TASK-8] [EP-VIDEO-5] family K professional mode doubles the price of std', async () => {
    const std = await video({ model: 'video_model_id_k', mode: 'std', duration: 5 });
    const pro = await video({ model: 'video_model_id_k', mode: 'pro', duration: 5 });
    expect(pro.cost).toBeCloseTo(std.cost * 2, 6);
  });

  it('[TASK-8] [EP-IMAGE-3] family I3 size does not change the price; resolution and prompt_extend do', async () => {
    const square = await image({ model: 'image_model_id_i3', size: '1:1' });
    const wide = await image({ model: 'image_model_id_i3', size: '16:9' });
    const big = await image({ model: 'image_model_id_i3', resolution: '2K' });
    const extended = await image({ model: 'image_model_id_i3', prompt_extend: true });
    expect(wide.cost).toBe(square.cost);
    expect(big.cost).toBeGreaterThan(square.cost);
    expect(extended.cost).toBeGreaterThan(square.cost);
  });

  it('[TASK-8] [EP-IMAGE-2] family I2 is billed per image delivered and by version', async () => {
    const one = await image({ model: 'image_model_id_i2', n: 1 });
    const three = await image({ model: 'image_model_id_i2', n: 3 });
    const sunburst = await image({ model: 'image_model_id_i2', n: 1, version: 'sunburst' });
    expect(three.cost).toBeCloseTo(one.cost * 3, 6);
    expect(sunburst.cost).toBeGreaterThan(one.cost);
  });

  it('[TASK-8] [LIM-11] video is priced by its duration', async () => {
    const five = await video({ model: 'video_model_id_v1_turbo', duration: 5 });
    const ten = await video({ model: 'video_model_id_v1_turbo', duration: 10 });
    expect(ten.cost).toBeCloseTo(five.cost * 2, 6);
    expect(ten.actual_time).toBeGreaterThan(five.actual_time);
  });

  it('[UREP-STAT-1] [UREP-STAT-3] the usage report adds up exactly what the tasks reported', async () => {
    const start = Math.floor(h.clock.now() / 1000);
    const costs = [
      (await video({ model: 'video_model_id_h', duration: 10 })).cost,
      (await video({ model: 'video_model_id_h', duration: 5 })).cost,
    ];
    h.clock.advance(2 * 60_000); // past the 60-second usage cache ([LIM-2])
    const { body } = await h.getJson<{
      data: { items: { model: string; amount_usd: number; requests: number }[] };
    }>(`/v1/usage?start=${start}&end=${start + 3 * 3600 + 600}&group_by=model&model=video_model_id_h`);
    const row = body.data.items.find((i) => i.model === 'video_model_id_h');
    expect(row?.requests).toBe(2);
    expect(row?.amount_usd).toBeCloseTo((costs[0] ?? 0) + (costs[1] ?? 0), 6);
  });
});
