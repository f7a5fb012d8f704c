// Every gateway call and every result download goes through the creator's proxy (Settings
// or --proxy, else HTTPS_PROXY/HTTP_PROXY with NO_PROXY), proven on a real HTTP proxy server on 127.0.0.1 that
// counts what passed through it, and on a real SOCKS5 server (test/support/socks-server.ts) the same way; a bad or
// unreachable proxy address is said in one clear sentence.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import { ProxyRoute } from '../../../electron/core/proxy/proxy-route';
import { RecordingSink } from '../downloads/download-fixtures';
import { CountingGateway, driveUntil, useEngineRig, writeRow } from '../tasks/engine-rig';
import { startCountingProxy, type CountingProxy } from '../../support/counting-proxy';
import { startCountingSocks } from '../../support/socks-server';
import { closedPort } from '../../support/closed-port';

/** A port nothing listens on: bound, read, closed. */
const bench = useEngineRig((rig) => ({
  downloads: { libraryDir: join(rig.dir, 'library'), sink: new RecordingSink(), backoffMs: 1_000 },
}));

let proxy: CountingProxy;
beforeEach(async () => {
  proxy = await startCountingProxy();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await proxy.close();
});

const client = (route: ProxyRoute) =>
  new GatewayClient({
    baseUrl: bench.rig.sim.url,
    apiKey: bench.rig.sim.keys.default,
    clock: bench.rig.clock,
    proxy: route,
    retry: { maxAttempts: 1 },
  });

/** One image task sent and driven until its file is saved, its link on the simulator's separate file host. */
async function generateAndSave(route: ProxyRoute): Promise<void> {
  const { rig } = bench;
  rig.sim.links.set({ host: 'separate' });
  const p = bench.parts(new CountingGateway(client(route), rig.clock));
  const { id } = writeRow(p, rig.clock).record;
  await p.sender.send(id);
  const settled = () => {
    const t = p.tasks.get(id);
    return t !== null && t.state === 'completed' && p.queries.isSettled(t);
  };
  expect(await driveUntil(rig, p, settled)).toBe(true);
  expect(p.tasks.get(id)?.downloads).toMatchObject({ total: 1, done: 1 });
}

describe('a proxy', () => {
  it('sends every gateway call through the proxy the settings (or --proxy) name', async () => {
    const gateway = client(new ProxyRoute(() => proxy.url));
    const balance = await gateway.tokenBalance();
    expect(balance.remain_balance).toBeGreaterThan(0);
    await gateway.usage({});
    const simHost = new URL(bench.rig.sim.url).host;
    expect(proxy.forwarded).toEqual([simHost, simHost]);
  });

  it('fetches result files through the same proxy, tunnelled, from the file host too', async () => {
    const { rig } = bench;
    await generateAndSave(new ProxyRoute(() => proxy.url));
    expect(proxy.tunnels).toEqual([new URL(rig.sim.links.filesUrl).host]);
    // The submission and the polls went through it as well.
    expect(proxy.forwarded.length).toBeGreaterThanOrEqual(2);
  });

  it('sends gateway calls and result downloads through a SOCKS5 proxy (socks5://, as set in Settings)', async () => {
    const socks = await startCountingSocks();
    try {
      const { rig } = bench;
      const route = new ProxyRoute(() => socks.url);
      const balance = await client(route).tokenBalance();
      expect(balance.remain_balance).toBeGreaterThan(0);
      const simHost = new URL(rig.sim.url).host;
      expect(socks.tunnels).toContain(simHost);

      await generateAndSave(route);
      // The file host was reached through the SOCKS server too, and nothing went by the HTTP proxy.
      expect(socks.tunnels).toContain(new URL(rig.sim.links.filesUrl).host);
      expect(proxy.forwarded).toEqual([]);
      expect(proxy.tunnels).toEqual([]);
    } finally {
      await socks.close();
    }
  });

  it('reads HTTP_PROXY from the environment when nothing is set, and NO_PROXY exempts a host', async () => {
    vi.stubEnv('HTTP_PROXY', proxy.url);
    vi.stubEnv('http_proxy', '');
    vi.stubEnv('NO_PROXY', '');
    vi.stubEnv('no_proxy', '');
    const gateway = client(new ProxyRoute(() => null));
    await gateway.tokenBalance();
    expect(proxy.forwarded).toHaveLength(1);
    vi.stubEnv('NO_PROXY', '127.0.0.1');
    await gateway.tokenBalance();
    expect(proxy.forwarded).toHaveLength(1);
  });

  it('says a proxy address that is not one, and a proxy that cannot be reached, in a sentence', async () => {
    await expect(client(new ProxyRoute(() => 'proxy.example:abc')).tokenBalance()).rejects.toMatchObject({
      type: 'network_error',
      code: 'bad_proxy',
      message: expect.stringMatching(/cannot be used. Not a proxy address: write it as http:\/\/host:port/),
    });
    const port = await closedPort();
    await expect(
      client(new ProxyRoute(() => `http://127.0.0.1:${port}`)).tokenBalance(),
    ).rejects.toMatchObject({
      type: 'network_error',
      message: `The gateway could not be reached through the proxy 127.0.0.1:${port} (ECONNREFUSED): check the proxy address in Settings, --proxy or HTTPS_PROXY.`,
    });
  });

  it('reaches an https gateway directly too: each protocol has its own agent, told which it is', async () => {
    const route = new ProxyRoute(() => false);
    // Told, not guessed: agent-base guesses from a stack trace at every request, a fifth of a call's cost.
    expect([route.agent('http:').protocol, route.agent('https:').protocol]).toEqual(['http:', 'https:']);
    const cert = readFileSync(new URL('../downloads/loopback-tls.crt', import.meta.url));
    const key = readFileSync(new URL('../downloads/loopback-tls.key', import.meta.url));
    const sim = new URL(bench.rig.sim.url);
    // TLS in front of the simulator: every request passed on as it came.
    const front = createHttpsServer({ key, cert }, (req, res) => {
      const inner = httpRequest(
        { host: sim.hostname, port: sim.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(inner);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const defaultCAs = tls.getCACertificates('default');
    tls.setDefaultCACertificates([...defaultCAs, cert.toString()]);
    try {
      const secure = new GatewayClient({
        baseUrl: `https://127.0.0.1:${(front.address() as AddressInfo).port}`,
        apiKey: bench.rig.sim.keys.default,
        clock: bench.rig.clock,
        proxy: route,
        retry: { maxAttempts: 1 },
      });
      expect((await secure.tokenBalance()).remain_balance).toBeGreaterThan(0);
      expect((await client(route).tokenBalance()).remain_balance).toBeGreaterThan(0);
    } finally {
      tls.setDefaultCACertificates(defaultCAs);
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  });
});
