// End-to-end encryption against a real S3 server: the objects s3rver keeps on disk are grepped for every
// prompt, tag, device and file name and for the image bytes; a wrong passphrase is refused with a sentence and
// leaves the remote exactly as it was.
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SyncRemoteError } from '../../../electron/core/sync';
import type { SyncConfig } from '../../../shared/studio/sync';
import { S3RVER_KEY, startS3rver } from '../../support/sync-servers';
import type { RunningServer } from '../../support/sync-servers';
import { addImage, filesIntact, openDevice, view } from './sync-devices';
import type { Device } from './sync-devices';

let server: RunningServer;
let root: string;
let prefix = 0;
let remote: SyncConfig['remote'];
const opened: Device[] = [];

beforeAll(async () => {
  server = await startS3rver('vault');
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sync-e2e-'));
  remote = {
    kind: 's3',
    endpoint: server.url,
    region: 'us-east-1',
    bucket: 'vault',
    prefix: `p${++prefix}`,
    accessKeyId: S3RVER_KEY,
  };
});
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  await rm(root, { recursive: true, force: true });
});

const device = (name: string, passphrase: string | null) => {
  const d = openDevice(root, name, {
    remote,
    secrets: { secret: S3RVER_KEY, ...(passphrase ? { passphrase } : {}) },
    encrypted: passphrase !== null,
  });
  opened.push(d);
  return d;
};

/** Every file s3rver keeps (objects and its own metadata files), path and bytes. */
async function remoteFiles(dir = server.dir): Promise<{ path: string; bytes: Buffer }[]> {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await remoteFiles(path)));
    else out.push({ path, bytes: await readFile(path) });
  }
  return out;
}

describe('end-to-end encryption', () => {
  it('the remote holds no prompt, tag, device name, file name or image bytes in the clear', async () => {
    const laptop = device('Ana laptop', 'correct horse battery staple');
    const fox = await addImage(laptop, 'secret arctic fox prompt');
    laptop.library.update(fox.id, { tags: ['confidential-tag'] });
    await laptop.sync.runRound();
    const image = await readFile(fox.path);
    const files = await remoteFiles();
    expect(files.length).toBeGreaterThan(4);
    const needles = [
      'secret arctic fox prompt',
      'confidential-tag',
      'Ana laptop',
      basename(fox.path),
      fox.sha256,
      fox.id,
      laptop.sync.status().deviceId,
    ];
    for (const { path, bytes } of files) {
      for (const needle of needles) {
        expect(bytes.includes(Buffer.from(needle)), `${needle} in ${path}`).toBe(false);
        expect(path.includes(needle), `${needle} in the name ${path}`).toBe(false);
      }
      // Any 32 bytes of the picture (past the PNG signature and header every PNG shares).
      expect(bytes.includes(image.subarray(64, 96)), `image bytes in ${path}`).toBe(false);
    }
    // And a second device with the passphrase reads it all back.
    const desktop = device('desktop', 'correct horse battery staple');
    await desktop.sync.restore();
    expect(view(desktop)).toEqual(view(laptop));
    expect(await filesIntact(desktop)).toBe(true);
  });

  it('a wrong passphrase is refused with a sentence and writes nothing', async () => {
    const laptop = device('laptop', 'the right one');
    await addImage(laptop, 'owl');
    await laptop.sync.runRound();
    const before = await Promise.all(
      (await remoteFiles()).map(async (f) => `${f.path}:${(await stat(f.path)).mtimeMs}:${f.bytes.length}`),
    );
    const intruder = device('intruder', 'a wrong one');
    await addImage(intruder, 'not mine');
    const refused = await intruder.sync.runRound().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SyncRemoteError);
    expect(refused).toMatchObject({
      kind: 'passphrase',
      message: expect.stringMatching(/passphrase does not match.*Nothing was written/),
    });
    expect(intruder.sync.status()).toMatchObject({
      state: 'error',
      problem: expect.stringMatching(/passphrase/),
    });
    expect(
      await intruder.sync.testConnection(
        { ...setupConfig('intruder'), encrypted: true },
        { secret: S3RVER_KEY, passphrase: 'a wrong one' },
      ),
    ).toMatchObject({ ok: false, kind: 'passphrase' });
    const after = await Promise.all(
      (await remoteFiles()).map(async (f) => `${f.path}:${(await stat(f.path)).mtimeMs}:${f.bytes.length}`),
    );
    expect(after).toEqual(before);
    // No passphrase at all, or one for a remote that is not encrypted, is refused as plainly.
    const plain = device('plain', null);
    await expect(plain.sync.runRound()).rejects.toMatchObject({
      kind: 'passphrase',
      message: expect.stringMatching(/This remote is encrypted/),
    });
  });
});

function setupConfig(name: string): SyncConfig {
  return { remote, deviceName: name, encrypted: false, filesMode: 'on-demand' };
}
