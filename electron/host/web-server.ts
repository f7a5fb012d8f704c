// Web mode's HTTP server on 127.0.0.1: the built renderer, the bridge (tRPC over HTTP batch + SSE) and library
// media under /media/. Every request needs the session cookie or token header, and a Host header naming us,
// so neither another local user's page nor a DNS-rebinding site can drive the studio.
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { WEB_MEDIA_BASE_URL } from '../../shared/bridge/media-url';
import { appRouter } from '../../shared/bridge/router';
import { contentSecurityPolicy } from './csp';
import { parseRange } from '../../shared/http/byte-range';
import { resolveFileInside, resolveLibraryFile } from './media-files';
import type { MediaLookup } from './media-files';
import {
  newSessionToken,
  readCookie,
  SESSION_COOKIE,
  sessionCookie,
  TOKEN_HEADER,
  tokenMatches,
} from './session-token';

export interface WebServerOptions {
  handlers: BridgeHandlers;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** The library folder now (it may change in settings). */
  libraryDir: () => string;
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

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Request bodies carry reference images as data URLs; anything much larger is not a real request. */
const MAX_BRIDGE_BODY = 64 * 1024 * 1024;

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
}

function commonHeaders(res: ServerResponse): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  res.setHeader('cross-origin-resource-policy', 'same-origin');
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: Extract<MediaLookup, { ok: true }>,
  type: string,
  cache: string,
): Promise<void> {
  const range = parseRange(req.headers.range, file.size);
  res.setHeader('accept-ranges', 'bytes');
  res.setHeader('cache-control', cache);
  res.setHeader('content-type', type);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${file.size}` });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const length = file.size === 0 ? 0 : end - start + 1;
  if (range) res.setHeader('content-range', `bytes ${start}-${end}/${file.size}`);
  res.writeHead(range ? 206 : 200, { 'content-length': String(length) });
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  await pipeline(createReadStream(file.path, { start, end }), res);
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newSessionToken();
  const log = options.log ?? (() => undefined);
  const csp = contentSecurityPolicy(null);
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

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
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends Host: evil.example.
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      refuse(res, 421, 'Wrong host.');
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      refuse(res, 403, 'Cross-origin requests are refused.');
      return;
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const offered = url.searchParams.get('token');
    if (offered !== null) {
      if (!tokenMatches(token, offered)) {
        refuse(res, 401, 'This link is not valid for this session. Copy the URL printed by `npm run web`.');
        return;
      }
      // Trade the token for a cookie and drop it from the address bar and history.
      url.searchParams.delete('token');
      res.writeHead(303, {
        'set-cookie': sessionCookie(token),
        location: url.pathname + url.search,
        'cache-control': 'no-store',
      });
      res.end();
      return;
    }
    const authorised =
      tokenMatches(token, readCookie(req.headers.cookie, SESSION_COOKIE)) ||
      tokenMatches(token, req.headers[TOKEN_HEADER] as string | undefined);
    if (!authorised) {
      refuse(res, 401, 'Open the URL printed by `npm run web` (it carries the session token).');
      return;
    }

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
      const file = await resolveLibraryFile(
        options.libraryDir(),
        url.pathname.slice(WEB_MEDIA_BASE_URL.length),
      );
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
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
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
