// The default wall clock: with a tiny time scale a task completes and is settled without any clock driving.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../../electron/simulator/index';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.001 });
});
afterAll(() => sim.close());

const get = async (path: string): Promise<Record<string, unknown>> =>
  (await (
    await fetch(`${sim.url}${path}`, { headers: { Authorization: `Bearer ${SIM_KEYS.default}` } })
  ).json()) as Record<string, unknown>;

it('[SVC-1] [STATE-4] a task completes on the real clock and is charged and booked once settled', async () => {
  const usageBefore = (await get('/v1/usage?model=image_model_id_i3')) as {
    data: { total: { requests: number } };
  };
  const ack = await fetch(`${sim.url}/v1/images/generations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SIM_KEYS.default}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'image_model_id_i3', prompt: 'real time' }),
  });
  const id = ((await ack.json()) as { data: { task_id: string }[] }).data[0]?.task_id ?? '';
  let status = '';
  for (let i = 0; i < 200 && status !== 'completed'; i++) {
    await new Promise((r) => setTimeout(r, 10));
    status = String((await get(`/v1/tasks/${id}`)).status);
  }
  expect(status).toBe('completed');
  // Another spelling of the model: a different query, so not served from the usage cache.
  const usageAfter = (await get('/v1/usage?model=IMAGE_MODEL_ID_I3')) as {
    data: { total: { requests: number } };
  };
  expect(usageAfter.data.total.requests).toBe(usageBefore.data.total.requests + 1);
});
