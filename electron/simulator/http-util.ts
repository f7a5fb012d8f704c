// Small helpers over node:http: JSON bodies in and out, byte ranges, and "lose the answer" faults.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { invalidRequest, SimError } from './errors';
import { parseRange } from '../../shared/http/byte-range';

const MAX_BODY_BYTES = 32 * 1024 * 1024; // data URLs of up to 16 reference images ([EP-IMAGE-2])

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      throw new SimError({ status: 413, type: 'invalid_request_error', message: 'Request body too large.' });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidRequest('The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: Buffer | string | Readable;
}

export const jsonReply = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(value),
});

/** Writes a reply; with cutMidBody the connection is destroyed after half the body ("reset" fault). */
export function sendReply(res: ServerResponse, reply: Reply, cutMidBody = false): void {
  const headers = { ...reply.headers };
  if (typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) {
    const bytes = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
    headers['Content-Length'] ??= String(bytes.length);
    res.writeHead(reply.status, headers);
    if (cutMidBody) {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.destroy());
      return;
    }
    res.end(res.req.method === 'HEAD' ? undefined : bytes);
    return;
  }
  res.writeHead(reply.status, headers);
  if (res.req.method === 'HEAD') {
    reply.body.destroy();
    res.end();
    return;
  }
  const stream = reply.body;
  if (cutMidBody) {
    let sent = 0;
    const total = Number(headers['Content-Length'] ?? 0);
    stream.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (sent >= total / 2) {
        stream.destroy();
        res.destroy();
      }
    });
  }
  stream.pipe(res);
  stream.on('error', () => res.destroy());
}

/** Builds the 200/206/416 reply for a file of known size whose bytes come from read(start, end). */
export function rangeReply(
  rangeHeader: string | undefined,
  size: number,
  contentType: string,
  read: (start: number, endInclusive: number) => Buffer | Readable,
  extraHeaders: Record<string, string> = {},
): Reply {
  const base = { 'Accept-Ranges': 'bytes', 'Content-Type': contentType, ...extraHeaders };
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` }, body: '' };
  }
  if (range === null) {
    return { status: 200, headers: { ...base, 'Content-Length': String(size) }, body: read(0, size - 1) };
  }
  return {
    status: 206,
    headers: {
      ...base,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
    },
    body: read(range.start, range.end),
  };
}
