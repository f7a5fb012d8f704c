// Sync reaches its remote the way gateway calls and downloads reach the gateway (core/proxy): through the
// proxy the settings or --proxy name, else HTTPS_PROXY/HTTP_PROXY with NO_PROXY, SOCKS included. Proven on the
// project's counting HTTP proxy (the `proxy` package) and SOCKS5 server, in front of real servers: rclone's
// WebDAV and s3rver; and through the app (its --proxy) and the CLI (--proxy).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProxyRoute } from '../../../electron/core/proxy/proxy-route';
import { FileSecretStore } from '../../../electron/core/settings/file-secret-store';
import { createBridgeCaller } from '../../../shared/bridge/router';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import { startCountingProxy, type CountingProxy } from '../../support/counting-proxy';
import { startCountingSocks, type CountingSocks } from '../../support/socks-server';
import { S3RVER_KEY, makeCollection, startRcloneWebdav, startS3rver } from '../../support/sync-servers';
import type { RunningServer } from '../../support/sync-servers';
import { openTestHost } from '../../support/test-host';
import { cli } from '../../cli/cli-harness';
import { addImage, filesIntact, openDevice, view } from './sync-devices';
import type { Device } from './sync-devices';

let dav: RunningServer;
let s3: RunningServer;
let proxy: CountingProxy;
let socks: CountingSocks;
let root: string;
const opened: Device[] = [];

beforeAll(async () => {
  [dav, s3] = await Promise.all([startRcloneWebdav({ user: 'studio', pass: 'dav-secret' }), startS3rver()]);
});
afterAll(async () => {
  await Promise.all([dav?.stop(), s3?.stop()]);
});
beforeEach(async () => {
  [proxy, socks] = await Promise.all([startCountingProxy(), startCountingSocks()]);
  root = await mkdtemp(join(tmpdir(), 'sync-proxy-'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const device of opened.splice(0)) await device.close();
  await Promise.all([proxy.close(), socks.close()]);
  await rm(root, { recursive: true, force: true });
});

let n = 0;
interface Remote {
  remote: SyncConfig['remote'];
  secrets: SyncSecrets;
  /** host:port the remote's requests go to. */
  host: string;
}
const REMOTES: { name: string; make(): Promise<Remote> }[] = [
  {
    name: 'WebDAV',
    async make() {
      const folder = `proxied-${++n}`;
      await makeCollection(`${dav.url}/${folder}`, 'studio', 'dav-secret');
      return {
        remote: { kind: 'webdav', url: `${dav.url}/${folder}`, user: 'studio' },
        secrets: { secret: 'dav-secret' },
        host: new URL(dav.url).host,
      };
    },
  },
  {
    name: 'S3',
    async make() {
      return {
        remote: {
          kind: 's3',
          endpoint: s3.url,
          region: 'us-east-1',
          bucket: 'studio',
          prefix: `proxied-${++n}`,
          accessKeyId: S3RVER_KEY,
        },
        secrets: { secret: S3RVER_KEY },
        host: new URL(s3.url).host,
      };
    },
  },
];

const device = (name: string, remote: Remote, route: ProxyRoute) => {
  const d = openDevice(root, name, { remote: remote.remote, secrets: remote.secrets, proxy: route });
  opened.push(d);
  return d;
};

describe('sync through a proxy', () => {
  for (const kind of REMOTES) {
    it(`${kind.name}: every request of a round and a restore goes through the proxy the settings name`, async () => {
      const remote = await kind.make();
      const route = new ProxyRoute(() => proxy.url);
      const laptop = device('laptop', remote, route);
      await addImage(laptop, 'red fox');
      const report = await laptop.sync.runRound();
      // Plain http to the server: each request forwarded by the proxy by its absolute URI.
      expect(proxy.forwarded.filter((host) => host === remote.host).length).toBeGreaterThanOrEqual(
        report.requests,
      );
      const before = proxy.forwarded.length;
      const desktop = device('desktop', remote, route);
      const restore = await desktop.sync.restore();
      expect(view(desktop)).toEqual(view(laptop));
      expect(await filesIntact(desktop)).toBe(true);
      expect(proxy.forwarded.length - before).toBeGreaterThanOrEqual(restore.requests);
      expect(proxy.forwarded.every((host) => host === remote.host)).toBe(true);
    });

    it(`${kind.name}: HTTP_PROXY from the environment is taken, and NO_PROXY honoured`, async () => {
      const remote = await kind.make();
      const route = new ProxyRoute(() => null);
      vi.stubEnv('HTTP_PROXY', proxy.url);
      vi.stubEnv('http_proxy', proxy.url);
      const laptop = device('laptop', remote, route);
      await addImage(laptop, 'red fox');
      await laptop.sync.runRound();
      const through = proxy.forwarded.length;
      expect(through).toBeGreaterThan(0);
      vi.stubEnv('NO_PROXY', '127.0.0.1');
      vi.stubEnv('no_proxy', '127.0.0.1');
      await addImage(laptop, 'grey heron');
      const report = await laptop.sync.runRound();
      expect(report.pushed.changes).toBeGreaterThan(0);
      expect(proxy.forwarded.length).toBe(through);
    });

    it(`${kind.name}: a SOCKS5 proxy carries the round`, async () => {
      const remote = await kind.make();
      const laptop = device('laptop', remote, new ProxyRoute(() => socks.url));
      await addImage(laptop, 'red fox');
      const report = await laptop.sync.runRound();
      expect(report.pushed.files).toBe(2);
      expect(socks.tunnels.length).toBeGreaterThan(0);
      expect(socks.tunnels.every((target) => target === remote.host)).toBe(true);
    });
  }

  it('the app takes its proxy (--proxy) to the remote, and the CLI its --proxy', async () => {
    const remote = await REMOTES[0]?.make();
    if (!remote) throw new Error('no remote');
    const dataDir = join(root, 'app');
    await mkdir(dataDir, { recursive: true });
    const host = await openTestHost(dataDir, {
      syncSecrets: new FileSecretStore(join(dataDir, 'sync-secrets')),
      demo: 'off',
      proxy: proxy.url,
      log: () => undefined,
    });
    try {
      const call = createBridgeCaller({ handlers: host.handlers });
      const config: SyncConfig = {
        remote: remote.remote,
        deviceName: 'App',
        encrypted: false,
        filesMode: 'on-demand',
      };
      expect(await call.sync.test({ config, secret: 'dav-secret' })).toMatchObject({ ok: true });
      expect(proxy.forwarded).toContain(remote.host);
    } finally {
      await host.close();
    }

    const before = proxy.forwarded.length;
    if (remote.remote.kind !== 'webdav') throw new Error('a WebDAV remote was made');
    const run = await cli(['--proxy', proxy.url, 'sync', '--json'], {
      STUDIO_LIBRARY_DIR: join(root, 'cli'),
      HOME: root,
      STUDIO_SYNC_REMOTE: remote.remote.url.replace('http:', 'webdav:'),
      STUDIO_SYNC_USER: 'studio',
      STUDIO_SYNC_SECRET: 'dav-secret',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(proxy.forwarded.length).toBeGreaterThan(before);
  });
});
