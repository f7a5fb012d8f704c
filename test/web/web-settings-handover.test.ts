// Changing the request budget or the library folder rebuilds the core (engine, downloads, library). A submission
// in flight at that moment must not become 'interrupted' ("The app stopped…"): the old engine hands over, the
// submission gets its answer, and a row waiting out a 429 is sent on by the new engine. Web mode over real HTTP
// against the simulator with its fault injection.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebMode } from '../../electron/host/web-mode';
import type { WebMode } from '../../electron/host/web-mode';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import type { TaskRecord } from '../../shared/studio/records';
import { callWeb } from './web-call';

let sim: RunningSimulator;
let root: string;
let web: WebMode;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
  root = await mkdtemp(join(tmpdir(), 'studio-web-handover-'));
  web = await startWebMode({ port: 0, dataDir: join(root, 'data'), staticDir: root, log: () => undefined });
  expect((await callWeb(web, '/trpc/settings.update', { baseUrl: sim.url })).status).toBe(200);
  expect((await callWeb(web, '/trpc/secrets.setKey', { key: SIM_KEYS.default })).status).toBe(200);
});
afterAll(async () => {
  await web?.close();
  await sim.close();
  await rm(root, { recursive: true, force: true });
});

const submit = (prompt: string) =>
  callWeb(web, '/trpc/tasks.submit', {
    family: 'image.i3',
    model: 'image_model_id_i3',
    params: { prompt },
  }).then((answer) => {
    const task = answer.data<TaskRecord>();
    if (!task) throw new Error(answer.body);
    return task;
  });

// The task as the Tasks page sees it: found in tasks.list by its id.
const task = async (id: string): Promise<TaskRecord | undefined> =>
  (await callWeb(web, '/trpc/tasks.list', undefined, { limit: 1000 }))
    .data<{ tasks: TaskRecord[] }>()
    ?.tasks.find((t) => t.id === id);

async function acknowledged(id: string): Promise<TaskRecord | undefined> {
  await expect
    .poll(async () => (await task(id))?.remoteId ?? null, { timeout: 15_000, interval: 50 })
    .not.toBeNull();
  return task(id);
}

describe('settings changes while a submission is in flight', () => {
  it('[ERR-9] a submission waiting out a 429 is sent on by the rebuilt engine, not interrupted', async () => {
    sim.faults.set({ paths: ['/v1/images/generations'], retryAfterSeconds: 1 });
    sim.faults.enqueue('429');
    const waiting = await submit('sent after the rate limit');
    expect(waiting.state).toBe('submitting');
    expect(waiting.error?.httpStatus).toBe(429);
    sim.faults.clear();

    const updated = await callWeb(web, '/trpc/settings.update', { pollBudgetPerSecond: 3 });
    expect(updated.status, updated.body).toBe(200);
    const done = await acknowledged(waiting.id);
    expect(done?.state).not.toBe('interrupted');
    expect(sim.createdTasks().filter((t) => t.body.prompt === 'sent after the rate limit')).toHaveLength(1);
  });

  it('a submission still waiting for the request budget when the library folder moves gets its answer', async () => {
    // One request every 4 s: the second submission waits for the budget while the folder changes.
    expect((await callWeb(web, '/trpc/settings.update', { pollBudgetPerSecond: 0.25 })).status).toBe(200);
    const first = submit('first under a slow budget');
    const second = submit('second under a slow budget');
    const moved = callWeb(web, '/trpc/settings.update', { libraryDir: join(root, 'moved-library') });
    const [a, b, change] = await Promise.all([first, second, moved]);
    expect(change.status, change.body).toBe(200);
    for (const submitted of [a, b]) {
      expect(submitted.state, JSON.stringify(submitted.error)).not.toBe('failed');
      expect(submitted.state).not.toBe('interrupted');
      expect((await acknowledged(submitted.id))?.state).not.toBe('interrupted');
    }
    const created = sim.createdTasks().filter((t) => String(t.body.prompt).endsWith('under a slow budget'));
    expect(created).toHaveLength(2);
  }, 30_000);
});
