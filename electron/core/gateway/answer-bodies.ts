// Reading what came back: a 2xx JSON body, an error body in whatever shape a proxy sent, and the first bytes
// of a stream. Each endpoint's own parsing lives in shared/gateway; this is only the raw text to a value.
import type { Readable } from 'node:stream';
import { looksLikeHtml } from '../../../shared/gateway/error-map';
import { invalidResponse } from '../../../shared/gateway/gateway-error';
import type { ExchangeResponse } from './http-exchange';

export type Answer = ExchangeResponse<string | Readable>;

/** The most of an error body a call reads (it is JSON or a proxy's page, not the result). */
export const MAX_ERROR_BYTES = 64 * 1024;

/** A 2xx JSON body; an empty or non-JSON one is an invalid response. */
export function json(response: Answer): unknown {
  const text = typeof response.body === 'string' ? response.body : '';
  try {
    return JSON.parse(text);
  } catch {
    // A web page in place of data (a proxy's, a portal's) is said as such: its markup is never shown.
    const what = looksLikeHtml(text)
      ? 'a web page, not data'
      : `not JSON: ${JSON.stringify(text.slice(0, 80))}`;
    throw invalidResponse('answer', what, response.status);
  }
}

/** An error body is best-effort JSON: a proxy's HTML page still maps by status. */
export function errorBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Up to `limit` bytes of a stream as text, then the stream is closed. */
export async function readSome(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      chunks.push(buf);
      size += buf.length;
      if (size >= limit) break;
    }
  } catch {
    // A broken error body still maps by status.
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
