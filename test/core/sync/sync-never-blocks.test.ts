// Sync never holds generating up: while a round waits on a remote that does not answer, a generation is sent,
// finished, downloaded and filed in the library by the same core, on the same database, as in the app. The
// round is still running when the result is filed; once the remote answers again the next round sends it.
// Real simulator, real task engine, rclone's WebDAV behind a proxy that holds the round's listing.
import { MadeFromStore } from '../../../electron/core/tasks/made-from-store';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { composeSimCore } from '../../support/sim-core';
import { ManualClock } from '../../../electron/core/clock';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { SyncService } from '../../../electron/core/sync';
import { WebdavRemote } from '../../../electron/core/sync/webdav-remote';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { makeCollection, startRcloneWebdav, type RunningServer } from '../../support/sync-servers';
import { tempDir } from '../library/library-fixtures';
import { driveUntil } from '../tasks/engine-rig';

let sim: RunningSimulator;
let dav: RunningServer;
let proxy: FaultProxy;
let dir: string;
let cleanup: () => Promise<void>;
const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));

beforeAll(async () => {
  [sim, dav] = await Promise.all([
    startSimulator({ clock, seed: 5 }),
    startRcloneWebdav({ user: 'u', pass: 'p' }),
  ]);
  proxy = await startFaultProxy(dav.url);
  await makeCollection(`${dav.url}/lib`, 'u', 'p');
  ({ dir, cleanup } = await tempDir('sync-never-blocks-'));
});
afterAll(async () => {
  await proxy.stop();
  await Promise.all([sim.close(), dav.stop()]);
  await cleanup();
});

it('a generation is sent, finished and filed while a sync round waits on a remote that does not answer', async () => {
  const db = openStudioDatabase(join(dir, 'studio.db'));
  const core = composeSimCore({ db, sim, clock, dir }, { runQueue: true });
  await core.engine.start();
  const sync = new SyncService({
    madeFrom: new MadeFromStore(db),
    db,
    library: core.library,
    dataDir: dir,
    setup: () => ({
      config: {
        remote: { kind: 'webdav', url: `${proxy.url}/lib`, user: 'u' },
        deviceName: 'desk',
        encrypted: false,
        filesMode: 'on-demand',
      },
      secrets: { secret: 'p' },
    }),
    // The hold must outlast the generation by far: a loaded machine takes seconds to finish one.
    remoteFactory: (config, secrets) =>
      new WebdavRemote({
        url: config.remote.kind === 'webdav' ? config.remote.url : '',
        user: 'u',
        password: secrets.secret ?? '',
        requestTimeoutMs: 120_000,
      }),
  });
  try {
    // The round reads the devices' folder and gets no answer: it stays running.
    proxy.plan = ({ method, path }) =>
      method === 'PROPFIND' && path.includes('/devices') ? { kind: 'hang' } : undefined;
    const revision = sync.status().revision;
    const round = sync.runRound().catch((error: unknown) => error);
    await expect
      .poll(() => proxy.seen.some((r) => r.startsWith('PROPFIND') && r.includes('/devices')), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(sync.status().state).toBe('running');

    const task = await core.engine.submit({
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a kingfisher, mid-dive', size: '1:1' },
    });
    const filed = () => core.library.query({ limit: 10 }).items.some((item) => item.taskId === task.id);
    expect(await driveUntil({ clock }, core.engine, filed)).toBe(true);
    // Filed while the round was still waiting: the engine never waited on it.
    expect(sync.status().state).toBe('running');

    // The remote answers again: the round that was held is stopped, and the next one sends the result.
    sync.pause();
    await round;
    proxy.plan = () => undefined;
    sync.resume();
    const report = await sync.runRound();
    expect(report.pushed.files).toBeGreaterThanOrEqual(1);
    expect(sync.status()).toMatchObject({ state: 'idle', problem: null });
    // Every change of the status told the page had a larger revision (the page keeps the newest it was told).
    expect(sync.status().revision).toBeGreaterThan(revision);
  } finally {
    await sync.close();
    core.speech.close();
    await core.engine.close();
    db.close();
  }
}, 120_000);
