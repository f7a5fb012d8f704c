// A gateway that echoes the request's Authorization header in a failed task's error: the key must never be
// stored in studio.db, nor reach the browser over the event stream or tasks.list, whatever its letter case.
import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db';
import type { WebMode } from '../../electron/host/web-mode';
import { callWeb } from './web-call';
import { startTestWebMode, type TestWebMode } from './test-web-mode';

const KEY = 'sk-Echoed-Key-0123456789abcdef';

let studio: TestWebMode;
let web: WebMode;
let gateway: Server;
let gatewayUrl: string;

/** A gateway that accepts every submission and then fails it, quoting the header it was sent. */
function startEchoGateway(): Promise<void> {
  gateway = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST')
        return answer(200, { code: 200, data: [{ task_id: 'echo-1', status: 'submitted' }] });
      // The key is checked with the token balance before it is taken ([EP-TBAL-1]): this gateway takes it.
      if (req.url === '/v1/balance')
        return answer(200, { success: true, remain_balance: 1, used_balance: 0 });
      if (req.url?.startsWith('/v1/tasks/'))
        return answer(200, {
          id: 'echo-1',
          status: 'failed',
          progress: 0,
          error: {
            message: `upstream refused {"Authorization":"${auth}"}; AUTHORIZATION: ${auth.toUpperCase()}; key ${auth.slice(7)}`,
            code: `bad_key_${auth.slice(7).toUpperCase()}`,
          },
        });
      return answer(401, {
        error: { message: `no such route; you sent ${auth}`, type: 'authentication_error' },
      });
    });
  });
  return new Promise((resolve) =>
    gateway.listen(0, '127.0.0.1', () => {
      gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startEchoGateway();
  studio = await startTestWebMode('studio-key-echo-');
  web = studio.web;
});
afterAll(async () => {
  await studio?.close();
  await new Promise((resolve) => gateway.close(resolve));
});

/** Every text the event stream sends until `until` appears in it. */
function eventsUntil(until: RegExp): { connected: Promise<void>; text: Promise<string> } {
  const port = Number(new URL(web.origin).port);
  let attached: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (attached = resolve));
  const text = new Promise<string>((resolve, reject) => {
    let seen = '';
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/trpc/events',
        headers: { host: `127.0.0.1:${port}`, 'x-studio-token': web.token, accept: 'text/event-stream' },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          seen += chunk;
          if (seen.includes('event: connected')) attached();
          if (until.test(seen)) {
            req.destroy();
            resolve(seen);
          }
        });
      },
    );
    req.on('error', (e) => (until.test(seen) ? resolve(seen) : reject(e)));
    req.end();
  });
  return { connected, text };
}

const carriesKey = (text: string) =>
  text.toLowerCase().includes(KEY.toLowerCase()) || /bearer\s+sk-/i.test(text);

describe('a gateway that echoes the key in a task error', () => {
  it('[AUTH-1] never stores it, and neither the event stream nor tasks.list carries it', async () => {
    expect((await callWeb(web, '/trpc/settings.update', { baseUrl: gatewayUrl })).status).toBe(200);
    expect((await callWeb(web, '/trpc/secrets.setKey', { key: KEY })).status).toBe(200);
    const events = eventsUntil(/"state":"failed"/);
    await events.connected;
    const submitted = await callWeb(web, '/trpc/tasks.submit', {
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a lighthouse at dusk' },
    });
    expect(submitted.status, submitted.body).toBe(200);
    const stream = await events.text;
    expect(stream).toContain('upstream refused');
    expect(carriesKey(stream), stream).toBe(false);

    const list = await callWeb(web, '/trpc/tasks.list', undefined, {});
    expect(list.status, list.body).toBe(200);
    expect(list.body).toContain('upstream refused');
    expect(list.body).toContain('[redacted]');
    expect(carriesKey(list.body), list.body).toBe(false);

    const db = openDatabase(join(studio.dataDir, 'studio.db'));
    try {
      const rows = db.prepare('SELECT error FROM tasks').all() as { error: string | null }[];
      expect(rows.length).toBe(1);
      expect(carriesKey(JSON.stringify(rows)), JSON.stringify(rows)).toBe(false);
    } finally {
      db.close();
    }
  });
});
