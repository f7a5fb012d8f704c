// A fresh install's Restore from remote in one step over the bridge (sync.restoreFrom): the setup is tried first
// (a missing folder refused, nothing kept), then kept without a round of its own, so the restore's report counts
// every item the remote holds and names the device each came from; then rounds run as usual. And "Create this
// folder" (sync.createFolder) makes a missing plain folder, which a connection test then passes.
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../shared/bridge/errors';
import { createBridgeCaller } from '../../shared/bridge/router';
import type { SyncConfig } from '../../shared/studio/sync';
import { MemorySecretStore } from '../../electron/core/settings/memory-secret-store';
import { addImage, openDevice } from '../core/sync/sync-devices';
import { openTestHost } from '../support/test-host';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sync-restore-from-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const configOf = (path: string): SyncConfig => ({
  remote: { kind: 'folder', path },
  deviceName: 'new laptop',
  encrypted: false,
  filesMode: 'on-demand',
});

describe('Restore from remote on a fresh install', () => {
  it('refuses a remote it cannot read and keeps nothing; restores everything from one it can, naming the device', async () => {
    const remote = join(dir, 'remote');
    await mkdir(remote);
    const studio = openDevice(dir, 'studio-laptop', { remote: { kind: 'folder', path: remote } });
    for (const prompt of ['kite 1', 'kite 2', 'kite 3']) await addImage(studio, prompt);
    await studio.sync.runRound();
    await studio.close();

    const host = await openTestHost(join(dir, 'fresh'), {
      syncSecrets: new MemorySecretStore(),
      demo: 'off',
    });
    try {
      const call = createBridgeCaller({ handlers: host.handlers });
      const refused = await call.sync.restoreFrom({ config: configOf(join(dir, 'nowhere')) }).then(
        () => null,
        (error: unknown) => toErrorInfo(error),
      );
      expect(refused).toMatchObject({ code: 'sync_missing_bucket_or_folder' });
      expect((await call.sync.config()).config).toBeNull();

      const report = await call.sync.restoreFrom({ config: configOf(remote) });
      expect(report.pulled.added).toBe(3);
      expect(report.received).toEqual([expect.objectContaining({ name: 'studio-laptop', items: 3 })]);
      expect((await call.sync.config()).config).toEqual(configOf(remote));
      expect((await call.library.query({})).total).toBe(3);
      const status = await call.sync.status();
      expect(status.lastReceived?.received).toEqual([expect.objectContaining({ name: 'studio-laptop' })]);
      const devices = await call.sync.devices();
      expect(devices.map((d) => [d.name, d.thisDevice, d.items])).toEqual([
        ['new laptop', true, 0],
        ['studio-laptop', false, 3],
      ]);
    } finally {
      await host.close();
    }
  });

  it('creates a missing folder on "Create this folder", and a test then passes', async () => {
    const host = await openTestHost(join(dir, 'maker'), {
      syncSecrets: new MemorySecretStore(),
      demo: 'off',
    });
    try {
      const call = createBridgeCaller({ handlers: host.handlers });
      const target = join(dir, 'to', 'be', 'made');
      expect(await call.sync.test({ config: configOf(target) })).toMatchObject({
        ok: false,
        creatable: true,
      });
      expect(await call.sync.createFolder({ config: configOf(target) })).toMatchObject({ ok: true });
      expect((await stat(target)).isDirectory()).toBe(true);
    } finally {
      await host.close();
    }
  });
});
