// Memory, not speed: a body far larger than any buffer we keep must pass through with RSS growth bounded by
// a few stream buffers. The server runs in its own process so only the downloader's memory is measured.
// (Throughput against curl is measured in `npm run bench`.)
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchToFile } from '../../../electron/core/downloads/fetch-to-file';
import { startBigBodyServer } from './download-fixtures';

const SIZE = 384 * 1024 * 1024;

let child: ChildProcess | undefined;
let url = '';
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-mem-'));
  ({ url, child } = await startBigBodyServer(SIZE));
});
afterAll(() => {
  child?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('fetchToFile memory', () => {
  it('keeps RSS growth under 48 MiB while streaming 384 MiB to disk, and hashes every byte', async () => {
    const expected = createHash('sha256');
    const pattern = Buffer.alloc(1024 * 1024, 0x5a);
    for (let left = SIZE, first = true; left > 0; first = false) {
      const piece = Buffer.from(pattern.subarray(0, Math.min(pattern.length, left)));
      if (first) Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(piece, 0);
      expected.update(piece);
      left -= piece.length;
    }
    const before = process.memoryUsage().rss;
    let peak = before;
    const fetched = await fetchToFile({
      url,
      dir,
      baseName: 'big',
      progressEveryBytes: 4 * 1024 * 1024,
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    });
    expect(fetched.size).toBe(SIZE);
    expect(statSync(fetched.path).size).toBe(SIZE);
    expect(fetched.mime).toBe('video/webm');
    expect(fetched.sha256).toBe(expected.digest('hex'));
    // Holding the body would grow by ~384 MiB; streaming holds a few buffers plus not-yet-collected garbage.
    expect(peak - before).toBeLessThan(48 * 1024 * 1024);
  });
});
