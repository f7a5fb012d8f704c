// The CLI's sync and the library edits it carries, run in-process against rclone's WebDAV: two library folders
// as two machines, configured from the environment only (STUDIO_SYNC_*), as docs/cli.md says.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { Library } from '../../electron/core/library';
import { makeCollection, startRcloneWebdav } from '../support/sync-servers';
import type { RunningServer } from '../support/sync-servers';
import { addImage } from '../core/sync/sync-devices';
import { cli, tempDir } from './cli-harness';

let server: RunningServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  server = await startRcloneWebdav({ user: 'cli', pass: 'pw' });
  await makeCollection(`${server.url}/shared`, 'cli', 'pw');
  ({ dir, cleanup } = await tempDir());
});
afterAll(async () => {
  await server.stop();
  await cleanup();
});

const machine = (name: string, pass = 'pw') => ({
  STUDIO_LIBRARY_DIR: join(dir, name),
  HOME: dir,
  STUDIO_SYNC_REMOTE: `${server.url.replace('http:', 'webdav:')}/shared`,
  STUDIO_SYNC_USER: 'cli',
  STUDIO_SYNC_SECRET: pass,
  STUDIO_SYNC_DEVICE: name,
});

/** One picture filed in a machine's library, as a finished task would have (no gateway in this test). */
async function seed(name: string, prompt: string): Promise<string> {
  const db = openStudioDatabase(join(dir, name, 'studio.db'));
  try {
    return (await addImage({ library: new Library({ db, dir: join(dir, name) }) }, prompt)).id;
  } finally {
    db.close();
  }
}

describe('sync from the command line', () => {
  it('carries tags, favourites, a trash and its restore between two machines, and restores a third from the remote', async () => {
    const id = await seed('a', 'kingfisher on a branch');
    const tagged = await cli(
      ['library', 'tag', id, '--add', 'bird', '--add', 'river', '--json'],
      machine('a'),
    );
    expect(tagged.code).toBe(0);
    expect(tagged.json()).toMatchObject({ id, tags: ['bird', 'river'] });
    expect((await cli(['library', 'tag', id, '--remove', 'river'], machine('a'))).stdout).toMatch(
      /Tags: bird/,
    );
    expect((await cli(['library', 'favourite', id], machine('a'))).code).toBe(0);

    const pushed = await cli(['sync', '--json'], machine('a'));
    expect(pushed.code).toBe(0);
    expect(pushed.json()).toMatchObject({ pushed: { changes: 1, files: 2 } });

    const pulled = await cli(['sync'], machine('b'));
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toMatch(/received 1 change \(1 new\).*from 1 other device/);
    // Each round names what came in and from which device.
    expect(pulled.stdout).toMatch(/from 1 other device \(\d+ requests\): 1 item from a\.$/m);
    const onB = await cli(['library', '--json'], machine('b'));
    expect(onB.json()).toMatchObject({
      total: 1,
      items: [{ id, tags: ['bird'], favourite: true, origin: 'a', remoteOnly: true }],
    });

    // b deletes it; a finds it in its trash and restores it; b gets it back.
    expect((await cli(['library', 'trash', id], machine('b'))).stdout).toMatch(/Moved to the trash/);
    await cli(['sync'], machine('b'));
    expect((await cli(['sync', '--json'], machine('a'))).json()).toMatchObject({ pulled: { trashed: 1 } });
    expect((await cli(['library', '--json'], machine('a'))).json()).toMatchObject({ total: 0 });
    const restored = await cli(['library', 'restore', id, '--json'], machine('a'));
    expect(restored.json()).toMatchObject({ id, tags: ['bird'], favourite: true });
    await cli(['sync'], machine('a'));
    expect((await cli(['sync', '--json'], machine('b'))).json()).toMatchObject({ pulled: { restored: 1 } });

    const status = await cli(['sync', 'status', '--json'], machine('b'));
    expect(status.json()).toMatchObject({
      state: 'idle',
      deviceName: 'b',
      problem: null,
      lastCompletedAt: expect.any(Number),
    });

    const said = await cli(['sync', 'status'], machine('b'));
    expect(said.stdout).toMatch(/^Last received \d{4}-\d\d-\d\dT[\d:.]+Z: 1 change from a$/m);
    expect(said.stdout).toMatch(/^Other devices:\n {2}a: 1 item, last seen \d{4}-\d\d-\d\dT/m);
    expect(status.json()).toMatchObject({
      lastReceived: { received: [{ name: 'a', items: 0, changes: 1 }] },
      devices: [
        { name: 'b', thisDevice: true },
        { name: 'a', thisDevice: false, items: 1, lastSeenAt: expect.any(Number) },
      ],
    });

    const fresh = await cli(['sync', 'restore', '--json'], machine('c'));
    expect(fresh.json()).toMatchObject({ pulled: { added: 1, files: 2 } });
    expect((await cli(['library', '--json'], machine('c'))).json()).toMatchObject({
      items: [{ id, tags: ['bird'], favourite: true }],
    });
    expect((await cli(['library', '--json'], machine('c'))).json()).not.toMatchObject({
      items: [{ remoteOnly: true }],
    });
  });

  it('says what is wrong: not set up, a wrong password, an item that is not there', async () => {
    const off = await cli(['sync'], { STUDIO_LIBRARY_DIR: join(dir, 'off'), HOME: dir });
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/Sync is not set up.*STUDIO_SYNC_REMOTE/);
    const refused = await cli(['sync', '--json'], machine('d', 'wrong'));
    expect(refused.code).toBe(1);
    expect(refused.json()).toMatchObject({
      error: { code: 'sync_auth', message: expect.stringMatching(/refused the user name or password/) },
    });
    const missing = await cli(['library', 'favourite', 'no-such-id'], machine('d'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No library item no-such-id/);
    const bad = await cli(['sync'], { ...machine('d'), STUDIO_SYNC_REMOTE: 'ftp://x/y' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/must start with s3:\/\/, webdav:\/\//);
  });

  it('a restore from a remote missing one log segment brings the rest and says what it could not read', async () => {
    await makeCollection(`${server.url}/gappy`, 'cli', 'pw');
    const gappy = (name: string) => ({
      ...machine(name),
      STUDIO_SYNC_REMOTE: `${server.url.replace('http:', 'webdav:')}/gappy`,
      STUDIO_SYNC_DEVICE: 'studio-laptop',
    });
    const ids: string[] = [];
    for (const prompt of ['heron', 'egret', 'stork']) {
      ids.push(await seed('gap-a', prompt));
      expect((await cli(['sync'], gappy('gap-a'))).code).toBe(0);
    }
    const device = (await cli(['sync', 'status', '--json'], gappy('gap-a'))).json() as { deviceId: string };
    // Someone with the folder deletes the second segment of the laptop's log.
    const gone = await fetch(`${server.url}/gappy/devices/${device.deviceId}/log/00000002.json`, {
      method: 'DELETE',
      headers: { authorization: `Basic ${Buffer.from('cli:pw').toString('base64')}` },
    });
    expect(gone.status).toBeLessThan(300);
    const restored = await cli(['sync', 'restore'], gappy('gap-b'));
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/received 2 changes \(2 new\)/);
    expect(restored.stdout).toMatch(
      /1 object from studio-laptop could not be read: segment 2 of 3 is missing\./,
    );
    const items = (await cli(['library', '--json'], gappy('gap-b'))).json() as { items: { id: string }[] };
    expect(items.items.map((item) => item.id).sort()).toEqual([ids[0], ids[2]].sort());
  });
});
