// A 1 GiB result from a loopback server in its own process: our streaming download (sha256, type check,
// fsync, rename) against curl on the same URL, same server and same disk in the same run, and the peak RSS
// growth of this process meanwhile. To read the ratio, three more figures from the same run: curl followed
// by an fsync of its file (the durability ours pays for), Node's own floor (node:http piped to a file with
// no hash, no checks, no fsync) and sha256 alone over 1 GiB in memory.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fetchToFile } from '../../electron/core/downloads/fetch-to-file';
import { startBigBodyServer } from '../core/downloads/download-fixtures';
import { benchPrinter, type BenchOutcome } from './bench-kit';

const SIZE = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
const ROUNDS = 3;

/** Flushes every dirty page first, so no run pays for the write-back of the file before it. */
function settleDisk(): void {
  spawnSync('sync');
}

function curlToFile(url: string, file: string, fsync: boolean): void {
  const curl = spawnSync('curl', ['-s', '-S', '-f', '-o', file, url]);
  if (curl.status !== 0) throw new Error(`curl failed: ${curl.stderr.toString()}`);
  // coreutils `sync FILE` is fsync(2) on that file.
  if (fsync && spawnSync('sync', [file]).status !== 0) throw new Error('sync FILE failed');
  if (statSync(file).size !== SIZE) throw new Error('curl got a short body');
}

async function nodeFloor(url: string, file: string): Promise<void> {
  // Its own connection (agent: false), never the global agent's: that one keeps sockets alive since Node 19, and
  // reusing one the test server has already closed failed the baseline with "socket hang up" on a fresh machine.
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    http.get(url, { agent: false, headers: { connection: 'close' } }, resolve).on('error', reject),
  );
  await pipeline(res, createWriteStream(file, { highWaterMark: MiB }));
  if (statSync(file).size !== SIZE) throw new Error('node:http got a short body');
}

function hashInMemoryMs(): number {
  const block = Buffer.alloc(MiB, 0x5a);
  const hash = createHash('sha256');
  const t0 = performance.now();
  for (let i = 0; i < SIZE / MiB; i++) hash.update(block);
  hash.digest();
  return performance.now() - t0;
}

async function timed(fn: () => unknown): Promise<number> {
  settleDisk();
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function run(log: (line: string) => void = console.log): Promise<BenchOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'download-bench-'));
  const { url, child } = await startBigBodyServer(SIZE);
  const { lines, say } = benchPrinter(log);
  try {
    // Warm the server and the page cache path once so neither side pays a first-run cost alone.
    curlToFile(url, join(dir, 'warm'), false);
    rmSync(join(dir, 'warm'), { force: true });

    const runs = {
      curl: [] as number[],
      curlFsync: [] as number[],
      floor: [] as number[],
      ours: [] as number[],
    };
    let peakGrowth = 0;
    // Interleaved rounds, best of each: a neighbour's burst of load hits every contender alike.
    for (let round = 0; round < ROUNDS; round++) {
      const file = join(dir, 'other.bin');
      runs.curl.push(await timed(() => curlToFile(url, file, false)));
      rmSync(file, { force: true });
      runs.curlFsync.push(await timed(() => curlToFile(url, file, true)));
      rmSync(file, { force: true });
      runs.floor.push(await timed(() => nodeFloor(url, file)));
      rmSync(file, { force: true });

      settleDisk();
      const before = process.memoryUsage().rss;
      let peak = before;
      const t0 = performance.now();
      const fetched = await fetchToFile({
        url,
        dir,
        baseName: `ours-${round}`,
        progressEveryBytes: 8 * MiB,
        onProgress: () => {
          peak = Math.max(peak, process.memoryUsage().rss);
        },
      });
      runs.ours.push(performance.now() - t0);
      peakGrowth = Math.max(peakGrowth, peak - before);
      if (fetched.size !== SIZE) throw new Error('short download');
      rmSync(fetched.path, { force: true });
    }
    const best = (ms: number[]) => Math.min(...ms);
    const line = (label: string, ms: number) =>
      `${label}: best of ${ROUNDS} ${ms.toFixed(0)} ms (${(SIZE / MiB / (ms / 1000)).toFixed(0)} MiB/s)`;
    const curlMs = best(runs.curl);
    const ourMs = best(runs.ours);
    say(line('curl -o FILE', curlMs));
    say(line('curl -o FILE, then fsync FILE', best(runs.curlFsync)));
    say(line('node:http piped to FILE, no hash, no checks, no fsync (Node floor)', best(runs.floor)));
    say(line('ours: sha256 + type check + fsync + rename', ourMs));
    const hashMs = hashInMemoryMs();
    say(
      `sha256 alone over 1 GiB in memory: ${hashMs.toFixed(0)} ms (${(SIZE / MiB / (hashMs / 1000)).toFixed(0)} MiB/s)`,
    );
    say(
      `info: ratios — Node floor/curl ${(curlMs / best(runs.floor)).toFixed(2)}, ours/(curl + fsync) ${(best(runs.curlFsync) / ourMs).toFixed(2)}`,
    );
    const ratio = curlMs / ourMs;
    const okSpeed = ratio >= 0.9;
    const okMem = peakGrowth < 64 * MiB;
    say(
      `${okSpeed ? 'PASS' : 'FAIL'} download throughput ratio ours/curl ${ratio.toFixed(2)} (target ≥ 0.90)`,
    );
    say(
      `${okMem ? 'PASS' : 'FAIL'} download peak RSS growth ${(peakGrowth / MiB).toFixed(1)} MiB (target < 64 MiB)`,
    );
    return { name: 'download', pass: okSpeed && okMem, lines };
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
