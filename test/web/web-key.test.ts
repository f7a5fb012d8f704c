// Web mode keeps the key across restarts (a 0600 file in the data folder), so I2 crash recovery works: a
// submission caught mid-flight is resent under its Idempotency-Key as soon as web mode starts again, without
// the user typing the key first.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStore } from '../../electron/core/tasks/task-store';
import { startWebMode, WEB_KEY_FILE } from '../../electron/host/web-mode';
import type { WebMode } from '../../electron/host/web-mode';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import { callWeb } from './web-call';
import type { CallAnswer } from './web-call';
import { newTask } from '../support/new-task';

let sim: RunningSimulator;
let root: string;
let dataDir: string;
let web: WebMode | null = null;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
  root = await mkdtemp(join(tmpdir(), 'studio-web-key-'));
  dataDir = join(root, 'data');
});
afterAll(async () => {
  await web?.close();
  await sim.close();
  await rm(root, { recursive: true, force: true });
});

function call(path: string, body?: unknown, input?: unknown): Promise<CallAnswer> {
  if (!web) throw new Error('web mode is not running');
  return callWeb(web, path, body, input);
}

const start = async (): Promise<void> => {
  web = await startWebMode({ port: 0, dataDir, staticDir: root, log: () => undefined });
};

describe('web mode key across restarts', () => {
  it('[EP-IMAGE-I2HDR-1] keeps the key in a 0600 file, so an I2 submission cut off by a crash is resent at the next start', async () => {
    await start();
    expect((await call('/trpc/settings.update', { baseUrl: sim.url })).status).toBe(200);
    const keyed = await call('/trpc/secrets.setKey', { key: SIM_KEYS.default });
    expect(keyed.status, keyed.body).toBe(200);
    expect(keyed.body).not.toContain(SIM_KEYS.default);
    const keyFile = join(dataDir, WEB_KEY_FILE);
    if (process.platform !== 'win32') expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(SIM_KEYS.default);
    await web?.close();
    web = null;

    // The crash: the row was written in 'submitting' with its Idempotency-Key and sent, and no answer was
    // stored (a row never sent is held for the person instead: sender.ts).
    const db = openStudioDatabase(join(dataDir, 'studio.db'));
    const id = randomUUID();
    const store = new TaskStore(db);
    store.insert(
      newTask({
        id,
        family: 'image.i2',
        model: 'image_model_id_i2',
        params: { prompt: 'recovered after a crash', n: 1 },
        idempotencyKey: randomUUID(),
        createdAt: Date.now(),
      }),
      'submitting',
    );
    store.update(id, { sentAt: Date.now(), updatedAt: Date.now() });
    db.close();
    const before = sim.createdTasks().length;

    await start();
    const status = JSON.parse((await call('/trpc/session.status')).body) as {
      result: { data: { hasKey: boolean } };
    };
    expect(status.result.data.hasKey).toBe(true);
    await expect
      .poll(
        async () => {
          const page = (await call('/trpc/tasks.list', undefined, { limit: 1000 })).data<{
            tasks: { id: string; remoteId: string | null }[];
          }>();
          return page?.tasks.find((t) => t.id === id)?.remoteId ?? null;
        },
        { timeout: 10_000, interval: 50 },
      )
      .not.toBeNull();
    expect(sim.createdTasks().length).toBe(before + 1);
  });
});
