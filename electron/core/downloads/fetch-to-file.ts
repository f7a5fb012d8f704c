// Streams one URL to <dir>/<baseName>.part and, only once every check passed, renames it to
// <dir>/<baseName>.<ext>. Memory stays flat: bytes flow through a hashing transform straight to disk.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES, contentTypeMatches, sniffMedia } from './media-sniff';
import type { SniffedType } from './media-sniff';
import { parseDownloadUrl, UnsafeUrlError } from './safe-url';

export type DownloadFailure =
  | 'unsafe_url'
  | 'http_status'
  | 'too_many_redirects'
  | 'size_mismatch'
  | 'unknown_type'
  | 'type_mismatch'
  | 'network';

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly reason: DownloadFailure,
    message: string,
    readonly retryable: boolean,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

export interface FetchToFileOptions {
  url: string;
  dir: string;
  /** Our own name, without extension; the extension comes from the verified type. */
  baseName: string;
  signal?: AbortSignal;
  /** Idle socket timeout (real time: it guards a stalled peer, not a schedule). */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
  /** Bytes between progress callbacks. */
  progressEveryBytes?: number;
}

export interface FetchedFile {
  path: string;
  size: number;
  sha256: string;
  mime: string;
  ext: string;
  kind: SniffedType['kind'];
}

export const PART_SUFFIX = '.part';

function get(url: URL, signal: AbortSignal | undefined, idleTimeoutMs: number): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { signal, headers: { 'accept-encoding': 'identity' } }, resolve);
    req.setTimeout(idleTimeoutMs, () => req.destroy(new Error(`no data for ${idleTimeoutMs} ms`)));
    req.on('error', reject);
  });
}

async function openFollowingRedirects(options: FetchToFileOptions): Promise<IncomingMessage> {
  let url = parseDownloadUrl(options.url);
  for (let hop = 0; ; hop++) {
    const res = await get(url, options.signal, options.idleTimeoutMs ?? 30_000);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= (options.maxRedirects ?? 5)) {
        throw new DownloadError('too_many_redirects', 'too many redirects', false);
      }
      // A redirect is as untrusted as the original: same scheme rules.
      url = parseDownloadUrl(res.headers.location, url);
      continue;
    }
    if (status !== 200) {
      res.resume();
      const retryable = status === 408 || status === 429 || status >= 500;
      throw new DownloadError('http_status', `HTTP ${status}`, retryable, status);
    }
    return res;
  }
}

/**
 * Hashes, counts and sniffs the bytes as they pass. It listens beside the pipe instead of sitting in it as a
 * Transform: one stream hop less per chunk is measurably faster at 1 GiB, and a bad first chunk destroys
 * the response, so at most one chunk reaches a .part file that is deleted anyway.
 */
class Inspector {
  readonly hash = createHash('sha256');
  received = 0;
  sniffed: SniffedType | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private lastReported = 0;

  constructor(
    private readonly contentType: string | undefined,
    private readonly total: number | null,
    private readonly onProgress: FetchToFileOptions['onProgress'],
    private readonly reportEvery: number,
  ) {}

  inspect(chunk: Buffer): DownloadError | null {
    this.hash.update(chunk);
    this.received += chunk.length;
    if (this.total !== null && this.received > this.total) {
      return new DownloadError('size_mismatch', `more bytes than the ${this.total} announced`, true);
    }
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < SNIFF_BYTES) return null;
      const error = this.judge(Buffer.concat(this.head));
      this.head = [];
      if (error) return error;
    }
    if (this.received - this.lastReported >= this.reportEvery) {
      this.lastReported = this.received;
      this.onProgress?.(this.received, this.total);
    }
    return null;
  }

  /** After the last byte: a body shorter than SNIFF_BYTES is judged now. */
  finish(): DownloadError | null {
    if (!this.sniffed) {
      const error = this.judge(Buffer.concat(this.head));
      if (error) return error;
    }
    this.onProgress?.(this.received, this.total);
    return null;
  }

  private judge(head: Buffer): DownloadError | null {
    const sniffed = sniffMedia(head);
    if (!sniffed) return new DownloadError('unknown_type', 'the bytes are not a known media type', false);
    if (!contentTypeMatches(this.contentType, sniffed)) {
      return new DownloadError(
        'type_mismatch',
        `Content-Type ${this.contentType ?? ''} but the bytes are ${sniffed.mime}`,
        false,
      );
    }
    this.sniffed = sniffed;
    return null;
  }
}

function asDownloadError(error: unknown): DownloadError {
  if (error instanceof DownloadError) return error;
  if (error instanceof UnsafeUrlError) return new DownloadError('unsafe_url', error.message, false);
  const message = error instanceof Error ? error.message : String(error);
  return new DownloadError('network', message, true);
}

async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch {
    // Some platforms (Windows directories) refuse fsync on a read handle; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

export async function fetchToFile(options: FetchToFileOptions): Promise<FetchedFile> {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(options.baseName)) {
    throw new DownloadError('unsafe_url', `refusing file name ${options.baseName}`, false);
  }
  await mkdir(options.dir, { recursive: true });
  const part = join(options.dir, options.baseName + PART_SUFFIX);
  try {
    const res = await openFollowingRedirects(options);
    const lengthHeader = res.headers['content-length'];
    const total = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
    const inspector = new Inspector(
      res.headers['content-type'],
      total,
      options.onProgress,
      options.progressEveryBytes ?? 1 << 20,
    );
    const out = createWriteStream(part, { highWaterMark: 1 << 20 });
    // Attached in the same tick as the pipe, so both see every chunk from the first.
    res.on('data', (chunk: Buffer) => {
      const error = inspector.inspect(chunk);
      if (error) res.destroy(error);
    });
    await pipeline(res, out, { signal: options.signal });
    const error = inspector.finish();
    if (error) throw error;
    if (total !== null && inspector.received !== total) {
      throw new DownloadError('size_mismatch', `got ${inspector.received} of ${total} bytes`, true);
    }
    const sniffed = inspector.sniffed;
    if (!sniffed) throw new DownloadError('unknown_type', 'empty body', false);
    await fsyncPath(part);
    const path = join(options.dir, `${options.baseName}.${sniffed.ext}`);
    await rename(part, path);
    await fsyncPath(options.dir);
    return {
      path,
      size: inspector.received,
      sha256: inspector.hash.digest('hex'),
      mime: sniffed.mime,
      ext: sniffed.ext,
      kind: sniffed.kind,
    };
  } catch (error) {
    await rm(part, { force: true });
    if (options.signal?.aborted) throw options.signal.reason;
    throw asDownloadError(error);
  }
}
