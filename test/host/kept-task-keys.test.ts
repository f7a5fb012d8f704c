// The keys that sent unfinished tasks, as each shell wires them: the desktop app in its keychain-encrypted field
// (platform/desktop-secrets.ts, `secrets.taskKeys`), web mode and the CLI in the data folder's `task-keys` file
// (core/settings/task-keys-file.ts), all through the one vault (core/tasks/submitting-keys.ts). Each test sends a
// task with key A, switches to key B (another user's: the demo gateway answers it 403 on A's tasks) and starts
// again: the new composition polls with key A, so the task completes instead of failing, and the kept key is
// dropped once its files are in.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import type { TaskRecord } from '../../shared/studio/records';
import { runCli } from '../../electron/cli/index';
import { TASK_KEYS_FILE, taskKeysFile } from '../../electron/core/settings/task-keys-file';
import { keyRef, keyVaultIn, SubmittingKeys } from '../../electron/core/tasks/submitting-keys';
import { startWebMode, WEB_KEY_FILE, WEB_TASK_KEYS_FILE } from '../../electron/host/web-mode';
import type { WebMode } from '../../electron/host/web-mode';
import { desktopSecrets } from '../../electron/platform/desktop-secrets';
import type { KeyValueStore } from '../../electron/platform/key-value-store';
import { TASK_KEYS_FIELD } from '../../electron/platform/safe-storage-secret-store';
import type { SafeStorageLike } from '../../electron/platform/safe-storage-secret-store';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import { openTestHost } from '../support/test-host';
import { callWeb } from '../web/web-call';

const keyA = SIM_KEYS.default;
const keyB = SIM_KEYS.other;

let sim: RunningSimulator;
let dir: string;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kept-task-keys-'));
  return () => rm(dir, { recursive: true, force: true });
});

const request = (prompt: string) => ({
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt, size: '1:1', resolution: '1K' },
});

/** electron-store as a map, and safeStorage as a reversible cipher: the OS services, the stores' logic real. */
function keychain(): { store: KeyValueStore; data: Map<string, unknown>; safeStorage: SafeStorageLike } {
  const data = new Map<string, unknown>();
  const store: KeyValueStore = {
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  };
  const safeStorage: SafeStorageLike = {
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptStringAsync: async (plain) => Buffer.from(`enc:${[...plain].reverse().join('')}`),
    decryptStringAsync: async (buf) => ({
      result: [...buf.toString().slice(4)].reverse().join(''),
      shouldReEncrypt: false,
    }),
  };
  return { store, data, safeStorage };
}

describe('the kept keys, as each shell wires them', () => {
  it('desktop: kept encrypted in the keychain field secrets.taskKeys; a restart with key B polls with key A', async () => {
    const { store, data, safeStorage } = keychain();
    const open = () => openTestHost(dir, { ...desktopSecrets(store, safeStorage, 'linux', () => undefined) });
    const first = await open();
    const before = createBridgeCaller({ handlers: first.handlers });
    await before.settings.update({ baseUrl: sim.url });
    await before.secrets.setKey({ key: keyA });
    sim.faults.set({ rate: 1, kinds: ['502'], paths: ['/v1/tasks/'] }); // no answer before the restart
    const task = await before.tasks.submit(request('a keychain at dawn'));
    await first.close();
    sim.faults.clear();

    const field = data.get(TASK_KEYS_FIELD);
    expect(typeof field).toBe('string');
    expect(JSON.stringify([...data])).not.toContain(keyA);
    const kept = await desktopSecrets(store, safeStorage, 'linux').taskKeys.getKey();
    expect(JSON.parse(kept ?? '{}')).toEqual({ [keyRef(keyA)]: keyA });

    const second = await open();
    try {
      const after = createBridgeCaller({ handlers: second.handlers });
      await after.secrets.setKey({ key: keyB });
      await expect
        .poll(async () => (await after.tasks.list()).tasks.find((t) => t.id === task.id)?.state, {
          timeout: 15_000,
        })
        .toBe('completed');
      await expect.poll(() => data.has(TASK_KEYS_FIELD)).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('web mode: kept in the data folder’s task-keys file (0600); a restart with key B polls with key A', async () => {
    expect(WEB_TASK_KEYS_FILE).toBe(TASK_KEYS_FILE);
    let web: WebMode = await startWebMode({ port: 0, dataDir: dir, staticDir: dir, log: () => undefined });
    try {
      expect((await callWeb(web, '/trpc/settings.update', { baseUrl: sim.url })).status).toBe(200);
      expect((await callWeb(web, '/trpc/secrets.setKey', { key: keyA })).status).toBe(200);
      sim.faults.set({ rate: 1, kinds: ['502'], paths: ['/v1/tasks/'] });
      const sent = await callWeb(web, '/trpc/tasks.submit', request('a web page at dawn'));
      expect(sent.status, sent.body).toBe(200);
      const id = (JSON.parse(sent.body) as { result: { data: TaskRecord } }).result.data.id;
      await web.close();
      sim.faults.clear();

      const file = join(dir, TASK_KEYS_FILE);
      if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ [keyRef(keyA)]: keyA });

      // The creator switched keys while the studio was closed.
      await writeFile(join(dir, WEB_KEY_FILE), `${keyB}\n`, { mode: 0o600 });
      web = await startWebMode({ port: 0, dataDir: dir, staticDir: dir, log: () => undefined });
      await expect.poll(() => taskState(web, id), { timeout: 15_000 }).toBe('completed');
      await expect.poll(() => existsSync(file)).toBe(false);
    } finally {
      await web.close();
    }
  });

  it('the CLI and web mode share the one file: a task the CLI sent with key A, web mode with key B completes', async () => {
    // Web mode's data folder, set up with key B; the CLI runs over it (STUDIO_DATA_DIR) with key A.
    let web: WebMode = await startWebMode({ port: 0, dataDir: dir, staticDir: dir, log: () => undefined });
    await callWeb(web, '/trpc/settings.update', { baseUrl: sim.url });
    await callWeb(web, '/trpc/secrets.setKey', { key: keyB });
    await web.close();

    sim.faults.set({ rate: 1, kinds: ['502'], paths: ['/v1/tasks/'] });
    let stdout = '';
    const code = await runCli(
      ['--json', 'generate', 'image_model_id_i3', '--prompt', 'a terminal at dawn', '--no-wait'],
      {
        stdout: (t) => void (stdout += t),
        stderr: () => undefined,
        env: { GATEWAY_BASE_URL: sim.url, GATEWAY_API_KEY: keyA, STUDIO_DATA_DIR: dir, HOME: dir },
        cwd: dir,
        stderrIsTTY: false,
      },
    );
    sim.faults.clear();
    expect(code, stdout).toBe(0);
    const id = (JSON.parse(stdout) as { task: { id: string } }).task.id;
    expect(JSON.parse(await readFile(join(dir, TASK_KEYS_FILE), 'utf8'))).toEqual({ [keyRef(keyA)]: keyA });

    web = await startWebMode({ port: 0, dataDir: dir, staticDir: dir, log: () => undefined });
    try {
      await expect.poll(() => taskState(web, id), { timeout: 15_000 }).toBe('completed');
      await expect.poll(() => existsSync(join(dir, TASK_KEYS_FILE))).toBe(false);
    } finally {
      await web.close();
    }
  });

  it('two processes on the one file: a key one kept is not lost when the other writes', async () => {
    // Each vault as a process holds it: the web host's, read once at its start, and then the CLI's.
    const web = new SubmittingKeys(keyVaultIn(taskKeysFile(dir)));
    await web.restore([]);
    await web.keep(keyA);
    const cli = new SubmittingKeys(keyVaultIn(taskKeysFile(dir)));
    await cli.keep(keyB);
    // The first writes again (another task with key A): it reads the file afresh, not its own copy.
    await web.keep(`${keyA}-second`);
    expect(Object.values(JSON.parse(await readFile(join(dir, TASK_KEYS_FILE), 'utf8')) as object)).toEqual([
      keyA,
      keyB,
      `${keyA}-second`,
    ]);
  });
});

async function taskState(web: WebMode, id: string): Promise<string | undefined> {
  const answer = await callWeb(web, '/trpc/tasks.list', undefined, {});
  const tasks = (JSON.parse(answer.body) as { result: { data: { tasks: TaskRecord[] } } }).result.data.tasks;
  return tasks.find((t) => t.id === id)?.state;
}
