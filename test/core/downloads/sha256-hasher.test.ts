// The worker hasher: same digest as node:crypto, and bounded in-flight bytes (update() asks the receiver to
// pause, onDrain lets it go on) so memory stays flat when the worker falls behind.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WorkerHasher } from '../../../electron/core/downloads/sha256-hasher';

describe('WorkerHasher', () => {
  it('digests like node:crypto, asks for a pause past maxInFlight and drains back', async () => {
    const MiB = 1024 * 1024;
    const data = randomBytes(10 * MiB + 777);
    let drains = 0;
    let pauses = 0;
    let paused = false;
    const hasher = new WorkerHasher(() => {
      drains++;
      paused = false;
    }, 2 * MiB);
    // The caller's buffer is reused between updates, as the raw client's receive buffer is.
    const reused = Buffer.alloc(MiB);
    for (let at = 0; at < data.length; at += MiB) {
      while (paused) await new Promise((resolve) => setImmediate(resolve));
      const n = data.copy(reused, 0, at, Math.min(at + MiB, data.length));
      if (!hasher.update(reused.subarray(0, n))) {
        pauses++;
        paused = true;
      }
      reused.fill(0);
    }
    expect(await hasher.digest()).toBe(createHash('sha256').update(data).digest('hex'));
    expect(pauses).toBeGreaterThan(0);
    expect(drains).toBe(pauses);
  });

  it('fails the digest, and further updates, once disposed', async () => {
    const hasher = new WorkerHasher(() => {});
    hasher.dispose();
    expect(() => hasher.update(Buffer.from('x'))).toThrow();
    await expect(hasher.digest()).rejects.toThrow();
  });
});
