// One bridge or file request to a running web mode, authenticated by the token header, as the renderer makes
// them: GET for queries and files, POST with a JSON body for mutations.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { WebMode } from '../../electron/host/web-mode';

export interface WebAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function callWebMode(
  web: Pick<WebMode, 'origin' | 'token'>,
  path: string,
  body?: unknown,
): Promise<WebAnswer> {
  return sendToWebMode(web, path, body === undefined ? undefined : JSON.stringify(body));
}

/** A mutation whose JSON body is given as text: for bodies JSON.stringify cannot write (thousands deep). */
export function postJsonText(
  web: Pick<WebMode, 'origin' | 'token'>,
  path: string,
  text: string,
): Promise<WebAnswer> {
  return sendToWebMode(web, path, text);
}

function sendToWebMode(
  web: Pick<WebMode, 'origin' | 'token'>,
  path: string,
  body: string | undefined,
): Promise<WebAnswer> {
  const port = Number(new URL(web.origin).port);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          host: `127.0.0.1:${port}`,
          'x-studio-token': web.token,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface CallAnswer {
  status: number;
  body: string;
  /** The procedure's result (tRPC's result.data), or undefined for an error answer. */
  data<T>(): T | undefined;
}

/** A bridge call: GET for a query (`input` as the query string), POST for a mutation (`body`). */
export async function callWeb(
  web: Pick<WebMode, 'origin' | 'token'>,
  path: string,
  body?: unknown,
  input?: unknown,
): Promise<CallAnswer> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const answer = await callWebMode(web, path + query, body);
  const text = answer.body.toString();
  return {
    status: answer.status,
    body: text,
    data: <T>() => (JSON.parse(text) as { result?: { data: T } }).result?.data,
  };
}
