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
    hash.update(new Uint8Array(m.buffer, 0, m.length));
    parentPort.postMessage({ buffer: m.buffer, length: m.length }, [m.buffer]);
  } else {
    parentPort.postMessage({ hex: hash.digest('hex') });
  }
});
`;

interface FromWorker {
  buffer?: ArrayBuffer;
  length?: number;
  hex?: string;
}

const SLAB_BYTES = 1 << 20;

/**
 * Copies each chunk into a transferable slab and hands it to the worker, which hands the slab back once
 * hashed, so slabs are reused. In-flight bytes are bounded: past `maxInFlight` update() says stop, and
 * `onDrain` fires once the worker has caught up to half of it. Memory stays flat whatever the body size.
 */
export class WorkerHasher implements Sha256Hasher {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true });
  private readonly slabs: ArrayBuffer[] = [];
  private inFlight = 0;
  private stalled = false;
  private failure: Error | null = null;
  private onHex: ((hex: string) => void) | null = null;
  private onFailure: ((error: Error) => void) | null = null;

  constructor(
    private readonly onDrain: () => void,
    private readonly maxInFlight = 16 * SLAB_BYTES,
  ) {
    this.worker.on('message', (message: FromWorker) => {
      if (message.hex !== undefined) {
        this.onHex?.(message.hex);
        return;
      }
      if (message.buffer && message.buffer.byteLength === SLAB_BYTES) this.slabs.push(message.buffer);
      this.inFlight -= message.length ?? 0;
      if (this.stalled && this.inFlight <= this.maxInFlight / 2) {
        this.stalled = false;
        this.onDrain();
      }
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the hash worker exited (${code})`)));
  }

  update(chunk: Buffer): boolean {
    if (this.failure) throw this.failure;
    for (let at = 0; at < chunk.length; at += SLAB_BYTES) {
      const piece = chunk.subarray(at, at + SLAB_BYTES);
      const slab = this.slabs.pop() ?? new ArrayBuffer(SLAB_BYTES);
      new Uint8Array(slab).set(piece);
      this.inFlight += piece.length;
      this.worker.postMessage({ buffer: slab, length: piece.length }, [slab]);
    }
    if (this.inFlight > this.maxInFlight) this.stalled = true;
    return !this.stalled;
  }

  digest(): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
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
