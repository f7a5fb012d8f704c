// A library folder copied to another computer (a restored backup, a VM snapshot) carries its device id along.
// Both copies go on making results and syncing to one remote: neither may overwrite the other's log. The copy
// that finds its id's log written by the other takes a new id and sends everything it has again, so both
// copies' new items reach a third device and a restore; no segment on the remote is ever rewritten. Against a
// plain folder, an encrypted one and a real WebDAV server (rclone).
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import { createRemote } from '../../../electron/core/sync/remote-factory';
import { makeCollection, startRcloneWebdav } from '../../support/sync-servers';
import type { RunningServer } from '../../support/sync-servers';
import { useTempDir } from '../../support/studio-db';
import { addImage, filesIntact, openDevice, view } from './sync-devices';
import type { Device, DeviceOptions } from './sync-devices';

const folder = useTempDir('sync-copied-');

let dav: RunningServer;
beforeAll(async () => {
  dav = await startRcloneWebdav({ user: 'studio', pass: 'dav-secret' });
});
afterAll(async () => {
  await dav.stop();
});

interface RemoteKind {
  name: string;
  make(n: number): Promise<{ options: DeviceOptions; files: string }>;
}

const PLAIN_FOLDER: RemoteKind = {
  name: 'a plain folder',
  async make(n) {
    const path = join(folder.dir, `remote-${n}`);
    await mkdir(path);
    return { options: { remote: { kind: 'folder', path } }, files: path };
  },
};

const KINDS: RemoteKind[] = [
  PLAIN_FOLDER,
  {
    name: 'an encrypted folder',
    async make(n) {
      const path = join(folder.dir, `remote-${n}`);
      await mkdir(path);
      return {
        options: { remote: { kind: 'folder', path }, encrypted: true, secrets: { passphrase: 'two copies' } },
        files: path,
      };
    },
  },
  {
    name: 'WebDAV (rclone)',
    async make(n) {
      const name = `copied-${n}`;
      await makeCollection(`${dav.url}/${name}`, 'studio', 'dav-secret');
      return {
        options: {
          remote: { kind: 'webdav', url: `${dav.url}/${name}`, user: 'studio' },
          secrets: { secret: 'dav-secret' },
        },
        files: join(dav.dir, name),
      };
    },
  },
];

/** Every segment of every log on the remote, by its path, as a hash of its bytes. */
async function segments(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const devices = await readdir(join(dir, 'devices')).catch(() => []);
  for (const device of devices) {
    const log = join(dir, 'devices', device, 'log');
    for (const name of await readdir(log).catch(() => [])) {
      const bytes = await readFile(join(log, name));
      found.set(`${device}/${name}`, createHash('sha256').update(bytes).digest('hex'));
    }
  }
  return found;
}

/** No segment that was on the remote before has changed or gone. */
async function expectNoneRewritten(dir: string, before: Map<string, string>): Promise<void> {
  const after = await segments(dir);
  for (const [path, hash] of before) expect(after.get(path), path).toBe(hash);
}

/** The library folder (its database and files) copied whole, as a backup restored on another computer. */
async function copyOf(device: Device, name: string, options: DeviceOptions): Promise<Device> {
  await device.close();
  await cp(device.dir, join(folder.dir, name), { recursive: true });
  return openDevice(folder.dir, name, options);
}

describe('a library folder copied to another computer', () => {
  let n = 0;
  for (const kind of KINDS) {
    it(`on ${kind.name}: both copies' new items reach a third device and a restore; no segment is rewritten`, async () => {
      const { options, files } = await kind.make(++n);
      const opened: Device[] = [];
      const open = (name: string) => {
        const device = openDevice(folder.dir, `${name}-${n}`, options);
        opened.push(device);
        return device;
      };
      try {
        const first = openDevice(folder.dir, `studio-${n}`, options);
        const shared = await addImage(first, 'lighthouse at dusk');
        await first.sync.runRound();
        const id = first.sync.status().deviceId;

        const copy = await copyOf(first, `copy-${n}`, options);
        opened.push(copy);
        const original = open('studio');
        expect(copy.sync.status().deviceId).toBe(id);

        // Each copy makes its own results and edits, then syncs: the original first, then the copy.
        const fromOriginal = await addImage(original, 'red fox');
        original.library.update(shared.id, { tags: ['sea'] });
        const fromCopy = await addImage(copy, 'grey heron');
        copy.library.update(shared.id, { favourite: true });
        await original.sync.runRound();
        const before = await segments(files);
        await copy.sync.runRound();
        await expectNoneRewritten(files, before);
        // The copy found the log under its id written by the other, and took a new id; the original kept its own.
        expect(copy.sync.status().deviceId).not.toBe(id);
        expect(original.sync.status().deviceId).toBe(id);
        await original.sync.runRound();
        await copy.sync.runRound();
        await expectNoneRewritten(files, before);

        const ids = [shared.id, fromOriginal.id, fromCopy.id].sort();
        expect(view(original).map((i) => i.id)).toEqual(ids);
        expect(view(copy)).toEqual(view(original));
        expect(original.library.get(shared.id)).toMatchObject({ favourite: true, tags: ['sea'] });

        const third = open('third');
        await third.sync.runRound();
        expect(view(third)).toEqual(view(original));
        const restored = open('restored');
        await restored.sync.restore();
        expect(view(restored)).toEqual(view(original));
        expect(await filesIntact(restored)).toBe(true);
      } finally {
        for (const device of opened) await device.close();
      }
    });
  }

  it('a segment of its number already there with other contents: the device takes a new id, nothing is overwritten', async () => {
    const { options, files } = await PLAIN_FOLDER.make(++n);
    const opened: Device[] = [];
    try {
      const original = openDevice(folder.dir, `studio-${n}`, options);
      await addImage(original, 'lighthouse at dusk');
      await original.sync.runRound();
      await original.close();
      await cp(original.dir, join(folder.dir, `copy-${n}`), { recursive: true });
      // The copy's round writes its segment, then fails before its head (a network cut).
      let cut = true;
      const cutting = (config: SyncConfig, secrets: SyncSecrets) => {
        const remote = createRemote(config, secrets);
        const put = remote.put.bind(remote);
        remote.put = async (key, body, putOptions, signal) => {
          if (cut && key.endsWith('head.json')) throw new Error('the network went away');
          return put(key, body, putOptions, signal);
        };
        return remote;
      };
      const copy = openDevice(folder.dir, `copy-${n}`, {
        ...options,
        remoteFactory: cutting,
        retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      });
      opened.push(copy);
      const again = openDevice(folder.dir, `studio-${n}`, options);
      opened.push(again);
      const id = again.sync.status().deviceId;
      const fromCopy = await addImage(copy, 'grey heron');
      await expect(copy.sync.runRound()).rejects.toThrow();
      // The original does not see the copy's head (it was never written), only its segment under the number it
      // is about to use itself.
      const fromOriginal = await addImage(again, 'red fox');
      const before = await segments(files);
      await again.sync.runRound();
      await expectNoneRewritten(files, before);
      expect(again.sync.status().deviceId).not.toBe(id);
      cut = false;
      await copy.sync.runRound();
      expect(copy.sync.status().deviceId).toBe(id);
      await again.sync.runRound();
      await expectNoneRewritten(files, before);
      const restored = openDevice(folder.dir, `restored-${n}`, options);
      opened.push(restored);
      await restored.sync.restore();
      expect(view(restored).map((i) => i.id)).toEqual(expect.arrayContaining([fromCopy.id, fromOriginal.id]));
      expect(view(restored)).toHaveLength(3);
      expect(view(again)).toEqual(view(restored));
    } finally {
      for (const device of opened) await device.close();
    }
  });
});
