// sha256 of a download, either inline or on a worker thread. At ~1.5–2 GiB/s, hashing a large body on the
// thread that also reads the socket and writes the file serialises the three; a worker lets hashing run on
// another core while the main thread keeps receiving. Small bodies hash inline: starting a worker costs more
// than hashing a few MiB.
//
// The worker is an inline `eval` worker with plain CommonJS source, not a separate .ts file: electron-vite
// bundles main into one out/main/main.js, where a worker file would need its own entry and a path that
// differs between tsx/vitest and the packaged app. Source text has no path and no loader to get wrong.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

export interface Sha256Hasher {
  /** Copies or hashes `chunk` before returning. False: the caller should stop reading until `onDrain`. */
  update(chunk: Buffer): boolean;
  digest(): Promise<string>;
  /** Releases the worker, if any, without a digest (the download failed). */
  dispose(): void;
}

export class InlineHasher implements Sha256Hasher {
  private readonly hash = createHash('sha256');
  update(chunk: Buffer): boolean {
    this.hash.update(chunk);
    return true;
  }
  digest(): Promise<string> {
    return Promise.resolve(this.hash.digest('hex'));
  }
  dispose(): void {}
}

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hash = createHash('sha256');
parentPort.on('message', (m) => {
  if (m.buffer) {
    for (let i = 0; i < m.ranges.length; i += 2) hash.update(new Uint8Array(m.buffer, m.ranges[i], m.ranges[i + 1]));
    parentPort.postMessage({ buffer: m.buffer }, [m.buffer]);
  } else {
    parentPort.postMessage({ hex: hash.digest('hex') });
  }
});
`;

interface FromWorker {
  buffer?: ArrayBuffer;
  hex?: string;
}

const SLAB_BYTES = 1 << 20;

/** Bytes of one slab still to hash, as (offset, length) pairs, in body order. */
interface Segment {
  buffer: ArrayBuffer;
  ranges: number[];
  /** False while the bytes may still change: a slab the socket reads into, a copy slab being filled. */
  ready: boolean;
}

/**
 * Hands the body to the worker in 1 MiB slabs that travel by transfer, not copy, and come back to a pool.
 * Two ways in:
 * - `nextBuffer` lends slabs to the socket as its read buffers (onread's buffer generator): the bytes read
 *   into a slab go to the worker as they are, with no copy. Node asks for the next buffer after each read,
 *   which is when the previous slab is no longer written to and may be transferred.
 * - `update` of any other bytes (the first body bytes read with the head, TLS records, a runtime that
 *   ignores onread) copies them into a slab filled up before it is sent.
 * Segments are sent strictly in body order. Slabs at the worker are bounded: past `maxSlabs` update() says
 * stop, and `onDrain` fires once half came back, so memory stays flat whatever the body size.
 */
export class WorkerHasher implements Sha256Hasher {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true });
  private readonly pool: ArrayBuffer[] = [];
  private readonly queue: Segment[] = [];
  private filling: Segment | null = null;
  private lent: ArrayBuffer | null = null;
  private lentSegment: Segment | null = null;
  private atWorker = 0;
  private stalled = false;
  private failure: Error | null = null;
  private onHex: ((hex: string) => void) | null = null;
  private onFailure: ((error: Error) => void) | null = null;

  constructor(
    private readonly onDrain: () => void,
    private readonly maxSlabs = 16,
  ) {
    this.worker.on('message', (message: FromWorker) => {
      if (message.hex !== undefined) {
        this.onHex?.(message.hex);
        return;
      }
      if (message.buffer) this.pool.push(message.buffer);
      this.atWorker--;
      if (this.stalled && this.atWorker <= this.maxSlabs / 2) {
        this.stalled = false;
        this.onDrain();
      }
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the hash worker exited (${code})`)));
  }

  /** onread's buffer generator: releases the slab of the previous read and lends a fresh one. */
  readonly nextBuffer = (): Buffer => {
    this.release();
    const slab = this.take();
    this.lent = slab;
    return Buffer.from(slab);
  };

  update(chunk: Buffer): boolean {
    if (this.failure) throw this.failure;
    const last = this.queue.at(-1);
    if (
      this.lent !== null &&
      chunk.buffer === this.lent &&
      (!this.lentSegment || last === this.lentSegment)
    ) {
      this.closeFilling();
      if (!this.lentSegment) {
        this.lentSegment = { buffer: this.lent, ranges: [], ready: false };
        this.queue.push(this.lentSegment);
      }
      this.lentSegment.ranges.push(chunk.byteOffset, chunk.length);
    } else {
      this.copy(chunk);
    }
    this.send();
    if (this.atWorker >= this.maxSlabs) this.stalled = true;
    return !this.stalled;
  }

  digest(): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      // The socket is closed by now: the lent slab is no longer read into.
      this.release();
      this.closeFilling();
      this.send();
      this.onFailure = reject;
      this.onHex = (hex) => {
        this.onFailure = null;
        resolve(hex);
        void this.worker.terminate();
      };
      this.worker.postMessage({});
    });
  }

  dispose(): void {
    this.failure ??= new Error('disposed');
    void this.worker.terminate();
  }

  private take(): ArrayBuffer {
    return this.pool.pop() ?? new ArrayBuffer(SLAB_BYTES);
  }

  private release(): void {
    if (!this.lent) return;
    if (this.lentSegment) this.lentSegment.ready = true;
    else this.pool.push(this.lent);
    this.lent = null;
    this.lentSegment = null;
    this.send();
  }

  private copy(chunk: Buffer): void {
    for (let at = 0; at < chunk.length;) {
      if (!this.filling) {
        this.filling = { buffer: this.take(), ranges: [0, 0], ready: false };
        this.queue.push(this.filling);
      }
      const filled = this.filling.ranges[1] ?? 0;
      const n = Math.min(SLAB_BYTES - filled, chunk.length - at);
      new Uint8Array(this.filling.buffer, filled, n).set(chunk.subarray(at, at + n));
      this.filling.ranges[1] = filled + n;
      at += n;
      if (filled + n === SLAB_BYTES) this.closeFilling();
    }
  }

  private closeFilling(): void {
    if (this.filling) this.filling.ready = true;
    this.filling = null;
  }

  /** Sends the ready segments at the head of the queue; a segment not ready holds back those after it. */
  private send(): void {
    while (this.queue[0]?.ready) {
      const segment = this.queue.shift() as Segment;
      this.atWorker++;
      this.worker.postMessage({ buffer: segment.buffer, ranges: segment.ranges }, [segment.buffer]);
    }
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.onFailure?.(error);
    // A paused receiver resumes, so its next update() throws this failure instead of waiting for the peer.
    if (this.stalled) {
      this.stalled = false;
      this.onDrain();
    }
  }
}
