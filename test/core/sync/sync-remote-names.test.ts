// The remote's names: every one a Windows share, a FAT or exFAT USB disk takes (no ':' or other refused
// character), files sharded as docs/sync.md says (blobs/<sha256[0..2]>/<sha256>), plain and encrypted; and a
// remote the first release wrote (devices/device:<id>/, blobs/bl/blob:<sha256>) read whole by this one, moved on
// to the new names by each device as it next writes, with nothing lost. Through the plain-folder remote, whose
// files are the names themselves.
import { mkdir, readFile, readdir, rename, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_KEY } from '../../../electron/core/sync/remote-vault';
import { useTempDir } from '../../support/studio-db';
import { addImage, filesIntact, openDevice, view } from './sync-devices';
import type { Device } from './sync-devices';

const folder = useTempDir('sync-names-');

/** Characters Windows (and so SMB shares, FAT and exFAT) refuses in a name, and names it keeps for devices. */
const REFUSED = /[<>:"\\|?*]/;
const control = (part: string): boolean => [...part].some((c) => c.charCodeAt(0) < 32);
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const refusedBy = (path: string): string[] =>
  path
    .split('/')
    .filter((part) => REFUSED.test(part) || control(part) || RESERVED.test(part) || /[. ]$/.test(part))
    .map((part) => `${path}: ${part}`);

/** Every object on the folder remote, as its '/'-separated key. */
async function keysIn(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const key = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (key === '.tmp') continue;
    if (entry.isDirectory()) out.push(...(await keysIn(dir, key)));
    else out.push(key);
  }
  return out.sort();
}

async function removeEmptyFolders(dir: string): Promise<boolean> {
  let empty = true;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && (await removeEmptyFolders(join(dir, entry.name))))
      await rmdir(join(dir, entry.name));
    else empty = false;
  }
  return empty;
}

/**
 * The first release's names (remote-vault.ts before this change), frozen here: a plain remote's device folder
 * was `device:<id>` and a file's name `blob:<sha256>` in the folder of its first two characters, `bl`. An
 * encrypted remote's names were HMACs of those same logical names, as they still are, so only its format changes.
 */
function firstReleaseKey(key: string, encrypted: boolean): string {
  if (encrypted) return key;
  return key
    .replace(/^devices\/([^/]+)\//, 'devices/device:$1/')
    .replace(/^blobs\/[0-9a-f]{2}\/([0-9a-f]{64})$/, 'blobs/bl/blob:$1');
}

/** Rewrites a remote this build wrote into the first release's layout, and the device's memory of its format. */
async function toFirstRelease(remote: string, encrypted: boolean, devices: Device[]): Promise<void> {
  for (const key of await keysIn(remote)) {
    const old = firstReleaseKey(key, encrypted);
    if (old === key) continue;
    await mkdir(dirname(join(remote, old)), { recursive: true });
    await rename(join(remote, key), join(remote, old));
  }
  await removeEmptyFolders(remote);
  const format = JSON.parse(await readFile(join(remote, FORMAT_KEY), 'utf8')) as Record<string, unknown>;
  const first = JSON.stringify({ ...format, format: 1 });
  await writeFile(join(remote, FORMAT_KEY), first);
  // Each device keeps the format it read (so a round need not read it again): the first release's kept 1.
  for (const device of devices)
    device.db.prepare("UPDATE sync_meta SET value = ? WHERE key = 'format'").run(first);
}

describe('remote names', () => {
  for (const encrypted of [false, true]) {
    const kind = encrypted ? 'encrypted' : 'plain';
    const options = (remote: string) => ({
      remote: { kind: 'folder' as const, path: remote },
      encrypted,
      secrets: encrypted ? { passphrase: 'copper heron lantern' } : {},
    });

    it(`a new ${kind} remote: every name any disk takes, files sharded by their first two characters`, async () => {
      const remote = join(folder.dir, 'remote');
      await mkdir(remote);
      const laptop = openDevice(folder.dir, 'laptop', options(remote));
      try {
        const fox = await addImage(laptop, 'red fox');
        await addImage(laptop, 'grey heron');
        await laptop.sync.runRound();
        const keys = await keysIn(remote);
        expect(keys.flatMap(refusedBy)).toEqual([]);
        expect(JSON.parse(await readFile(join(remote, FORMAT_KEY), 'utf8'))).toMatchObject({ format: 2 });
        const blobs = keys.filter((k) => k.startsWith('blobs/'));
        expect(blobs.length).toBe(4); // two files and their thumbnails
        for (const key of blobs) expect(key).toMatch(/^blobs\/([0-9a-f]{2})\/\1[0-9a-f]{62}$/);
        const device = laptop.sync.status().deviceId;
        if (encrypted) {
          expect(keys.some((k) => k.includes(fox.sha256) || k.includes(device))).toBe(false);
        } else {
          expect(keys).toContain(`blobs/${fox.sha256.slice(0, 2)}/${fox.sha256}`);
          expect(keys).toContain(`devices/${device}/head.json`);
          expect(keys).toContain(`devices/${device}/log/00000001.json`);
        }
      } finally {
        await laptop.close();
      }
    });

    it(`a ${kind} remote the first release wrote is read whole, and moves to the new names as each device writes`, async () => {
      const remote = join(folder.dir, 'remote');
      await mkdir(remote);
      const old = openDevice(folder.dir, 'old', options(remote));
      const opened: Device[] = [old];
      try {
        const fox = await addImage(old, 'red fox');
        old.library.update(fox.id, { tags: ['fox'], favourite: true });
        await addImage(old, 'grey heron');
        await old.sync.runRound();
        await toFirstRelease(remote, encrypted, [old]);
        const written = await keysIn(remote);
        if (!encrypted) {
          expect(written).toContain(`blobs/bl/blob:${fox.sha256}`);
          expect(written.some((k) => k.startsWith('devices/device:'))).toBe(true);
        }

        // A new device reads the first release's remote whole: items, tags, files and thumbnails.
        const fresh = openDevice(folder.dir, 'fresh', options(remote));
        opened.push(fresh);
        await fresh.sync.restore();
        expect(view(fresh)).toEqual(view(old));
        expect(await filesIntact(fresh)).toBe(true);
        expect(fresh.library.get(fox.id)?.thumbnailPath).not.toBeNull();

        // The old device goes on: its log moves to its new folder, the new item beside it; read once, not twice.
        await addImage(old, 'gull');
        await old.sync.runRound();
        const report = await fresh.sync.runRound();
        expect(report.devices).toBe(1);
        expect(report.pulled.added).toBe(1);
        expect(view(fresh)).toEqual(view(old));
        const since = (await keysIn(remote)).filter((k) => !written.includes(k));
        expect(since.length).toBeGreaterThan(0);
        expect(since.flatMap(refusedBy)).toEqual([]);
        // Nothing of the first release's was removed.
        expect((await keysIn(remote)).filter((k) => written.includes(k))).toEqual(written);

        // And a restore from the mixed remote has all three, files included.
        const restored = openDevice(folder.dir, 'restored', options(remote));
        opened.push(restored);
        await restored.sync.restore();
        expect(view(restored)).toEqual(view(old));
        expect(view(restored)).toHaveLength(3);
        expect(await filesIntact(restored)).toBe(true);
      } finally {
        for (const device of opened) await device.close();
      }
    });
  }
});
