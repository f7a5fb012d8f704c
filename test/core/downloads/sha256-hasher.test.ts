// The worker hasher: same digest as node:crypto whether bytes are copied in or read straight into its lent
// slabs, in body order when both mix, and bounded slabs at the worker (update() asks the receiver to pause,
// onDrain lets it go on) so memory stays flat when the worker falls behind.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rawGet } from '../../../electron/core/downloads/raw-http-get';
import { WorkerHasher } from '../../../electron/core/downloads/sha256-hasher';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('WorkerHasher', () => {
  it('digests copied bytes like node:crypto, asks for a pause past maxSlabs and drains back', async () => {
    const data = randomBytes(10 * MiB + 777);
    let drains = 0;
    let pauses = 0;
    let paused = false;
    const hasher = new WorkerHasher(() => {
      drains++;
      paused = false;
    }, 2);
    // The caller's buffer is reused between updates, as the raw client's receive buffer is; odd sizes
    // make slabs fill across updates.
    const reused = Buffer.alloc(MiB);
    for (let at = 0; at < data.length;) {
      while (paused) await new Promise((resolve) => setImmediate(resolve));
      const n = data.copy(reused, 0, at, Math.min(at + 300_001, data.length));
      at += n;
      if (!hasher.update(reused.subarray(0, n))) {
        pauses++;
        paused = true;
      }
      reused.fill(0);
    }
    expect(await hasher.digest()).toBe(sha256(data));
    expect(pauses).toBeGreaterThan(0);
    expect(drains).toBe(pauses);
  });

  it('hashes a socket body read straight into its lent slabs, after head bytes that were copied', async () => {
    const body = randomBytes(20 * MiB + 4321);
    const server = createServer((socket) => {
      socket.once('data', () => {
        // Head and the first body bytes in one write: those reach the hasher as a copy, the rest in slabs.
        socket.write(
          Buffer.concat([
            Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`),
            body.subarray(0, 1000),
          ]),
        );
        socket.end(body.subarray(1000));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await rawGet(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`), {
        idleTimeoutMs: 5000,
      });
      let pauses = 0;
      // Two slabs at the worker at most: the socket is paused and resumed many times on the way.
      const hasher = new WorkerHasher(() => res.resume(), 2);
      let lentChunks = 0;
      const lent = new Set<ArrayBufferLike>();
      await res.body(
        (chunk) => {
          if (lent.has(chunk.buffer)) lentChunks++;
          if (!hasher.update(chunk)) {
            pauses++;
            res.pause();
          }
        },
        () => {
          const buffer = hasher.nextBuffer();
          lent.add(buffer.buffer);
          return buffer;
        },
      );
      expect(await hasher.digest()).toBe(sha256(body));
      expect(lentChunks).toBeGreaterThan(0);
      expect(pauses).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });

  it('fails the digest, and further updates, once disposed', async () => {
    const hasher = new WorkerHasher(() => {});
    hasher.dispose();
    expect(() => hasher.update(Buffer.from('x'))).toThrow();
    await expect(hasher.digest()).rejects.toThrow();
  });
});
