// Someone who can write to the remote (a teammate with the passphrase, anyone with write access to the folder
// or bucket) writing what they like under a device of their own: heads, segments with any ops, and blobs. It
// writes through the same vault a device uses (so an encrypted remote gets sealed objects under hashed names),
// but never builds its objects with the app's own writers: the shapes are whatever the test hands it.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createRemote } from '../../../electron/core/sync';
import { RemoteVault } from '../../../electron/core/sync/remote-vault';
import type { Head, Segment } from '../../../electron/core/sync/sync-ops';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';

export interface HostileWriter {
  readonly vault: RemoteVault;
  /** The device id it writes under (a uuid, as the app's are, unless the test says otherwise). */
  readonly device: string;
  /** A head object under `device` (or whatever the value says), as given. */
  head(value: Record<string, unknown>): Promise<void>;
  /** A segment object; its `device` and `seq` decide where it is written. */
  segment(value: Record<string, unknown>): Promise<void>;
  /** Stores bytes as a blob under their sha256; answers the sha256. */
  blob(bytes: Buffer): Promise<string>;
  /** Writes bytes at a key as they are given, sealed first when the remote is encrypted (`sealed`, default). */
  raw(key: string, bytes: Buffer, sealed?: boolean): Promise<void>;
  /** The same writer under another device id (the vault, and its keys, shared: no second scrypt). */
  as(device?: string): HostileWriter;
}

export async function hostileWriter(
  remote: SyncConfig['remote'],
  secrets: SyncSecrets = {},
  device: string = randomUUID(),
): Promise<HostileWriter> {
  const config: SyncConfig = {
    remote,
    deviceName: 'intruder',
    encrypted: secrets.passphrase !== undefined,
    filesMode: 'on-demand',
  };
  const vault = await RemoteVault.open(createRemote(config, secrets), secrets.passphrase ?? null, null);
  return writerOn(vault, device);
}

function writerOn(vault: RemoteVault, device: string): HostileWriter {
  return {
    as: (other = randomUUID()) => writerOn(vault, other),
    vault,
    device,
    head: (value) => vault.writeHead({ format: 1, device, name: 'studio-laptop', ...value } as Head),
    segment: (value) => vault.writeSegment({ format: 1, device, ...value } as unknown as Segment),
    async raw(key, bytes, sealed = true) {
      await vault.remote.put(key, sealed ? vault.seal(bytes) : bytes);
    },
    async blob(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await vault.putBlob(sha256, () => Readable.from([bytes]), bytes.length);
      return sha256;
    },
  };
}

let counter = 0;
/** A hybrid-clock stamp of now, as a device writes one (hlc.ts), each later than the last. */
export const stamp = (device: string = randomUUID()): string =>
  `${Date.now().toString(16).padStart(12, '0')}-${(++counter).toString(16).padStart(6, '0')}-${device}`;

/** A put op as a device writes one, every field valid, with `record` and the rest overridable. */
export function putOp(
  sha256: string,
  overrides: { id?: string; record?: Record<string, unknown>; [key: string]: unknown } = {},
): Record<string, unknown> {
  const { record, ...rest } = overrides;
  return {
    op: 'put',
    id: randomUUID(),
    hlc: stamp(),
    record: {
      kind: 'image',
      size: 4,
      sha256,
      mime: 'image/png',
      fileName: 'fox.png',
      thumbSha256: null,
      width: 1,
      height: 1,
      durationSeconds: null,
      prompt: 'a fox',
      model: 'image_model_id_i3',
      family: 'image.i3',
      params: {},
      taskId: randomUUID(),
      remoteTaskId: null,
      remoteUrl: null,
      expiresAt: null,
      createdAt: 1_700_000_000_000,
      sourceTaskId: null,
      trackIndex: null,
      madeFrom: [],
      ...record,
    },
    origin: { device: randomUUID(), name: 'studio-laptop' },
    favourite: false,
    title: null,
    cost: { cost: null, creditsCost: null },
    tags: [],
    ...rest,
  };
}

/** Every file under `dir` (relative path → size), to compare a tree before and after a round. */
export async function treeOf(dir: string, skip: readonly string[] = []): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const walk = async (at: string, rel: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const path = join(at, entry.name);
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (skip.includes(path)) continue;
      if (entry.isDirectory()) await walk(path, relPath);
      else out.set(relPath, (await stat(path).catch(() => ({ size: -1 }))).size);
    }
  };
  await walk(dir, '');
  return out;
}
