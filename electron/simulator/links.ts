// How the gateway hands out result links, switchable to what public clients of the real gateway meet
// ("Links" in what public clients meet): files on another host than the API's (a storage or CDN domain), each file with its
// own lifetime from 1 h to 72 h or with no expires_at at all, and a new link that answers 404 for a while
// until it has propagated. Default: the spec's shape, files under the API's own address.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { SimFile } from './files';
import { sendReply, type Reply } from './http-util';
import type { TaskOutput } from './tasks';

export interface LinkOptions {
  /** 'separate': result files are served only by a second server (another port), never by the API's. */
  host?: 'same' | 'separate';
  /**
   * 'spec': one expires_at per entry; 'varied': every file in its own entry with its own lifetime, cycling
   * through 1 h, 72 h, 24 h and 6 h (scaled); 'missing': no expires_at is sent (the files still die after 1 h).
   */
  expiry?: 'spec' | 'varied' | 'missing';
  /** A new file answers 404 for this long after its task completes (scaled like every duration). */
  propagationMs?: number;
  /**
   * Links revoked before their expires_at, as signed CDN links are (clocks drift, keys rotate): every task
   * object signs its links anew (`?sig=<n>`, counted per file), and the first `revoke` signatures of each file
   * are refused with S3's 403 AccessDenied, "Request has expired". 0: links live as long as promised.
   */
  revoke?: number;
  /** Result files are sent at most this fast (bytes per second of real time), as a slow CDN would. 0: no limit. */
  bytesPerSecond?: number;
  /**
   * Result pictures come back broken, as a bad CDN or model answers: 'not-image' an HTML error page (with the
   * picture's Content-Type), 'truncated' the first half of the PNG, 'wrong-size' a real PNG 16 400 × 8 pixels.
   * Uploads and other media are served as they are. 'none': every picture as made.
   */
  damage?: 'none' | 'not-image' | 'truncated' | 'wrong-size';
}

export const DEFAULT_LINKS: Required<LinkOptions> = {
  ...{ host: 'same', expiry: 'spec', propagationMs: 0, revoke: 0 },
  bytesPerSecond: 0,
  damage: 'none',
};

const HOUR = 3_600_000;
/** The lifetimes public clients report, 1 h to 72 h. */
export const VARIED_LIFETIMES_MS = [1 * HOUR, 72 * HOUR, 24 * HOUR, 6 * HOUR] as const;
/** How long a file lives when the gateway does not say. */
export const UNSTATED_LIFETIME_MS = HOUR;

export function checkLinkOptions(options: LinkOptions): Required<LinkOptions> {
  const merged = { ...DEFAULT_LINKS, ...options };
  if (merged.host !== 'same' && merged.host !== 'separate')
    throw new RangeError('links.host is same or separate');
  if (!['spec', 'varied', 'missing'].includes(merged.expiry))
    throw new RangeError('links.expiry is spec, varied or missing');
  if (!(Number.isFinite(merged.propagationMs) && merged.propagationMs >= 0))
    throw new RangeError('links.propagationMs must be 0 or more');
  if (!(Number.isSafeInteger(merged.revoke) && merged.revoke >= 0))
    throw new RangeError('links.revoke must be a whole number, 0 or more');
  if (!(Number.isFinite(merged.bytesPerSecond) && merged.bytesPerSecond >= 0))
    throw new RangeError('links.bytesPerSecond must be 0 or more');
  if (!['none', 'not-image', 'truncated', 'wrong-size'].includes(merged.damage))
    throw new RangeError('links.damage is none, not-image, truncated or wrong-size');
  return merged;
}

function filesOf(output: TaskOutput): SimFile[] {
  if (output.kind !== 'music') return output.files;
  return output.tracks.flatMap((t) => [t.audio, t.image, ...(t.video ? [t.video] : [])]);
}

/** Re-times a new task's files as the switches say: when they appear and when each one expires. */
export function timeFiles(
  output: TaskOutput,
  links: Required<LinkOptions>,
  terminalMs: number,
  scaled: (ms: number) => number,
): void {
  filesOf(output).forEach((file, i) => {
    file.availableFromMs = terminalMs + (links.propagationMs > 0 ? scaled(links.propagationMs) : 0);
    if (links.expiry === 'varied')
      file.expiresAtMs = terminalMs + scaled(VARIED_LIFETIMES_MS[i % VARIED_LIFETIMES_MS.length] ?? HOUR);
    if (links.expiry === 'missing') file.expiresAtMs = terminalMs + scaled(UNSTATED_LIFETIME_MS);
  });
}

/** What the task object needs to write links. */
export interface LinkView {
  /** Where /files/… is served. */
  base: string;
  perFile: boolean;
  omitExpiry: boolean;
  /** The query a link of this file is signed with now ('' when links are not revoked). */
  signature: (file: SimFile) => string;
}

/** What a file host built on S3 answers for a signature it no longer honours. */
export const ACCESS_DENIED_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';

/** The signature a link's query carries (`?sig=<n>`), or null for an unsigned link. */
export function signatureOf(search: string): number | null {
  const sig = new URLSearchParams(search).get('sig');
  return sig !== null && /^\d+$/.test(sig) ? Number(sig) : null;
}

export interface FileHost {
  url: string;
  close(): Promise<void>;
}

/** The second host: GET/HEAD /files/<id>/<name> and nothing else, without authentication (like a CDN). */
export async function startFileServer(
  serve: (id: string, range: string | undefined, signature: number | null) => Reply,
): Promise<FileHost> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://files.local');
    const match = /^\/files\/([^/]+)\/[^/]+$/.exec(url.pathname);
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) {
      sendReply(res, { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found.' });
      return;
    }
    sendReply(res, serve(match[1] ?? '', req.headers.range, signatureOf(url.search)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** A file's reply sent at `bytesPerSecond` (real time) in small chunks; other replies, or no limit, as they are. */
export function trickled(reply: Reply, bytesPerSecond: number): Reply {
  if (bytesPerSecond <= 0 || !Buffer.isBuffer(reply.body) || reply.status >= 300) return reply;
  const bytes = reply.body;
  const chunk = Math.max(256, Math.floor(bytesPerSecond / 10));
  async function* drip(): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes.length; at += chunk) {
      yield bytes.subarray(at, at + chunk);
      await delay((chunk / bytesPerSecond) * 1000);
    }
  }
  return { ...reply, body: Readable.from(drip()) };
}
