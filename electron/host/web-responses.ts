// Web mode's HTTP answers: plain refusals, the security headers every response carries, and files (renderer
// assets and library media) with byte ranges, so video and audio can seek.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { parseRange } from '../../shared/http/byte-range';
import type { MediaLookup } from './media-files';

export const STATIC_TYPES: Record<string, string> = {
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

export function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
}

export function commonHeaders(res: ServerResponse): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  res.setHeader('cross-origin-resource-policy', 'same-origin');
}

export async function sendFile(
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
