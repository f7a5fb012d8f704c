// The host against the real simulator, through the real gateway client, task engine, downloads and library:
// what the renderer sees through each procedure, and that no key is in any of it.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge/record-schemas';
import { createBridgeCaller } from '../../shared/bridge/router';
import { openTestHost } from '../support/test-host';
import type { StudioHost } from '../../electron/host/studio-host';
import { startSimulator, SIM_KEYS } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import type { TaskRecord } from '../../shared/studio/records';

const FAST = { timeScale: 0.02 };
const ALL_KEYS = Object.values(SIM_KEYS);

let dataDir: string;
let host: StudioHost;
const desktopCalls: string[] = [];
let live: RunningSimulator;
const seen: unknown[] = [];

/** Everything a procedure returns is recorded, so the last test can check that no key is in any of it. */
function caller() {
  const call = createBridgeCaller({ handlers: host.handlers });
  return new Proxy(call, {
    get(target, ns: string) {
      const namespace = (
        target as unknown as Record<string, Record<string, (i?: unknown) => Promise<unknown>>>
      )[ns];
      if (!namespace) return undefined;
      return new Proxy(namespace, {
        get(inner, name: string) {
          const fn = inner[name];
          return async (input?: unknown) => {
            try {
              if (!fn) throw new Error(`no procedure ${ns}.${name}`);
              const out = await fn(input);
              seen.push(out);
              return out;
            } catch (error) {
              seen.push({ message: (error as Error).message, cause: (error as { cause?: unknown }).cause });
              throw error;
            }
          };
        },
      });
    },
  }) as typeof call;
}

async function nextEvents(
  count: number,
  until: (e: BridgeEvent) => boolean,
  signal: AbortSignal,
): Promise<BridgeEvent[]> {
  const events: BridgeEvent[] = [];
  for await (const event of host.handlers.events(signal)) {
    events.push(event);
    seen.push(event);
    if (until(event) || events.length >= count) break;
  }
  return events;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-host-'));
  live = await startSimulator(FAST);
  host = await openTestHost(dataDir, {
    desktop: {
      chooseFolder: async (current) => (desktopCalls.push(`choose:${current}`), '/picked/folder'),
      showInFolder: (path) => void desktopCalls.push(`show:${path}`),
      startDrag: (path) => void desktopCalls.push(`drag:${path}`),
      trashItem: async (path) => void desktopCalls.push(`trash:${path}`),
    },
    simulator: FAST,
  });
});

afterAll(async () => {
  await host?.close();
  await live?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('studio host', () => {
  it('starts unconfigured and refuses gateway work with a sentence, not a crash', async () => {
    const bridge = caller();
    const status = await bridge.session.status();
    expect(status).toMatchObject({
      mode: 'unconfigured',
      hasKey: false,
      baseUrl: null,
      mediaBaseUrl: '/media/',
      // The desktop app offers the demo gateway on first run.
      demoAvailable: true,
    });
    expect(status.libraryDir).toBe(join(dataDir, 'library'));
    await expect(bridge.account.balance()).rejects.toMatchObject({
      message: expect.stringMatching(/No gateway is set up/),
    });
    await expect(
      bridge.tasks.submit({ family: 'image.i3', model: 'image_model_id_i3', params: { prompt: 'x' } }),
    ).rejects.toThrow(/No gateway/);
    // Nothing was written for the refused submission.
    expect((await bridge.tasks.list()).total).toBe(0);
  });

  it('[TBAL-1] [TBAL-3] a key and base URL make it live; a missing token record reads as a message [EP-TBAL-2]', async () => {
    const bridge = caller();
    await bridge.settings.update({ baseUrl: `${live.url}/` });
    const status = await bridge.secrets.setKey({ key: SIM_KEYS.orphan });
    expect(status).toMatchObject({ mode: 'live', hasKey: true, baseUrl: live.url });
    const balance = await bridge.account.balance();
    expect(balance.success).toBe(false);
    if (!balance.success) expect(balance.message.length).toBeGreaterThan(0);

    await bridge.secrets.setKey({ key: SIM_KEYS.unlimited });
    // [TBAL-7] unlimited: no remaining amount to show.
    expect(await bridge.account.balance()).toMatchObject({
      success: true,
      unlimited: true,
      remainBalance: null,
      remainCredits: null,
    });

    // [AUTH-2] A replacement the gateway refuses is refused with its sentence; the working key stays in use.
    await expect(bridge.secrets.setKey({ key: SIM_KEYS.expired })).rejects.toMatchObject({
      cause: { info: { httpStatus: 401, type: 'authentication_error' } },
    });
    expect(await bridge.account.balance()).toMatchObject({ success: true, unlimited: true });
    expect(await bridge.session.status()).toMatchObject({ mode: 'live', hasKey: true });

    const cleared = await bridge.secrets.clearKey();
    expect(cleared).toMatchObject({ mode: 'unconfigured', hasKey: false });
    // With no key before it, a refused key leaves none.
    await expect(bridge.secrets.setKey({ key: SIM_KEYS.expired })).rejects.toMatchObject({
      cause: { info: { httpStatus: 401 } },
    });
    expect(await bridge.session.status()).toMatchObject({ mode: 'unconfigured', hasKey: false });
  });

  it('[EP-USAGE-2] [EP-USAGE-3] usage carries the report and the cache header', async () => {
    const bridge = caller();
    await bridge.secrets.setKey({ key: SIM_KEYS.default });
    const first = await bridge.usage.query({ groupBy: 'model', scope: 'account' });
    expect(first.report.groupBy).toBe('model');
    expect(first.report.scope).toBe('account');
    expect(first.cache).toBe('miss');
    const again = await bridge.usage.query({ groupBy: 'model', scope: 'account' });
    expect(again.cache).toBe('hit');
    expect(again.report.total.credits).toBeCloseTo(again.report.total.amountUsd * 10, 4); // [UREP-STAT-2]
  });

  it('[LIM-4] usage.read tells each 31-day window as it is answered, then the merged result, and stops when dropped', async () => {
    const bridge = caller();
    await bridge.secrets.setKey({ key: SIM_KEYS.default });
    const day = 86_400;
    const start = 1_700_000_000;
    const range = { start, end: start + 80 * day, groupBy: 'model' as const, scope: 'account' as const };
    const steps: unknown[] = [];
    for await (const step of await bridge.usage.read(range)) steps.push(step);
    expect(steps.slice(0, 4)).toEqual([
      { kind: 'progress', done: 0, total: 3 },
      { kind: 'progress', done: 1, total: 3 },
      { kind: 'progress', done: 2, total: 3 },
      { kind: 'progress', done: 3, total: 3 },
    ]);
    expect(steps[4]).toMatchObject({ kind: 'result', result: { windows: 3 } });
    expect(steps).toHaveLength(5);

    // Dropped after its first window (a creator pressing Cancel): no result comes, and the reader stops.
    const seen: unknown[] = [];
    const longer = { ...range, end: start + 400 * day };
    for await (const step of await bridge.usage.read(longer)) {
      seen.push(step);
      break;
    }
    expect(seen).toEqual([{ kind: 'progress', done: 0, total: 13 }]);
  });

  it('[EP-IMAGE-3] the demo gateway takes an I3 image from submission to a library file with a media path', async () => {
    const bridge = caller();
    const status = await bridge.session.useDemo();
    expect(status.mode).toBe('demo');
    expect(status.hasKey).toBe(true);
    expect(status.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status.baseUrl).not.toBe(live.url);
    const balance = await bridge.account.balance();
    expect(balance).toMatchObject({ success: true, unlimited: false });

    const controller = new AbortController();
    const done = nextEvents(500, (e) => e.type === 'library' && e.change === 'added', controller.signal);
    const task = await bridge.tasks.submit({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a lighthouse at dusk', size: '16:9', resolution: '1K' },
    });
    expect(task.remoteId).not.toBeNull();
    const events = await done;
    controller.abort();
    const states = events.flatMap((e) => (e.type === 'task' && e.task.id === task.id ? [e.task.state] : []));
    expect(states).toContain('completed');
    const added = events.find((e) => e.type === 'library');
    if (added?.type !== 'library') throw new Error('no library event');
    expect(added.item.taskId).toBe(task.id);
    expect(added.item.relativePath).toMatch(/^\d{4}-\d{2}-\d{2}\/[^/]+\.png$/);
    expect(existsSync(join(status.libraryDir, ...added.item.relativePath.split('/')))).toBe(true);
    expect(added.item).toMatchObject({ width: 1280, height: 720 }); // [EP-IMAGE-I3SIZE-4]

    const page = await bridge.library.query({ kind: 'image' });
    expect(page.items.map((i) => i.id)).toContain(added.item.id);
    const fav = await bridge.library.setFavourite({ id: added.item.id, favourite: true });
    expect(fav.favourite).toBe(true);

    // Desktop actions act on the library's own path for the id, never a path from the renderer.
    await bridge.desktop.showInFolder({ id: added.item.id });
    await bridge.desktop.startDrag({ id: added.item.id });
    expect(desktopCalls).toEqual([`show:${added.item.path}`, `drag:${added.item.path}`]);
    await expect(bridge.desktop.startDrag({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await bridge.desktop.chooseLibraryFolder()).toEqual({ path: '/picked/folder' });
    expect((await bridge.tasks.list()).tasks.find((t) => t.id === task.id)?.state).toBe('completed');

    // [TASK-8] [TASK-6] The completed run taught the demo gateway's price book its price and time.
    const i3 = { family: 'image.i3' as const, model: 'image_model_id_i3', params: { prompt: 'another' } };
    const estimate = await bridge.estimates.submissions({ requests: [i3, i3] });
    expect(estimate.items[0]).toMatchObject({ basis: 'runs', observations: 1 });
    expect(estimate.totalUsd).toBeCloseTo(0.04, 6);
    expect(estimate.items[0]?.seconds).toBeGreaterThan(0);
  });

  it('[EP-IMAGE-3] an nsfw rejection is kept on a failed task with what was flagged', async () => {
    const bridge = caller();
    const task: TaskRecord = await bridge.tasks.submit({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a [nsfw] scene', nsfw_check: true },
    });
    expect(task.state).toBe('failed');
    expect(task.error).toMatchObject({ httpStatus: 400, type: 'nsfw_content_detected' });
  });

  it('answers unknown ids with not found, and reruns create a child task', async () => {
    const bridge = caller();
    await expect(bridge.tasks.stop({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(bridge.library.setTags({ id: 'nope', tags: ['a'] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const [first] = (await bridge.tasks.list({ states: ['completed'] })).tasks;
    if (!first) throw new Error('no completed task');
    const child = await bridge.tasks.rerun({ id: first.id });
    expect(child.parentTaskId).toBe(first.id);
    expect(child.params).toEqual(first.params);
  });

  it('moves the library folder and the request budget at runtime without a second engine', async () => {
    const bridge = caller();
    const moved = join(dataDir, 'moved-library');
    const oldDir = (await bridge.session.status()).libraryDir;
    const items = (await bridge.library.query({})).items;
    expect(items.length).toBeGreaterThan(0);
    const plan = await bridge.settings.planLibraryMove({ libraryDir: moved });
    expect(plan).toMatchObject({ from: oldDir, to: moved, moves: true });
    expect(plan.files).toBeGreaterThanOrEqual(items.length);
    const [updated, listed] = await Promise.all([
      bridge.settings.update({ libraryDir: moved, pollBudgetPerSecond: 2 }),
      bridge.tasks.list(),
      bridge.library.query({}),
    ]);
    expect(updated.libraryDir).toBe(moved);
    expect(listed.total).toBeGreaterThan(0);
    expect((await bridge.session.status()).libraryDir).toBe(moved);
    expect(host.libraryDir()).toBe(moved);
    // Every item moved with it: its file is in the new folder, where the index now points, and not in the old.
    for (const item of (await bridge.library.query({})).items) {
      expect(existsSync(join(moved, ...item.relativePath.split('/'))), item.relativePath).toBe(true);
      expect(existsSync(join(oldDir, ...item.relativePath.split('/')))).toBe(false);
      expect(item.path.startsWith(moved)).toBe(true);
    }
    expect((await bridge.settings.libraryMove()).state).toBe('done');
    await expect(bridge.settings.update({ libraryDir: 'relative/dir' })).rejects.toThrow(/absolute/);
  });

  it('starts an empty library in another folder and opens the old one again when its folder is chosen', async () => {
    const bridge = caller();
    const oldDir = (await bridge.session.status()).libraryDir;
    const before = (await bridge.library.query({})).items.map((i) => i.id).sort();
    expect(before.length).toBeGreaterThan(0);
    const tasks = (await bridge.tasks.list()).total;
    const emptyDir = join(dataDir, 'empty-library');
    const settings = await bridge.settings.switchLibrary({ libraryDir: emptyDir });
    expect(settings.libraryDir).toBe(emptyDir);
    expect(host.libraryDir()).toBe(emptyDir);
    expect((await bridge.library.query({})).items).toEqual([]);
    // Tasks are the app's history, not a library's.
    expect((await bridge.tasks.list()).total).toBe(tasks);
    // The old folder holds its files and its library, offered to be opened again rather than moved into.
    const plan = await bridge.settings.planLibraryMove({ libraryDir: oldDir });
    expect(plan).toMatchObject({ from: emptyDir, to: oldDir, waiting: before.length });
    // Moving the (empty) library in use into it would leave that library shelved out of sight: refused.
    await expect(bridge.settings.update({ libraryDir: oldDir })).rejects.toMatchObject({
      cause: { info: { code: 'library_folder_not_empty', param: 'libraryDir' } },
    });
    expect(host.libraryDir()).toBe(emptyDir);
    await bridge.settings.switchLibrary({ libraryDir: oldDir });
    expect((await bridge.library.query({})).items.map((i) => i.id).sort()).toEqual(before);
    for (const item of (await bridge.library.query({})).items) {
      expect(existsSync(join(oldDir, ...item.relativePath.split('/'))), item.relativePath).toBe(true);
    }
    // Sync keeps one library on every device: another one is refused while it is set up.
    // Under the data folder, removed with it once the host (and any round it started) has stopped.
    const remote = await mkdtemp(join(dataDir, 'sync-remote-'));
    await bridge.sync.saveConfig({
      config: {
        remote: { kind: 'folder', path: remote },
        ...{ deviceName: 'test', encrypted: false, filesMode: 'on-demand' as const },
      },
    });
    const refused = await bridge.settings.switchLibrary({ libraryDir: emptyDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      cause: { info: { code: 'library_folder_synced', param: 'libraryDir' } },
    });
    expect(host.libraryDir()).toBe(oldDir);
    await bridge.sync.saveConfig({ config: null });
  });

  it('refuses a library folder that is a filesystem root, the home folder itself or the data folder, and keeps the old one', async () => {
    const bridge = caller();
    const before = (await bridge.settings.get()).libraryDir;
    const cases = [
      ['/', 'library_folder_root', /filesystem root/],
      [homedir(), 'library_folder_home', /home folder itself/],
      [dataDir, 'library_folder_data', /data folder or a folder containing it/],
      [dirname(dataDir), 'library_folder_data', /data folder or a folder containing it/],
    ] as const;
    for (const [libraryDir, code, sentence] of cases) {
      const refused = await bridge.settings.update({ libraryDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, libraryDir).toMatchObject({ cause: { info: { code, param: 'libraryDir' } } });
      expect((refused as Error).message).toMatch(sentence);
    }
    expect((await bridge.settings.get()).libraryDir).toBe(before);
  });

  it('refuses a symlink to a filesystem root, the home folder, the data folder or its parent (real paths compared)', async () => {
    const bridge = caller();
    const before = (await bridge.settings.get()).libraryDir;
    const links = await mkdtemp(join(tmpdir(), 'studio-folder-links-'));
    try {
      const link = async (name: string, target: string) => {
        await symlink(target, join(links, name), 'dir');
        return join(links, name);
      };
      const cases = [
        [await link('to-root', '/'), 'library_folder_root'],
        [await link('to-home', homedir()), 'library_folder_home'],
        [await link('to-data', dataDir), 'library_folder_data'],
        [await link('to-parent', dirname(dataDir)), 'library_folder_data'],
        // A folder not made yet under a link is judged by where the link points too.
        [
          join(await link('to-grandparent', dirname(dirname(dataDir))), basename(dirname(dataDir))),
          'library_folder_data',
        ],
      ] as const;
      for (const [libraryDir, code] of cases) {
        const refused = await bridge.settings.update({ libraryDir }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused, libraryDir).toMatchObject({ cause: { info: { code, param: 'libraryDir' } } });
      }
      expect((await bridge.settings.get()).libraryDir).toBe(before);
    } finally {
      await rm(links, { recursive: true, force: true });
    }
  });

  it('never shows a key in any answer, error or event', () => {
    const text = JSON.stringify(seen);
    expect(seen.length).toBeGreaterThan(10);
    for (const key of ALL_KEYS) expect(text).not.toContain(key);
  });
});
