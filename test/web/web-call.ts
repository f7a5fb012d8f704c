// One bridge call to a running web mode over real HTTP, authenticated with the session token header.
import { request } from 'node:http';
import type { WebMode } from '../../electron/host/web-mode';

export interface CallAnswer {
  status: number;
  body: string;
  /** The procedure's result (tRPC's result.data), or undefined for an error answer. */
  data<T>(): T | undefined;
}

/** GET for a query (`input` as the query string), POST for a mutation (`body`). */
export function callWeb(web: WebMode, path: string, body?: unknown, input?: unknown): Promise<CallAnswer> {
  const port = Number(new URL(web.origin).port);
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: path + query,
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
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            data: <T>() => (JSON.parse(text) as { result?: { data: T } }).result?.data,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
