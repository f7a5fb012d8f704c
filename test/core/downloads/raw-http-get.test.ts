// The download fast path's own HTTP/1.1 client, against a loopback server that writes raw bytes, so each
// malformed or misframed answer is exactly what a broken or hostile server would send.
import { partName } from '../../../electron/core/downloads/part-files';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as HttpsServer } from 'node:https';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError } from '../../../electron/core/downloads/download-error';
import { fetchToFile } from '../../../electron/core/downloads/fetch-to-file';
import { MAX_HEAD_BYTES, rawGet } from '../../../electron/core/downloads/raw-http-get';
import { JPEG_HEAD } from './download-fixtures';

type RawHandler = (socket: Socket, request: string) => void;

const routes = new Map<string, RawHandler>();
const requests: string[] = [];
let server: Server;
let base = '';
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-raw-'));
  server = createServer((socket) => {
    let head = '';
    socket.on('error', () => {});
    socket.on('data', function onData(chunk: Buffer) {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      requests.push(head);
      const path = /^GET (\S+) HTTP\/1\.1\r\n/.exec(head)?.[1] ?? '';
      const handler = routes.get(path);
      if (handler) handler(socket, head);
      else socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** A JPEG-looking body of `size` bytes (random after the magic, so a framing slip changes the hash). */
function jpegBody(size: number): Buffer {
  const body = randomBytes(size);
  JPEG_HEAD.copy(body, 0);
  return body;
}

/** The head of a 200 answer carrying a JPEG of `length` bytes (which the body may or may not deliver). */
const jpegHead = (length: number): string =>
  `HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: ${length}\r\n\r\n`;

/** A route answering `body` whole, as a JPEG with its Content-Length, then closing. */
const servesJpeg =
  (body: Buffer): RawHandler =>
  (socket) =>
    socket.end(Buffer.concat([Buffer.from(jpegHead(body.length)), body]));

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function failureOf(promise: Promise<unknown>): Promise<DownloadError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
}

async function rawBody(path: string): Promise<Buffer> {
  const res = await rawGet(new URL(base + path), { idleTimeoutMs: 5000 });
  const parts: Buffer[] = [];
  await res.body((chunk) => parts.push(Buffer.from(chunk)));
  return Buffer.concat(parts);
}

/**
 * Serves each answer at its path (a string: sent whole, then the connection ends; a handler: as it writes) and
 * returns how rawGet fails on each, in the order given.
 */
async function failuresOn(answers: Record<string, string | RawHandler>): Promise<[string, DownloadError][]> {
  const failures: [string, DownloadError][] = [];
  for (const [path, answer] of Object.entries(answers)) {
    routes.set(path, typeof answer === 'string' ? (socket) => socket.end(answer) : answer);
    failures.push([path, await failureOf(rawGet(new URL(base + path), { idleTimeoutMs: 5000 }))]);
  }
  return failures;
}

const noPartLeft = (): void => {
  expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
};

describe('rawGet', () => {
  it('sends one GET with Host, Connection: close and Accept-Encoding: identity, and reads a Content-Length body', async () => {
    const body = jpegBody(3000);
    routes.set('/plain?x=1', servesJpeg(body));
    const res = await rawGet(new URL(`${base}/plain?x=1`), { idleTimeoutMs: 5000 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.contentLength).toBe(body.length);
    const parts: Buffer[] = [];
    await res.body((chunk) => parts.push(Buffer.from(chunk)));
    expect(Buffer.concat(parts).equals(body)).toBe(true);
    const request = requests.at(-1) ?? '';
    expect(request).toMatch(/^GET \/plain\?x=1 HTTP\/1\.1\r\n/);
    expect(request).toContain(`\r\nHost: 127.0.0.1:${new URL(base).port}\r\n`);
    expect(request).toContain('\r\nConnection: close\r\n');
    expect(request).toContain('\r\nAccept-Encoding: identity\r\n');
  });

  it('refuses a malformed status line', async () => {
    const failures = await failuresOn({
      '/bad-status': 'HTTP/1.1 2OO OK\r\nContent-Length: 0\r\n\r\n',
      '/not-http': 'ICY 200 OK\r\n\r\n',
    });
    for (const [path, error] of failures) {
      expect(error.reason, path).toBe('protocol');
      expect(error.retryable, path).toBe(false);
    }
  });

  it('refuses malformed header lines: no colon, folded continuation, a bare LF inside', async () => {
    const failures = await failuresOn({
      '/no-colon': 'HTTP/1.1 200 OK\r\nContent-Length 5\r\n\r\nhello',
      '/folded': 'HTTP/1.1 200 OK\r\nX-A: one\r\n two\r\nContent-Length: 5\r\n\r\nhello',
      '/bare-lf': 'HTTP/1.1 200 OK\r\nX-A: one\nX-B: two\r\nContent-Length: 5\r\n\r\nhello',
    });
    for (const [path, error] of failures) expect(error.reason, path).toBe('protocol');
  });

  it('refuses a response head over MAX_HEAD_BYTES, whether or not it ever ends', async () => {
    const filler = `X-Filler: ${'a'.repeat(1000)}\r\n`.repeat(Math.ceil(MAX_HEAD_BYTES / 1000) + 2);
    const failures = await failuresOn({
      '/huge-head': `HTTP/1.1 200 OK\r\n${filler}Content-Length: 0\r\n\r\n`,
      // Never ends the head: without the bound this would buffer until the idle timeout.
      '/endless-head': (socket) => socket.write(`HTTP/1.1 200 OK\r\n${filler}`),
    });
    for (const [path, error] of failures) {
      expect(error.reason, path).toBe('protocol');
      expect(error.message).toMatch(/head over/);
    }
  });

  it('refuses ambiguous framing: Transfer-Encoding with Content-Length, or differing Content-Lengths', async () => {
    const failures = await failuresOn({
      '/te-cl':
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
      '/two-cl': 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
      '/gzip-te': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n',
    });
    for (const [path, error] of failures) expect(error.reason, path).toBe('protocol');
  });

  it('skips an interim 1xx answer and reads the final one', async () => {
    routes.set('/interim', (socket) =>
      socket.end(
        'HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello',
      ),
    );
    expect((await rawBody('/interim')).toString()).toBe('hello');
  });

  it('fails a body closed before Content-Length as a retryable size_mismatch', async () => {
    routes.set('/short', (socket) => {
      socket.end(
        Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n'), jpegBody(2000)]),
      );
    });
    const error = await failureOf(rawBody('/short'));
    expect(error.reason).toBe('size_mismatch');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('got 2000 of 5000 bytes');
  });

  it('settles body() with a failure that happened before it was called (idle timeout, abort)', async () => {
    let gaveUp = (): void => undefined;
    const clientGaveUp = new Promise<void>((resolve) => (gaveUp = resolve));
    routes.set('/early-stall', (socket) => {
      // The client closes its end when it fails: the server seeing that is the failure having happened.
      socket.once('close', () => gaveUp());
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\nabc');
    });
    // The socket's own idle timer (real time, 30 ms): the failure must come first; nothing asserts on durations.
    const res = await rawGet(new URL(`${base}/early-stall`), { idleTimeoutMs: 30 });
    await clientGaveUp;
    const stalled = await failureOf(res.body(() => {}));
    expect(stalled.message).toBe('no data for 30 ms');

    const controller = new AbortController();
    const reason = new Error('stop');
    const aborted = await rawGet(new URL(`${base}/early-stall`), {
      idleTimeoutMs: 5000,
      signal: controller.signal,
    });
    controller.abort(reason);
    await expect(aborted.body(() => {})).rejects.toBe(reason);
  });

  it('fails a body longer than its Content-Length', async () => {
    routes.set('/long', (socket) => {
      socket.end(
        Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n'), jpegBody(1500)]),
      );
    });
    const error = await failureOf(rawBody('/long'));
    expect(error.reason).toBe('size_mismatch');
    expect(error.message).toMatch(/more bytes than the 1000 announced/);
  });

  it('decodes a chunked body split at every awkward place (size line, CRLF, extension, trailer)', async () => {
    const body = jpegBody(70_000);
    const pieces = [body.subarray(0, 1), body.subarray(1, 40_000), body.subarray(40_000)];
    const wire = Buffer.concat([
      Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nTransfer-Encoding: chunked\r\n\r\n'),
      ...pieces.flatMap((p, i) => [
        Buffer.from(`${p.length.toString(16)}${i === 1 ? ';name=value' : ''}\r\n`),
        p,
        Buffer.from('\r\n'),
      ]),
      Buffer.from('0\r\nX-Checksum: none\r\n\r\n'),
    ]);
    routes.set('/chunked', (socket) => {
      // Written a few bytes apart, so chunk boundaries fall inside size lines and CRLFs.
      let at = 0;
      const step = (): void => {
        const size = at < 200 ? 3 : 9973;
        socket.write(wire.subarray(at, at + size));
        at += size;
        if (at < wire.length) setImmediate(step);
        else socket.end();
      };
      step();
    });
    const res = await rawGet(new URL(`${base}/chunked`), { idleTimeoutMs: 5000 });
    expect(res.contentLength).toBeNull();
    const parts: Buffer[] = [];
    await res.body((chunk) => parts.push(Buffer.from(chunk)));
    expect(sha256(Buffer.concat(parts))).toBe(sha256(body));

    // And through fetchToFile: the file on disk is the decoded body.
    const fetched = await fetchToFile({ url: `${base}/chunked`, dir, baseName: 'chunked' });
    expect(fetched.sha256).toBe(sha256(body));
    expect(fetched.size).toBe(body.length);
    expect(readFileSync(fetched.path).equals(body)).toBe(true);
  });

  it('refuses broken chunked framing and a chunked body cut before its last chunk', async () => {
    routes.set('/chunk-bad-size', (socket) =>
      socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n'),
    );
    routes.set('/chunk-overrun', (socket) =>
      socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhello\r\n0\r\n\r\n'),
    );
    routes.set('/chunk-cut', (socket) =>
      socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n'),
    );
    expect((await failureOf(rawBody('/chunk-bad-size'))).reason).toBe('protocol');
    expect((await failureOf(rawBody('/chunk-overrun'))).reason).toBe('protocol');
    const cut = await failureOf(rawBody('/chunk-cut'));
    expect(cut.reason).toBe('size_mismatch');
    expect(cut.retryable).toBe(true);
  });

  it('fails with a retryable network error when the peer goes quiet for the idle timeout', async () => {
    routes.set('/stall-head', () => {});
    routes.set('/stall-body', (socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc'));
    // Real time on purpose: the idle timeout is a socket timer; nothing here asserts on durations.
    const head = await failureOf(rawGet(new URL(`${base}/stall-head`), { idleTimeoutMs: 100 }));
    expect(head.reason).toBe('network');
    expect(head.message).toBe('no data for 100 ms');
    const res = await rawGet(new URL(`${base}/stall-body`), { idleTimeoutMs: 100 });
    const body = await failureOf(res.body(() => {}));
    expect(body.reason).toBe('network');
    expect(body.retryable).toBe(true);
  });
});

describe('fetchToFile on the raw client', () => {
  it('hashes a multi-MiB body (worker path) and a small one (inline path) exactly like node:crypto', async () => {
    for (const size of [24 * 1024 * 1024 + 12_345, 300_000]) {
      const body = jpegBody(size);
      routes.set('/hash', (socket) => {
        socket.write(jpegHead(body.length));
        socket.end(body);
      });
      const fetched = await fetchToFile({ url: `${base}/hash`, dir, baseName: `hash-${size}` });
      expect(fetched.size).toBe(size);
      expect(fetched.sha256).toBe(sha256(body));
      expect(readFileSync(fetched.path).equals(body)).toBe(true);
    }
    noPartLeft();
  });

  it('hands redirects back to the redirect rules: followed to http(s), refused to other schemes and with credentials', async () => {
    const body = jpegBody(5000);
    routes.set('/target', servesJpeg(body));
    // The 302's own body is never read: it is large and never ends, and the download still completes.
    let movedSocket: Socket | null = null;
    routes.set('/moved', (socket) => {
      movedSocket = socket;
      socket.write('HTTP/1.1 302 Found\r\nLocation: /target\r\nContent-Length: 99999999\r\n\r\nxx');
    });
    routes.set('/to-ftp', (socket) =>
      socket.end('HTTP/1.1 301 Moved\r\nLocation: ftp://127.0.0.1/x\r\n\r\n'),
    );
    routes.set('/to-creds', (socket) =>
      socket.end(
        `HTTP/1.1 307 Temporary\r\nLocation: http://user:pw@127.0.0.1:${new URL(base).port}/target\r\n\r\n`,
      ),
    );
    routes.set('/loop', (socket) =>
      socket.end('HTTP/1.1 302 Found\r\nLocation: /loop\r\nContent-Length: 0\r\n\r\n'),
    );

    const fetched = await fetchToFile({ url: `${base}/moved`, dir, baseName: 'moved' });
    expect(fetched.sha256).toBe(sha256(body));
    // ...and its connection is closed by us, not left open until the idle timeout.
    await new Promise<void>((resolve) => {
      const socket = movedSocket as Socket | null;
      if (!socket || socket.destroyed) resolve();
      else socket.once('close', () => resolve());
    });
    expect(movedSocket).not.toBeNull();
    expect((await failureOf(fetchToFile({ url: `${base}/to-ftp`, dir, baseName: 'ftp' }))).reason).toBe(
      'unsafe_url',
    );
    expect((await failureOf(fetchToFile({ url: `${base}/to-creds`, dir, baseName: 'creds' }))).reason).toBe(
      'unsafe_url',
    );
    const loop = await failureOf(
      fetchToFile({ url: `${base}/loop`, dir, baseName: 'loop', maxRedirects: 3 }),
    );
    expect(loop.reason).toBe('too_many_redirects');
    expect(requests.filter((r) => r.startsWith('GET /loop ')).length).toBe(4);
    noPartLeft();
  });

  it('maps a malformed answer to a protocol failure and leaves no .part behind', async () => {
    routes.set('/garbage', (socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n'));
    const error = await failureOf(fetchToFile({ url: `${base}/garbage`, dir, baseName: 'garbage' }));
    expect(error.reason).toBe('protocol');
    noPartLeft();
  });

  it('a body dripping a byte at a time fails at a deadline proportional to its size, retryably', async () => {
    routes.set('/drip', (socket) => {
      const body = jpegBody(2_000);
      socket.write(jpegHead(body.length));
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || at >= body.length) return clearInterval(timer);
        socket.write(body.subarray(at, ++at));
      }, 5);
      socket.on('close', () => clearInterval(timer));
    });
    // 2 000 bytes at 10 000 B/s: due within 100 ms + 200 ms; the drip would need 10 s, the idle timeout never fires.
    const error = await failureOf(
      fetchToFile({ url: `${base}/drip`, dir, baseName: 'drip', graceMs: 100, minBytesPerSecond: 10_000 }),
    );
    expect(error.reason).toBe('too_slow');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/too slowly: \d+ of 2000 bytes/);
    noPartLeft();
  });

  it('refuses a 50 TiB Content-Length before writing a byte, and a file larger than the free space', async () => {
    routes.set('/huge', (socket) => {
      socket.write(jpegHead(50 * 2 ** 40));
      socket.write(jpegBody(1024));
    });
    const error = await failureOf(fetchToFile({ url: `${base}/huge`, dir, baseName: 'huge' }));
    expect(error.reason).toBe('too_large');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('the file is 50 TiB, more than the 16 GiB a result may be');
    const roomy = await failureOf(
      fetchToFile({ url: `${base}/huge`, dir, baseName: 'huge', maxBytes: 2 ** 50 }),
    );
    expect(roomy.reason).toBe('no_space');
    expect(roomy.retryable).toBe(true);
    expect(roomy.message).toMatch(
      /^not enough disk space: the file is 50 TiB but the library's disk has .* free$/,
    );
    noPartLeft();
  });

  it('stops mid-body on abort: rejects with the abort reason, removes the .part, closes the connection', async () => {
    let serverSocket: Socket | null = null;
    routes.set('/endless', (socket) => {
      serverSocket = socket;
      socket.write(jpegHead(1_000_000_000));
      socket.write(jpegBody(4 * 1024 * 1024));
    });
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    const pending = fetchToFile({
      url: `${base}/endless`,
      dir,
      baseName: 'endless',
      signal: controller.signal,
      progressEveryBytes: 1024 * 1024,
      onProgress: (received) => {
        if (received >= 1024 * 1024) controller.abort(reason);
      },
    });
    await expect(pending).rejects.toBe(reason);
    expect(existsSync(join(dir, partName('endless')))).toBe(false);
    await new Promise<void>((resolve) => {
      const socket = serverSocket as Socket | null;
      if (!socket || socket.destroyed) resolve();
      else socket.once('close', () => resolve());
    });
  });
});

describe('fetchToFile over https', () => {
  const key = readFileSync(new URL('./loopback-tls.key', import.meta.url));
  const cert = readFileSync(new URL('./loopback-tls.crt', import.meta.url));
  const defaultCAs = tls.getCACertificates('default');
  const body = jpegBody(12 * 1024 * 1024 + 99);
  let secure: HttpsServer;
  let secureBase = '';
  beforeAll(async () => {
    secure = createHttpsServer({ key, cert }, (req, res) => {
      if (req.url === '/file') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(body.length) });
        res.end(body);
      } else {
        res.writeHead(302, { location: `${base}/target` }).end();
      }
    });
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    secureBase = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tls.setDefaultCACertificates(defaultCAs);
    secure.closeAllConnections();
    await new Promise<void>((resolve) => secure.close(() => resolve()));
  });

  it('refuses a certificate nobody trusts', async () => {
    const error = await failureOf(fetchToFile({ url: `${secureBase}/file`, dir, baseName: 'untrusted' }));
    expect(error.reason).toBe('network');
    noPartLeft();
  });

  it('downloads and hashes through TLS on the same client, and follows an https -> http redirect', async () => {
    tls.setDefaultCACertificates([...defaultCAs, cert.toString()]);
    const fetched = await fetchToFile({ url: `${secureBase}/file`, dir, baseName: 'secure' });
    expect(fetched.size).toBe(body.length);
    expect(fetched.sha256).toBe(sha256(body));
    expect(readFileSync(fetched.path).equals(body)).toBe(true);
    const target = jpegBody(4000);
    routes.set('/target', servesJpeg(target));
    const redirected = await fetchToFile({ url: `${secureBase}/elsewhere`, dir, baseName: 'redirected' });
    expect(redirected.sha256).toBe(sha256(target));
  });
});
