// A real HTTP proxy server (the `proxy` package) on 127.0.0.1 that records what went through it: plain requests
// forwarded by absolute URI and CONNECT tunnels, each by target host. The proxy tests prove with it that
// gateway calls and downloads really took the proxy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';

export interface CountingProxy {
  url: string;
  /** The proxy's server, for a test that rewrites where a request goes before the proxy reads it. */
  server: Server;
  /** Plain requests forwarded (absolute-URI), by target host. */
  forwarded: string[];
  /** CONNECT tunnels opened, by target host:port. */
  tunnels: string[];
  close(): Promise<void>;
}

export async function startCountingProxy(): Promise<CountingProxy> {
  const server: Server = createProxy(createServer());
  const forwarded: string[] = [];
  const tunnels: string[] = [];
  server.prependListener('request', (req) => forwarded.push(new URL(req.url ?? '').host));
  server.prependListener('connect', (req) => tunnels.push(req.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    forwarded,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
