// "Test connection" says in words what is wrong, against the real servers (and a fault proxy in front of them
// for what a local server cannot be made to do: refuse writes, be full, see a skewed clock).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import { startFaultProxy, s3Error } from '../../support/fault-proxy';
import type { FaultProxy } from '../../support/fault-proxy';
import { S3RVER_KEY, makeCollection, startRcloneWebdav, startS3rver } from '../../support/sync-servers';
import type { RunningServer } from '../../support/sync-servers';
import { openDevice, setupOf } from './sync-devices';
import type { Device } from './sync-devices';

let root: string;
let dav: RunningServer;
let s3: RunningServer;
let davProxy: FaultProxy;
let s3Proxy: FaultProxy;
let tls: Server;
let tester: Device;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sync-connection-'));
  [dav, s3] = await Promise.all([startRcloneWebdav({ user: 'ana', pass: 'right' }), startS3rver('studio')]);
  await makeCollection(`${dav.url}/library`, 'ana', 'right');
  [davProxy, s3Proxy] = await Promise.all([startFaultProxy(dav.url), startFaultProxy(s3.url)]);
  // A server whose certificate no one signed: what a NAS with its factory certificate looks like.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=nas.local',
      '-days',
      '1',
      '-keyout',
      join(root, 'key.pem'),
      '-out',
      join(root, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  tls = createServer(
    { key: await readFile(join(root, 'key.pem')), cert: await readFile(join(root, 'cert.pem')) },
    (_q, r) => r.end(),
  );
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  tester = openDevice(root, 'tester', { remote: { kind: 'folder', path: root } });
});
afterAll(async () => {
  await tester.close();
  await Promise.all([davProxy.stop(), s3Proxy.stop()]);
  await Promise.all([dav.stop(), s3.stop(), new Promise((resolve) => tls.close(resolve))]);
  await rm(root, { recursive: true, force: true });
});

const test = (remote: SyncConfig['remote'], secrets: SyncSecrets = {}, encrypted = false) =>
  tester.sync.testConnection({ ...setupOf('tester', { remote }).config, encrypted }, secrets);
const webdav = (url: string, pass = 'right'): [SyncConfig['remote'], SyncSecrets] => [
  { kind: 'webdav', url, user: 'ana' },
  { secret: pass },
];
const bucket = (name: string, endpoint = s3.url, keyId = S3RVER_KEY): [SyncConfig['remote'], SyncSecrets] => [
  { kind: 's3', endpoint, region: 'us-east-1', bucket: name, prefix: 'me', accessKeyId: keyId },
  { secret: S3RVER_KEY },
];

describe('connection test', () => {
  it('passes a reachable, writable remote of each kind, and says how many devices use it', async () => {
    await mkdir(join(root, 'remote'));
    expect(await test({ kind: 'folder', path: join(root, 'remote') })).toEqual({
      ok: true,
      encrypted: false,
      devices: 0,
    });
    expect(await test(...webdav(`${dav.url}/library`))).toMatchObject({ ok: true });
    expect(await test(...bucket('studio'))).toMatchObject({ ok: true });
  });

  it('names a wrong password or key as such', async () => {
    expect(await test(...webdav(`${dav.url}/library`, 'wrong'))).toMatchObject({
      ok: false,
      kind: 'auth',
      message: expect.stringMatching(/refused the user name or password/),
    });
    expect(await test(...bucket('studio', s3.url, 'NOT-A-KEY'))).toMatchObject({
      ok: false,
      kind: 'auth',
    });
  });

  it('names a missing bucket or folder', async () => {
    expect(await test({ kind: 'folder', path: join(root, 'nowhere') })).toMatchObject({
      ok: false,
      kind: 'missing-bucket-or-folder',
      message: expect.stringMatching(/does not exist/),
    });
    expect(await test(...webdav(`${dav.url}/nowhere`))).toMatchObject({
      ok: false,
      kind: 'missing-bucket-or-folder',
    });
    expect(await test(...bucket('no-such-bucket'))).toMatchObject({
      ok: false,
      kind: 'missing-bucket-or-folder',
    });
  });

  it('offers to create a missing WebDAV or plain folder, creates it and the folders above it, never a bucket', async () => {
    const create = (remote: SyncConfig['remote'], secrets: SyncSecrets = {}) =>
      tester.sync.createRoot({ ...setupOf('tester', { remote }).config, encrypted: false }, secrets);
    const folder = { kind: 'folder' as const, path: join(root, 'made', 'by', 'studio') };
    expect(await test(folder)).toMatchObject({ ok: false, creatable: true });
    expect(await create(folder)).toEqual({ ok: true, encrypted: false, devices: 0 });
    expect(await test(folder)).toMatchObject({ ok: true });

    const nested = webdav(`${dav.url}/made%20here/studio`);
    expect(await test(...nested)).toMatchObject({ ok: false, creatable: true });
    expect(await create(...nested)).toMatchObject({ ok: true });
    expect(await test(...nested)).toMatchObject({ ok: true });
    // Made once, a second press finds it there and changes nothing.
    expect(await create(...nested)).toMatchObject({ ok: true });
    // A wrong password is said as such, and nothing is made.
    expect(await create(...webdav(`${dav.url}/not-made`, 'wrong'))).toMatchObject({
      ok: false,
      kind: 'auth',
    });
    expect(await test(...webdav(`${dav.url}/not-made`))).toMatchObject({ ok: false, creatable: true });

    const missing = await test(...bucket('no-such-bucket'));
    expect(missing).toMatchObject({ ok: false, kind: 'missing-bucket-or-folder' });
    expect(missing).not.toHaveProperty('creatable');
    expect(await create(...bucket('no-such-bucket'))).toMatchObject({
      ok: false,
      kind: 'missing-bucket-or-folder',
      message: expect.stringMatching(/not created by the studio/),
    });
    expect(await test(...bucket('no-such-bucket'))).toMatchObject({ ok: false });
    // A relative path would land wherever the studio started: refused.
    expect(await create({ kind: 'folder', path: 'relative/studio' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/absolute path/),
    });
  });

  it('names refused writes, a full quota and a skewed clock', async () => {
    davProxy.plan = ({ method }) => (method === 'PUT' ? { kind: 'status', status: 403 } : undefined);
    expect(await test(...webdav(`${davProxy.url}/library`))).toMatchObject({
      ok: false,
      kind: 'no-write-permission',
    });
    davProxy.plan = ({ method }) => (method === 'PUT' ? { kind: 'status', status: 507 } : undefined);
    expect(await test(...webdav(`${davProxy.url}/library`))).toMatchObject({
      ok: false,
      kind: 'quota-full',
      message: expect.stringMatching(/full/),
    });
    davProxy.plan = () => undefined;
    s3Proxy.plan = () => ({ kind: 'status', status: 403, body: s3Error('RequestTimeTooSkewed') });
    expect(await test(...bucket('studio', s3Proxy.url))).toMatchObject({
      ok: false,
      kind: 'clock-skew',
      message: expect.stringMatching(/clock/),
    });
    s3Proxy.plan = () => undefined;
  });

  it('names an unreachable server and an untrusted certificate', async () => {
    const closed = await startFaultProxy(dav.url);
    const url = closed.url;
    await closed.stop();
    expect(await test(...webdav(`${url}/library`))).toMatchObject({ ok: false, kind: 'unreachable' });
    const port = (tls.address() as AddressInfo).port;
    expect(await test(...webdav(`https://127.0.0.1:${port}/library`))).toMatchObject({
      ok: false,
      kind: 'tls',
      message: expect.stringMatching(/certificate/),
    });
  });
});
