// Web mode's HTTP server on 127.0.0.1: the built renderer, the bridge (tRPC over HTTP batch + SSE) and library
// media under /media/. Every request needs the session cookie or token header, and a Host header naming us,
// so neither another local user's page nor a DNS-rebinding site can drive the studio.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { appRouter } from '../../shared/bridge/router';
import { contentSecurityPolicy } from './csp';
import type { ExportTickets } from './export-tickets';
import { newSessionToken } from './session-token';
import { serveBridge } from './web-bridge-request';
import { serveExport } from './web-export';
import { serveMedia, serveStatic } from './web-files';
import type { WebFiles } from './web-files';
import { admit } from './web-gate';
import type { Gate } from './web-gate';
import { commonHeaders, refuse } from './web-responses';

export interface WebServerOptions extends Omit<WebFiles, 'csp'> {
  handlers: BridgeHandlers;
  /** Zip exports the bridge prepared (library.exportZip), streamed from /export/<ticket>/<name>.zip. */
  exports?: Pick<ExportTickets, 'find'>;
  /** 0 picks a free port. */
  port?: number;
  /** For tests; a random token otherwise. */
  token?: string;
  log?: (message: string) => void;
}

export interface WebServer {
  /** http://127.0.0.1:<port>/?token=<token> */
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newSessionToken();
  const log = options.log ?? (() => undefined);
  const gate: Gate = { token, hosts: new Set(), origins: new Set() };

  const bridge = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    // The page sends a query with a large input (a long prompt) as a POST body: see renderer/lib/bridge.ts.
    allowMethodOverride: true,
    createContext: () => ({ handlers: options.handlers }),
    onError: ({ error, path }) => {
      // Unexpected failures are logged here (the renderer only gets a generic message); never the input.
      if (error.code === 'INTERNAL_SERVER_ERROR')
        log(`bridge: ${path ?? '?'} failed: ${error.cause?.message ?? error.message}`);
    },
  });

  const files: WebFiles = { ...options, csp: contentSecurityPolicy(null) };
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    commonHeaders(res);
    const url = admit(req, res, gate);
    if (!url) return;
    if (url.pathname.startsWith('/trpc/')) return serveBridge(req, res, bridge);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed.');
    if (await serveExport(req, res, url, options.exports, options.media, log)) return;
    if (await serveMedia(req, res, url, files)) return;
    await serveStatic(req, res, url, files);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`web: ${req.method} ${req.url?.split('?')[0]} failed: ${(error as Error).message}`);
      if (!res.headersSent) refuse(res, 500, 'Internal error.');
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  gate.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  gate.origins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        // SSE streams never end by themselves: cut them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
