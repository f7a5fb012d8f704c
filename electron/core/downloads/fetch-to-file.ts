// Streams one URL to <dir>/<baseName>.part and, only once every check passed, renames it to
// <dir>/<baseName>.<ext>. Memory stays flat: bytes go straight to disk and through the hash as they arrive.
//
// http: and https: alike go through raw-http-get.ts (one reused 1 MiB receive buffer instead of node:http's
// fresh 64 KiB buffers through a stream), each read is written synchronously, sha256 runs on a worker thread,
// and fdatasync runs in the background every few MiB so the fsync before the rename finds little dirty.
export { PART_SUFFIX } from './part-files';
import { partName, removeStalePartsOf } from './part-files';
import { closeSync, fdatasync, fsync, openSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { byteSize } from '../../../shared/studio/byte-size';
import { freeBytes, isDiskFull } from '../db/disk-space';
import { checkEnd, inspectorFor, limitsOf, tooLarge, type Limits } from './body-inspector';
export { MAX_DOWNLOAD_BYTES } from './body-inspector';
import { DownloadError, retryableStatus } from './download-error';
import type { SniffedType } from './media-sniff';
import { rawGet } from './raw-http-get';
import type { RawGetOptions, RawResponse } from './raw-http-get';
import { parseDownloadUrl, UnsafeUrlError } from './safe-url';
import { placeWithoutOverwrite, SAFE_BASE_NAME, SHORT_ID_LENGTH } from './readable-name';
import { InlineHasher, WorkerHasher } from './sha256-hasher';
import type { Sha256Hasher } from './sha256-hasher';

export { DownloadError } from './download-error';
export type { DownloadFailure } from './download-error';

/** Below this announced size the body is hashed inline: a worker costs more than hashing it. */
const INLINE_HASH_BELOW = 8 * 1024 * 1024;
/** Room kept beyond a file's own size: the library embeds its settings, writes a thumbnail and its row. */
export const FILING_ROOM_BYTES = 256 * 1024;
/** Dirty bytes between background fdatasyncs of the .part file. */
const SYNC_EVERY_BYTES = 32 * 1024 * 1024;

export interface FetchToFileOptions {
  url: string;
  dir: string;
  /** Our own name, without extension; the extension comes from the verified type. */
  baseName: string;
  /**
   * The finished file's name (without extension) when it differs from baseName: a readable name
   * (readable-name.ts), given the short id's length so a name already taken is stepped around, never replaced.
   */
  finalName?: (idLength: number) => string;
  signal?: AbortSignal;
  /** Idle socket timeout (real time: it guards a stalled peer, not a schedule). */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
  /** Bytes between progress callbacks. */
  progressEveryBytes?: number;
  /** A file announcing (or sending) more than this is refused. Default MAX_DOWNLOAD_BYTES. */
  maxBytes?: number;
  /**
   * The total deadline, proportional to size: a body of N bytes (announced, or received so far) must be in
   * within graceMs + N / minBytesPerSecond. The idle timeout catches a silent peer; this one a dripping one.
   */
  minBytesPerSecond?: number;
  graceMs?: number;
  /** Real time for the deadline (like the idle timeout, it guards a peer, not a schedule). */
  now?: () => number;
  /** Refuse a URL (or a redirect) to a local or private address; `addresses`, a finer rule, wins over it. */
  refuseLocal?: boolean;
  addresses?: RawGetOptions['addresses'];
  /** Through the creator's proxy (raw-http-get.ts). */
  tunnel?: RawGetOptions['tunnel'];
}

export interface FetchedFile {
  path: string;
  size: number;
  sha256: string;
  mime: string;
  ext: string;
  kind: SniffedType['kind'];
}

async function openFollowingRedirects(options: FetchToFileOptions): Promise<RawResponse> {
  let url = parseDownloadUrl(options.url);
  for (let hop = 0; ; hop++) {
    const res = await rawGet(url, {
      signal: options.signal,
      idleTimeoutMs: options.idleTimeoutMs ?? 30_000,
      refuseLocal: options.refuseLocal ?? false,
      ...(options.addresses ? { addresses: options.addresses } : {}),
      ...(options.tunnel ? { tunnel: options.tunnel } : {}),
    });
    const status = res.status;
    const location = res.headers.get('location');
    if (status >= 300 && status < 400 && location) {
      res.discard();
      if (hop >= (options.maxRedirects ?? 5)) {
        throw new DownloadError('too_many_redirects', 'too many redirects', false);
      }
      // A redirect is as untrusted as the original: same scheme rules.
      url = parseDownloadUrl(location, url);
      continue;
    }
    if (status !== 200) {
      res.discard();
      throw new DownloadError('http_status', `HTTP ${status}`, retryableStatus(status), status);
    }
    return res;
  }
}

function asDownloadError(error: unknown, dir: string): DownloadError {
  if (error instanceof DownloadError) return error;
  // The disk filled while the body arrived (another writer, a size the server did not announce).
  if (isDiskFull(error)) return noRoom(null, freeBytes(dir));
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

interface Received {
  size: number;
  sha256: string;
  sniffed: SniffedType;
}

/**
 * Refuses, before a byte is written, a file larger than the ceiling, or one the library's disk has no room for
 * (with room left for the library's own writes: settings embedded, a thumbnail, the database): that one waits.
 */
async function checkRoom(total: number | null, dir: string, limits: Limits): Promise<void> {
  if (total !== null && total > limits.maxBytes) throw tooLarge(total, limits.maxBytes);
  const fs = await statfs(dir).catch(() => null);
  const free = fs ? fs.bavail * fs.bsize : Number.POSITIVE_INFINITY;
  if ((total ?? 0) + FILING_ROOM_BYTES > free) throw noRoom(total, free);
}

function noRoom(total: number | null, free: number): DownloadError {
  const size = total === null ? 'a file of unknown size' : `the file is ${byteSize(total)}`;
  return new DownloadError(
    'no_space',
    `not enough disk space: ${size} but the library's disk has ${byteSize(free)} free`,
    true,
  );
}

/**
 * Flushes the .part file in the background while the body still arrives, one fdatasync at a time, so the
 * fsync before the rename (which stays: it is the durability) finds only the last few MiB dirty.
 */
class BackgroundSync {
  private dirty = 0;
  private running: Promise<void> | null = null;
  constructor(private readonly fd: number) {}

  wrote(bytes: number): void {
    this.dirty += bytes;
    if (this.dirty < SYNC_EVERY_BYTES || this.running) return;
    this.dirty = 0;
    // An error here is not lost: the final fsync of the same file reports it.
    this.running = new Promise<void>((resolve) => fdatasync(this.fd, () => resolve())).then(() => {
      this.running = null;
    });
  }

  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}

/** Each read is written synchronously from the reused buffer, then handed to the hasher. */
async function receive(res: RawResponse, part: string, options: FetchToFileOptions): Promise<Received> {
  const total = res.contentLength;
  const limits = limitsOf(options);
  try {
    await checkRoom(total, options.dir, limits);
  } catch (error) {
    res.discard();
    throw error;
  }
  const inspector = inspectorFor(res.headers.get('content-type'), total, options, limits);
  const worker = total !== null && total < INLINE_HASH_BELOW ? null : new WorkerHasher(() => res.resume());
  const hasher: Sha256Hasher = worker ?? new InlineHasher();
  let fd: number;
  try {
    fd = openSync(part, 'w');
  } catch (error) {
    res.discard();
    throw error;
  }
  const syncer = new BackgroundSync(fd);
  try {
    await res.body(
      (chunk) => {
        const error = inspector.inspect(chunk);
        if (error) throw error;
        for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
        syncer.wrote(chunk.length);
        if (!hasher.update(chunk)) res.pause();
        // Over TLS reads are 16 KiB records: lending a 1 MiB slab per record would waste it; they are copied.
      },
      worker && !res.secure ? worker.nextBuffer : undefined,
    );
    const sniffed = checkEnd(inspector, total);
    await syncer.idle();
    await promisify(fsync)(fd);
    return { size: inspector.received, sha256: await hasher.digest(), sniffed };
  } catch (error) {
    hasher.dispose();
    throw error;
  } finally {
    await syncer.idle();
    closeSync(fd);
  }
}

export async function fetchToFile(options: FetchToFileOptions): Promise<FetchedFile> {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(options.baseName)) {
    throw new DownloadError('unsafe_url', `refusing file name ${options.baseName}`, false);
  }
  const { finalName } = options;
  const checkedName = finalName
    ? (idLength: number) => {
        const name = finalName(idLength);
        if (!SAFE_BASE_NAME.test(name)) {
          throw new DownloadError('unsafe_url', `refusing file name ${name}`, false);
        }
        return name;
      }
    : null;
  // Checked before a byte is fetched: a bad name is our bug, not the network's.
  checkedName?.(SHORT_ID_LENGTH);
  await mkdir(options.dir, { recursive: true });
  // A neighbour that died fetching this file left its half; this process fetches it whole, and clears that.
  await removeStalePartsOf(options.dir, options.baseName);
  // Named with this process's id, so a neighbour sharing the library never sweeps it away (part-files.ts).
  const part = join(options.dir, partName(options.baseName));
  try {
    const got = await receive(await openFollowingRedirects(options), part, options);
    let path: string;
    if (checkedName) {
      path = await placeWithoutOverwrite(part, options.dir, checkedName, got.sniffed.ext);
    } else {
      path = join(options.dir, `${options.baseName}.${got.sniffed.ext}`);
      await rename(part, path);
    }
    await fsyncPath(options.dir);
    return {
      path,
      size: got.size,
      sha256: got.sha256,
      mime: got.sniffed.mime,
      ext: got.sniffed.ext,
      kind: got.sniffed.kind,
    };
  } catch (error) {
    await rm(part, { force: true });
    if (options.signal?.aborted) throw options.signal.reason;
    throw asDownloadError(error, options.dir);
  }
}
