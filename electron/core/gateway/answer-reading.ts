// Reading what the gateway answered: a 2xx body as JSON (a web page in its place said as such, never shown), an
// error body as best-effort JSON, and the first bytes of a streamed error body.
import type { Readable } from 'node:stream';
import { looksLikeHtml } from '../../../shared/gateway/error-map';
import { invalidResponse } from '../../../shared/gateway/gateway-error';
import type { ExchangeResponse } from './http-exchange';

type Answer = ExchangeResponse<string | Readable>;

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
