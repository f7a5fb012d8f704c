// Web mode as a browser meets it: the token-to-cookie exchange, every route refused without the session, the
// Host and Origin checks, media confined to library items with Range support, and bridge events over SSE.
// Each test stands alone (run by itself with -t, or in any order): the session cookie is traded for in
// beforeAll, and every test that needs the demo gateway turns it on itself.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebMode } from '../../electron/host/web-mode';
import { startTestWebMode, type TestWebMode } from './test-web-mode';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let studio: TestWebMode;
let web: WebMode;
let root: string;
let port: number;
let cookie: string;

function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const authed = (extra: Record<string, string> = {}) => ({ cookie, ...extra });

/** A mutation as the page sends it once signed in: the session cookie, a JSON body (none for no input). */
const mutate = (path: string, input?: unknown): Promise<Answer> =>
  send(path, {
    method: 'POST',
    headers: authed({ 'content-type': 'application/json' }),
    ...(input === undefined ? {} : { body: JSON.stringify(input) }),
  });

beforeAll(async () => {
  studio = await startTestWebMode('studio-web-', { demo: true, simulator: { timeScale: 0.02 } });
  ({ web, root } = studio);
  // A script to serve, and a file beside the served folder that must never be.
  await mkdir(join(studio.staticDir, 'assets'));
  await writeFile(join(studio.staticDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(root, 'outside.txt'), 'top secret');
  port = Number(new URL(web.origin).port);
  // As a browser does on its first visit; the exchange itself is tested below.
  const traded = await send(`/?token=${web.token}`);
  cookie = traded.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
  expect(cookie).not.toBe('');
});

afterAll(async () => {
  await studio?.close();
});

describe('web mode session', () => {
  it('prints a loopback URL carrying the token', () => {
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/);
  });

  it.each(['/', '/assets/app.js', '/trpc/session.status', '/media/x.png', '/library'])(
    'refuses %s without the session (401)',
    async (path) => {
      const res = await send(path);
      expect(res.status).toBe(401);
      expect(res.body).not.toContain('studio</title>');
    },
  );

  it('refuses a wrong token, even one differing only in its last character', async () => {
    const last = web.token.at(-1) === 'A' ? 'B' : 'A';
    const res = await send(`/?token=${web.token.slice(0, -1)}${last}`);
    expect(res.status).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('trades the token for an HttpOnly SameSite=Strict cookie and drops it from the URL', async () => {
    const res = await send(`/library?view=grid&token=${web.token}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/library?view=grid');
    const setCookie = res.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const page = await send('/library?view=grid', { headers: { cookie: setCookie.split(';')[0] ?? '' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('studio</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('accepts the x-studio-token header instead of the cookie', async () => {
    const res = await send('/trpc/session.status', { headers: { 'x-studio-token': web.token } });
    expect(res.status).toBe(200);
    // Not its mode: that is whichever gateway the tests before it chose, if any.
    expect(JSON.parse(res.body).result.data).toMatchObject({
      mediaBaseUrl: '/media/',
      demoAvailable: true,
    });
  });

  it('answers desktop-only actions with an unsupported error value', async () => {
    const res = await mutate('/trpc/desktop.chooseLibraryFolder');
    expect(JSON.parse(res.body).error.data.error).toMatchObject({ type: 'unsupported' });
  });

  it('refuses a foreign Host header even with a valid session (DNS rebinding)', async () => {
    const res = await send('/trpc/session.status', { headers: authed({ host: `evil.example:${port}` }) });
    expect(res.status).toBe(421);
  });

  it('refuses a cross-origin request even with a valid session', async () => {
    const res = await send('/trpc/session.useDemo', {
      method: 'POST',
      headers: authed({ origin: 'http://evil.example', 'content-type': 'application/json' }),
      body: '{}',
    });
    expect(res.status).toBe(403);
  });
});

describe('web mode bridge refusals', () => {
  const errorOf = (body: string) =>
    (
      JSON.parse(body) as {
        error: { message: string; data: { httpStatus: number; error: { code: string } } };
      }
    ).error;

  it('answers 413 with a sentence for a body announced over the limit', async () => {
    const announced = await send('/trpc/settings.update', {
      method: 'POST',
      headers: authed({ 'content-type': 'application/json', 'content-length': String(65 * 1024 * 1024) }),
    });
    expect(announced.status).toBe(413);
    expect(errorOf(announced.body).message).toMatch(/larger than the studio accepts/);
  });

  it('answers 413 with the same sentence for a chunked body (no Content-Length) over the limit', async () => {
    // Streamed 1 MiB at a time with no Content-Length; the server must count and refuse on the way.
    const chunked = await new Promise<Answer>((resolve, reject) => {
      // Resolved on the response: once the 413 has arrived the server closes, and the reset that follows (our
      // writes after the refusal) may come before or after the body's end; the answer is what was received.
      let answer: Answer | null = null;
      const settle = (error?: Error): void => {
        if (answer) resolve(answer);
        else if (error && !req.writableEnded) reject(error);
      };
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/trpc/settings.update',
          method: 'POST',
          headers: authed({ host: `127.0.0.1:${port}`, 'content-type': 'application/json' }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          const seen = (): Answer => ({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          });
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            answer = seen();
          });
          answer = seen();
          res.on('end', () => resolve(seen()));
          res.on('error', () => settle());
          res.on('close', () => settle());
        },
      );
      req.on('error', (error) => settle(error));
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 40) {
          // The refusal has come: a client stops sending, as a browser does.
          if (answer) break;
          sent++;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      req.write('{"theme":"');
      pump();
    });
    expect(chunked.status).toBe(413);
    expect(errorOf(chunked.body).message).toMatch(/larger than the studio accepts/);
  });

  it('answers 415 with a real sentence for a body that is not JSON', async () => {
    const res = await send('/trpc/settings.update', {
      method: 'POST',
      headers: authed({ 'content-type': 'text/plain' }),
      body: 'theme=dark',
    });
    expect(res.status).toBe(415);
    const error = errorOf(res.body);
    expect(error.message).toBe(
      'The studio takes JSON: send the request with Content-Type: application/json.',
    );
    expect(error.message).not.toMatch(/Something went wrong/);
  });

  it.each(['DELETE', 'PUT', 'PATCH'])(
    'answers %s with 405, an Allow header and an error body',
    async (method) => {
      const res = await send('/trpc/settings.update', { method, headers: authed() });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, POST');
      expect(errorOf(res.body).message).toBe(
        `The studio does not answer ${method}: use GET for reads and POST for changes.`,
      );
    },
  );
});

describe('web mode media', () => {
  let libraryDir: string;
  /** A real library item (speech from the demo gateway): the only kind of file /media/ serves. */
  let spoken: string;
  let spokenBytes: string;

  beforeAll(async () => {
    const demo = await mutate('/trpc/session.useDemo');
    expect(demo.status).toBe(200);
    const status = await send('/trpc/session.status', { headers: authed() });
    libraryDir = JSON.parse(status.body).result.data.libraryDir as string;
    const made = await mutate('/trpc/speech.synthesize', {
      model: 'speech_model_id',
      input: 'served from the library',
      responseFormat: 'wav',
    });
    expect(made.status, made.body).toBe(200);
    const { item } = JSON.parse(made.body).result.data as { item: { relativePath: string } };
    spoken = `/media/${item.relativePath.split('/').map(encodeURIComponent).join('/')}`;
    spokenBytes = (await readFile(join(libraryDir, ...item.relativePath.split('/')))).toString('latin1');
    await mkdir(join(libraryDir, '2026-11-21'), { recursive: true });
    // In the folder, but no library item: a stray file, and what a too-wide folder setting would expose.
    await writeFile(join(libraryDir, '2026-11-21', 'clip one.mp4'), Buffer.from('0123456789'));
    await writeFile(join(libraryDir, 'studio.db'), 'SQLite format 3');
    await symlink(join(root, 'outside.txt'), join(libraryDir, '2026-11-21', 'link.txt'));
  });

  it('serves a library item with its type and byte ranges', async () => {
    const full = await send(spoken, { headers: authed() });
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('audio/wav');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.body).toBe(spokenBytes);
    const part = await send(spoken, { headers: authed({ range: 'bytes=2-5' }) });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-5/${spokenBytes.length}`);
    expect(part.body).toBe(spokenBytes.slice(2, 6));
    const tail = await send(spoken, { headers: authed({ range: 'bytes=-3' }) });
    expect(tail.body).toBe(spokenBytes.slice(-3));
    const beyond = await send(spoken, {
      headers: authed({ range: `bytes=${spokenBytes.length + 10}-` }),
    });
    expect(beyond.status).toBe(416);
  });

  it.each([
    ['/media/..%2f..%2foutside.txt', 400],
    // The URL parser reads %2e%2e as '..' and resolves it before routing: it never reaches /media/.
    ['/media/%2e%2e/%2e%2e/outside.txt', 404],
    ['/media/2026-11-21/..%5C..%5Coutside.txt', 400],
    ['/media/2026-11-21/link.txt', 403],
    ['/media/2026-11-21/missing.png', 404],
    // Files inside the folder that are not library items are not served either (an allow-list).
    ['/media/2026-11-21/clip%20one.mp4', 404],
    ['/media/studio.db', 404],
  ])('refuses %s (%i) and never leaks what lies outside', async (path, status) => {
    const res = await send(path, { headers: authed() });
    expect(res.status).toBe(status);
    expect(res.body).not.toContain('top secret');
    expect(res.body).not.toContain('SQLite');
    expect(res.body).not.toContain('0123456789');
  });

  it('keeps a dot-dot path the URL parser normalises away from the library', async () => {
    const res = await send('/media/../../outside.txt', { headers: authed() });
    expect(res.body).not.toContain('top secret');
    expect(res.status).toBe(404);
  });
});

describe('web mode bridge events (SSE)', () => {
  it('streams task events to a subscriber while a demo task runs, and never the key', async () => {
    const demo = await mutate('/trpc/session.useDemo');
    expect(demo.status).toBe(200);

    const received: string[] = [];
    // tRPC's SSE stream opens with a 'connected' event once the subscription is running: wait for it.
    let attached: () => void = () => undefined;
    const connected = new Promise<void>((resolve) => (attached = resolve));
    const done = new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/trpc/events',
          headers: { host: `127.0.0.1:${port}`, cookie, accept: 'text/event-stream' },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toContain('text/event-stream');
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            received.push(chunk);
            if (received.join('').includes('event: connected')) attached();
            if (received.join('').includes('"state":"completed"')) {
              req.destroy();
              resolve();
            }
          });
        },
      );
      req.on('error', (e) => (received.join('').includes('completed') ? resolve() : reject(e)));
      req.end();
    });
    await connected;
    const submitted = await mutate('/trpc/tasks.submit', {
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a quiet harbour' },
    });
    expect(submitted.status).toBe(200);
    await done;
    const stream = received.join('');
    expect(stream).toContain('"type":"task"');
    expect(stream).not.toContain('sim-key-default');
    expect(submitted.body).not.toContain('sim-key-default');
  });
});
