// Faults between a device and real servers, injected by a small proxy in front of them: 500, 503, 429 and S3's
// SlowDown, a request that never answers, a connection reset part-way through an upload, a full WebDAV quota
// (507) and a password refused in the middle of a round. Each stops the round with a sentence; once the fault
// is gone the next round finishes, and the other device ends with every item and every byte.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, SyncRemoteError } from '../../../electron/core/sync';
import type { RetryPolicy } from '../../../electron/core/sync';
import { S3Remote } from '../../../electron/core/sync/s3-remote';
import { WebdavRemote } from '../../../electron/core/sync/webdav-remote';
import type { SyncConfig } from '../../../shared/studio/sync';
import { s3Error, startFaultProxy } from '../../support/fault-proxy';
import type { Fault, FaultProxy } from '../../support/fault-proxy';
import { S3RVER_KEY, makeCollection, startRcloneWebdav, startS3rver } from '../../support/sync-servers';
import type { RunningServer } from '../../support/sync-servers';
import { addImage, filesIntact, openDevice, view } from './sync-devices';
import type { Device } from './sync-devices';

let dav: RunningServer;
let s3: RunningServer;
let davProxy: FaultProxy;
let s3Proxy: FaultProxy;
let root: string;
let n = 0;
const opened: Device[] = [];

beforeAll(async () => {
  [dav, s3] = await Promise.all([startRcloneWebdav({ user: 'u', pass: 'p' }), startS3rver('faults')]);
  [davProxy, s3Proxy] = await Promise.all([startFaultProxy(dav.url), startFaultProxy(s3.url)]);
});
afterAll(async () => {
  await Promise.all([davProxy.stop(), s3Proxy.stop()]);
  await Promise.all([dav.stop(), s3.stop()]);
});
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sync-faults-'));
  davProxy.plan = () => undefined;
  s3Proxy.plan = () => undefined;
});
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  await rm(root, { recursive: true, force: true });
});

/**
 * A fault that lasts is still tried again within the round, as in the app, but with short waits: these tests are
 * about the sentence the round ends with once the tries are used up.
 */
const QUICK_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 };

/** Two devices on one remote: `a` through the fault proxy, `b` straight to the server. */
/**
 * timeoutMs: how long `a` waits on a request with no answer. Only the hung-request test shortens it (to a few
 * seconds, far above what a loaded machine takes to answer); the others keep the adapters' own.
 */
async function pair(
  kind: 'webdav' | 's3',
  timeoutMs = 60_000,
  retry: RetryPolicy = QUICK_RETRY,
): Promise<{ a: Device; b: Device }> {
  const name = `lib-${++n}`;
  let direct: SyncConfig['remote'];
  let proxied: SyncConfig['remote'];
  if (kind === 'webdav') {
    await makeCollection(`${dav.url}/${name}`, 'u', 'p');
    direct = { kind: 'webdav', url: `${dav.url}/${name}`, user: 'u' };
    proxied = { ...direct, url: `${davProxy.url}/${name}` };
  } else {
    direct = {
      kind: 's3',
      endpoint: s3.url,
      region: 'us-east-1',
      bucket: 'faults',
      prefix: name,
      accessKeyId: S3RVER_KEY,
    };
    proxied = { ...direct, endpoint: s3Proxy.url };
  }
  const secret = kind === 'webdav' ? 'p' : S3RVER_KEY;
  const a = openDevice(root, 'a', {
    remote: proxied,
    secrets: { secret },
    retry,
    remoteFactory: (config, secrets) =>
      config.remote.kind === 'webdav'
        ? new WebdavRemote({
            url: config.remote.url,
            user: config.remote.user,
            password: secrets.secret ?? '',
            requestTimeoutMs: timeoutMs,
          })
        : config.remote.kind === 's3'
          ? new S3Remote({
              ...config.remote,
              secretAccessKey: secrets.secret ?? '',
              requestTimeoutMs: timeoutMs,
            })
          : (() => {
              throw new Error('not used');
            })(),
  });
  const b = openDevice(root, 'b', { remote: direct, secrets: { secret }, filesMode: 'all' });
  opened.push(a, b);
  return { a, b };
}

/** The round fails with a sentence matching `sentence`, in state paused (try again) or error (a person acts). */
async function failsWith(device: Device, sentence: RegExp, state: 'paused' | 'error'): Promise<void> {
  const failure = await device.sync.runRound().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(SyncRemoteError);
  expect(device.sync.status()).toMatchObject({ state, problem: expect.stringMatching(sentence) });
}

/** After the fault: a's round finishes, b takes everything, and both show the same library with every byte. */
async function recovers(a: Device, b: Device, items: number): Promise<void> {
  await a.sync.runRound();
  expect(a.sync.status()).toMatchObject({ state: 'idle', problem: null });
  await b.sync.runRound();
  await a.sync.runRound();
  expect(view(b)).toHaveLength(items);
  expect(view(b)).toEqual(view(a));
  expect(await filesIntact(b)).toBe(true);
}

const onBlobPut =
  (fault: Fault) =>
  ({ method, path }: { method: string; path: string }): Fault | undefined =>
    method === 'PUT' && path.includes('/blobs/') ? fault : undefined;

describe('faults pause a round with a sentence, and the next round loses nothing', () => {
  it('WebDAV: 500, then 503, then a full quota (507), then a reset in the middle of an upload', async () => {
    const { a, b } = await pair('webdav');
    for (const prompt of ['one', 'two', 'three']) await addImage(a, prompt);
    davProxy.plan = onBlobPut({ kind: 'status', status: 500 });
    await failsWith(a, /server error \(500\).*try again/, 'paused');
    davProxy.plan = onBlobPut({ kind: 'status', status: 503 });
    await failsWith(a, /server error \(503\)/, 'paused');
    davProxy.plan = onBlobPut({ kind: 'status', status: 507 });
    await failsWith(a, /is full: its storage quota is used up/, 'paused');
    davProxy.plan = onBlobPut({ kind: 'reset', afterBytes: 100 });
    await failsWith(a, /could not be reached or stopped answering/, 'paused');
    davProxy.plan = () => undefined;
    await recovers(a, b, 3);
  });

  it('WebDAV: a request that never answers, then the password refused in the middle of a round', async () => {
    // One retry: each try of a hung request waits out the whole timeout.
    const { a, b } = await pair('webdav', 3_000, { ...QUICK_RETRY, attempts: 2 });
    await addImage(a, 'hang');
    davProxy.plan = ({ method, path }) =>
      method === 'PUT' && path.includes('/log/') ? { kind: 'hang' } : undefined;
    await failsWith(a, /stopped answering/, 'paused');
    await addImage(a, 'refused');
    // The first requests of the round pass; the password is refused once it writes its log.
    davProxy.plan = ({ method, path }) =>
      method === 'PUT' && path.includes('/log/') ? { kind: 'status', status: 401 } : undefined;
    await failsWith(a, /refused the user name or password/, 'error');
    davProxy.plan = () => undefined;
    await recovers(a, b, 2);
  });

  // The SDK's own tries, each with its growing wait, under the round's: slow on a loaded machine.
  it('S3: 429, SlowDown and 500 answers, then a reset mid-upload', async () => {
    const { a, b } = await pair('s3');
    for (const prompt of ['alpha', 'beta']) await addImage(a, prompt);
    s3Proxy.plan = onBlobPut({ kind: 'status', status: 429, body: s3Error('TooManyRequests') });
    await failsWith(a, /slow down|429|try again/i, 'paused');
    s3Proxy.plan = onBlobPut({
      kind: 'status',
      status: 503,
      body: s3Error('SlowDown', 'Please reduce your request rate.'),
    });
    await failsWith(a, /asks to slow down \(SlowDown\)/, 'paused');
    s3Proxy.plan = onBlobPut({ kind: 'status', status: 500, body: s3Error('InternalError') });
    await failsWith(a, /server error \(500\)/, 'paused');
    s3Proxy.plan = onBlobPut({ kind: 'reset', afterBytes: 100 });
    await failsWith(a, /could not be reached or stopped answering|try again/, 'paused');
    s3Proxy.plan = () => undefined;
    await recovers(a, b, 2);
  }, 60_000);
});

/** A fault plan that answers `fault` to the first `times` requests `matches` picks, then lets everything through. */
function firstOnes(
  times: number,
  matches: (request: { method: string; path: string }) => boolean,
  fault: Fault,
): { plan: FaultProxy['plan']; hits: () => number } {
  let hits = 0;
  return {
    plan: (request) => (matches(request) && hits < times ? (hits++, fault) : undefined),
    hits: () => hits,
  };
}

describe('a passing fault is tried again within the round, with growing waits', () => {
  it('WebDAV: 423 Locked on making a folder and 503 on uploads, and the same round finishes', async () => {
    // The app's own waits (half a second, then a second, then two), not the quick ones of the tests above.
    const { a, b } = await pair('webdav', 60_000, DEFAULT_RETRY);
    for (const prompt of ['locked', 'busy', 'fine']) await addImage(a, prompt);
    const locked = firstOnes(1, ({ method }) => method === 'MKCOL', { kind: 'status', status: 423 });
    const busy = firstOnes(2, ({ method, path }) => method === 'PUT' && path.includes('/blobs/'), {
      kind: 'status',
      status: 503,
    });
    davProxy.plan = (request) => locked.plan(request) ?? busy.plan(request);
    const report = await a.sync.runRound();
    expect(locked.hits()).toBe(1);
    expect(busy.hits()).toBe(2);
    expect(report.pushed.changes).toBeGreaterThan(0);
    expect(a.sync.status()).toMatchObject({ state: 'idle', problem: null });
    davProxy.plan = () => undefined;
    await b.sync.runRound();
    expect(view(b)).toEqual(view(a));
    expect(await filesIntact(b)).toBe(true);
  });

  it("S3: SlowDown answers beyond the SDK's own tries, and the same round finishes", async () => {
    const { a, b } = await pair('s3', 60_000, { attempts: 4, baseDelayMs: 200, maxDelayMs: 2_000 });
    await addImage(a, 'slow');
    // The SDK tries each request 3 times; 4 answers in a row outlast it, so the round's own retry must act.
    const slow = firstOnes(4, ({ method, path }) => method === 'PUT' && path.includes('/blobs/'), {
      kind: 'status',
      status: 503,
      body: s3Error('SlowDown', 'Please reduce your request rate.'),
    });
    s3Proxy.plan = slow.plan;
    await a.sync.runRound();
    expect(slow.hits()).toBe(4);
    expect(a.sync.status()).toMatchObject({ state: 'idle', problem: null });
    s3Proxy.plan = () => undefined;
    await b.sync.runRound();
    expect(view(b)).toEqual(view(a));
    expect(await filesIntact(b)).toBe(true);
  });
});

describe('WebDAV folders', () => {
  it('are made once however many uploads into a new folder run at once (parallel MKCOLs meet 423 Locked)', async () => {
    const name = `lib-${++n}`;
    await makeCollection(`${dav.url}/${name}`, 'u', 'p');
    // The adapter alone, with no retries above it: a second MKCOL of one folder would fail the put.
    const remote = new WebdavRemote({ url: `${davProxy.url}/${name}`, user: 'u', password: 'p' });
    davProxy.seen.length = 0;
    const keys = Array.from({ length: 12 }, (_, i) => `blobs/ab/${i}`);
    await Promise.all(keys.map((key) => remote.put(key, Buffer.from(key))));
    const made = davProxy.seen.filter((request) => request.startsWith('MKCOL'));
    expect(made).toEqual([`MKCOL /${name}/blobs/`, `MKCOL /${name}/blobs/ab/`]);
    for (const key of keys) expect((await remote.get(key))?.toString()).toBe(key);
  });
});
