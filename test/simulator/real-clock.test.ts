// The default wall clock: with a tiny time scale a task completes and is settled without any clock driving. The
// test waits for the task's own webhook (sent at the terminal instant, after the charge is booked) or, should the
// webhook not get through on a busy machine (its receiver gets 200 ms of real time per try), for the task's state.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../../electron/simulator/index';

let sim: RunningSimulator;
const receiver = createServer();
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.001, allowLoopbackWebhooks: true });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await sim.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const get = async (path: string): Promise<Record<string, unknown>> =>
  (await (
    await fetch(`${sim.url}${path}`, { headers: { Authorization: `Bearer ${SIM_KEYS.default}` } })
  ).json()) as Record<string, unknown>;

it('[SVC-1] [STATE-4] a task completes on the real clock and is charged and booked once settled', async () => {
  const usageBefore = (await get('/v1/usage?model=image_model_id_i3')) as {
    data: { total: { requests: number } };
  };
  const told = new Promise<void>((resolve) =>
    receiver.once('request', (req, res) => {
      res.end();
      req.resume();
      resolve();
    }),
  );
  const { port } = receiver.address() as AddressInfo;
  const ack = await fetch(`${sim.url}/v1/images/generations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SIM_KEYS.default}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: 'image_model_id_i3',
      prompt: 'real time',
      webhook: `http://127.0.0.1:${port}/done`,
    }),
  });
  const id = ((await ack.json()) as { data: { task_id: string }[] }).data[0]?.task_id ?? '';
  const state = async () => String((await get(`/v1/tasks/${id}`)).status);
  await Promise.race([told, expect.poll(state, { timeout: 15_000, interval: 100 }).toBe('completed')]);
  expect(await state()).toBe('completed');
  // Another spelling of the model: a different query, so not served from the usage cache.
  const usageAfter = (await get('/v1/usage?model=IMAGE_MODEL_ID_I3')) as {
    data: { total: { requests: number } };
  };
  expect(usageAfter.data.total.requests).toBe(usageBefore.data.total.requests + 1);
});
