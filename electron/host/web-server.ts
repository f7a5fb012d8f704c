// Web mode's HTTP server on 127.0.0.1: the built renderer, the bridge (tRPC over HTTP batch + SSE) and library
// media under /media/. Every request needs the session cookie or token header, and a Host header naming us,
// so neither another local user's page nor a DNS-rebinding site can drive the studio.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { WEB_MEDIA_BASE_URL, WEB_REFERENCE_BASE_URL } from '../../shared/bridge/media-url';
import { appRouter } from '../../shared/bridge/router';
import { exportZip } from '../core/library/library-export';
import { contentSecurityPolicy } from './csp';
import { EXPORT_BASE_URL } from './export-tickets';
import type { ExportTickets } from './export-tickets';
import { resolveFileInside, resolveLibraryFile, resolveReferenceFile } from './media-files';
import type { MediaSource, ReferenceFiles } from './media-files';
import { newSessionToken } from './session-token';
import { admit } from './web-gate';
import type { Gate } from './web-gate';
import { commonHeaders, refuse, refuseBridge, sendFile, STATIC_TYPES } from './web-responses';

export interface WebServerOptions {
  handlers: BridgeHandlers;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** The library now (its folder may change in settings): only its indexed files are served. */
  media: () => MediaSource;
  /** The reference image store, served under /references/ (by hash only). */
  references: ReferenceFiles;
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

/**
 * The largest bridge request is one reference image uploaded as a data URL (references.add, at most
 * MAX_REFERENCE_BYTES as base64); tasks carry `studio-ref:` values, so anything much larger is not a real request.
 */
const MAX_BRIDGE_BODY = 32 * 1024 * 1024;

export const TOO_LARGE_SENTENCE = `The request is larger than the studio accepts (${MAX_BRIDGE_BODY / 1024 / 1024} MiB).`;

/**
 * What tRPC would answer with a generic failure, answered here with the right status and a sentence: a method
 * other than GET and POST (405), a POST body that is not JSON (415), a body announced over the limit (413; a
 * chunked body over the limit meets readBridgeBody's count and gets the same answer).
 */
function bridgeRequestAcceptable(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'GET';
  const drop = (): void => void req.resume();
  if (method !== 'GET' && method !== 'POST') {
    drop();
    refuseBridge(
      res,
      405,
      'method_not_allowed',
      `The studio does not answer ${method}: use GET for reads and POST for changes.`,
      { allow: 'GET, POST' },
    );
    return false;
  }
  if (method !== 'POST') return true;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    drop();
    refuseBridge(
      res,
      415,
      'unsupported_media_type',
      'The studio takes JSON: send the request with Content-Type: application/json.',
    );
    return false;
  }
  const length = Number(req.headers['content-length']);
  if (length > MAX_BRIDGE_BODY) {
    refuseBridge(res, 413, 'payload_too_large', TOO_LARGE_SENTENCE, { connection: 'close' });
    req.destroy();
    return false;
  }
  return true;
}

/**
 * Reads a bridge POST body, counting its bytes as they come: a chunked body announces no length, so the limit
 * can only be met on the way. Resolves null (and stops reading) once the body passes MAX_BRIDGE_BODY.
 */
function readBridgeBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size <= MAX_BRIDGE_BODY) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.pause();
      resolve(null);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newSessionToken();
  const log = options.log ?? (() => undefined);
  const csp = contentSecurityPolicy(null);
  const gate: Gate = { token, hosts: new Set(), origins: new Set() };

  const bridge = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    createContext: () => ({ handlers: options.handlers }),
    onError: ({ error, path }) => {
      // Unexpected failures are logged here (the renderer only gets a generic message); never the input.
      if (error.code === 'INTERNAL_SERVER_ERROR')
        log(`bridge: ${path ?? '?'} failed: ${error.cause?.message ?? error.message}`);
    },
  });

  /** A prepared export as a zip download, streamed as it is read; a failure mid-way cuts the download short. */
  async function sendExport(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const found = options.exports?.find(path) ?? null;
    if (!found) {
      refuse(res, 404, 'This export link has expired: export the items again.');
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${found.fileName}"; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      await pipeline(exportZip(found.entries), res);
    } catch (error) {
      log(`export: the zip stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    commonHeaders(res);
    const url = admit(req, res, gate);
    if (!url) return;

    if (url.pathname.startsWith('/trpc/')) {
      res.setHeader('cache-control', 'no-store');
      if (!bridgeRequestAcceptable(req, res)) return;
      if (req.method === 'POST') {
        const body = await readBridgeBody(req);
        if (body === null) {
          refuseBridge(res, 413, 'payload_too_large', TOO_LARGE_SENTENCE, { connection: 'close' });
          // The rest of the body is not worth reading: close once the refusal is out.
          res.once('finish', () => req.destroy());
          return;
        }
        // tRPC's standalone adapter reads a body already taken from the stream from `req.body`.
        Object.assign(req, { body });
      }
      bridge(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      refuse(res, 405, 'Method not allowed.');
      return;
    }
    if (url.pathname.startsWith(EXPORT_BASE_URL)) {
      await sendExport(req, res, url.pathname.slice(EXPORT_BASE_URL.length));
      return;
    }
    const media = url.pathname.startsWith(WEB_MEDIA_BASE_URL)
      ? () => resolveLibraryFile(options.media(), url.pathname.slice(WEB_MEDIA_BASE_URL.length))
      : url.pathname.startsWith(WEB_REFERENCE_BASE_URL)
        ? () => resolveReferenceFile(options.references, url.pathname.slice(WEB_REFERENCE_BASE_URL.length))
        : null;
    if (media) {
      const file = await media();
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
