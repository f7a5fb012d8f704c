// Web mode's HTTP server on 127.0.0.1: the built renderer, the bridge (tRPC over HTTP batch + SSE) and library
// media under /media/. Every request needs the session cookie or token header, and a Host header naming us,
// so neither another local user's page nor a DNS-rebinding site can drive the studio.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { WEB_MEDIA_BASE_URL } from '../../shared/bridge/media-url';
import { appRouter } from '../../shared/bridge/router';
import { contentSecurityPolicy } from './csp';
import { resolveFileInside, resolveLibraryFile } from './media-files';
import type { MediaSource } from './media-files';
import { newSessionToken } from './session-token';
import { admit } from './web-gate';
import type { Gate } from './web-gate';
import { commonHeaders, refuse, sendFile, STATIC_TYPES } from './web-responses';

export interface WebServerOptions {
  handlers: BridgeHandlers;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** The library now (its folder may change in settings): only its indexed files are served. */
  media: () => MediaSource;
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

/** Request bodies carry reference images as data URLs; anything much larger is not a real request. */
const MAX_BRIDGE_BODY = 64 * 1024 * 1024;

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newSessionToken();
  const log = options.log ?? (() => undefined);
  const csp = contentSecurityPolicy(null);
  const gate: Gate = { token, hosts: new Set(), origins: new Set() };

  const bridge = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    maxBodySize: MAX_BRIDGE_BODY,
    createContext: () => ({ handlers: options.handlers }),
    onError: ({ error, path }) => {
      // Unexpected failures are logged here (the renderer only gets a generic message); never the input.
      if (error.code === 'INTERNAL_SERVER_ERROR')
        log(`bridge: ${path ?? '?'} failed: ${error.cause?.message ?? error.message}`);
    },
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    commonHeaders(res);
    const url = admit(req, res, gate);
    if (!url) return;

    if (url.pathname.startsWith('/trpc/')) {
      res.setHeader('cache-control', 'no-store');
      bridge(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      refuse(res, 405, 'Method not allowed.');
      return;
    }
    if (url.pathname.startsWith(WEB_MEDIA_BASE_URL)) {
      const file = await resolveLibraryFile(options.media(), url.pathname.slice(WEB_MEDIA_BASE_URL.length));
      if (!file.ok) {
        refuse(res, file.status, 'Not available.');
        return;
      }
      res.setHeader('content-security-policy', "default-src 'none'; sandbox");
      await sendFile(req, res, file, file.mime, 'private, max-age=300');
      return;
    }
    const path = url.pathname === '/' ? 'index.html' : url.pathname;
    let file = await resolveFileInside(options.staticDir, path);
    // Client-side routes (/library, /tasks/...) get the app shell; missing assets stay 404.
    if (!file.ok && file.status === 404 && extname(url.pathname) === '') {
      file = await resolveFileInside(options.staticDir, 'index.html');
    }
    if (!file.ok) {
      refuse(res, file.status, 'Not found.');
      return;
    }
    const type = STATIC_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream';
    if (type.startsWith('text/html')) res.setHeader('content-security-policy', csp);
    await sendFile(req, res, file, type, type.startsWith('text/html') ? 'no-store' : 'private, max-age=3600');
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
