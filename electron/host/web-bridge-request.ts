// The bridge's half of web mode's door: what a request must be before tRPC reads it (GET or POST, JSON, not
// over the size limit), and the body read with its bytes counted on the way, so a chunked upload cannot run past
// the limit either. The answers are the studio's own error values (refuseBridge), which the renderer reads like
// any other failure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseBridge } from './web-responses';

/**
 * The largest bridge request is one reference image uploaded as a data URL (references.add, at most
 * MAX_REFERENCE_BYTES as base64); tasks carry `studio-ref:` values, so anything much larger is not a real request.
 */
const MAX_BRIDGE_BODY = 32 * 1024 * 1024;

/** How long a refused body may keep arriving (and be dropped) before its connection is closed. */
const LINGER_MS = 5_000;

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

/** A request under /trpc/: checked, its body read within the limit, then handed to tRPC's HTTP handler. */
export async function serveBridge(
  req: IncomingMessage,
  res: ServerResponse,
  bridge: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<void> {
  res.setHeader('cache-control', 'no-store');
  if (!bridgeRequestAcceptable(req, res)) return;
  if (req.method === 'POST') {
    const body = await readBridgeBody(req);
    if (body === null) {
      refuseBridge(res, 413, 'payload_too_large', TOO_LARGE_SENTENCE, { connection: 'close' });
      // A lingering close: the rest of the body is read and dropped for a moment before the connection goes.
      // Destroying at once, with the client's bytes still unread, makes TCP send a reset that can reach the
      // client before it has read the 413, so it saw a dropped connection instead of the sentence.
      res.once('finish', () => {
        const linger = setTimeout(() => req.destroy(), LINGER_MS);
        req.once('end', () => clearTimeout(linger));
        req.resume();
      });
      return;
    }
    // tRPC's standalone adapter reads a body already taken from the stream from `req.body`.
    Object.assign(req, { body });
  }
  bridge(req, res);
}
