// A 1 GiB result from a loopback server in its own process: our streaming download (hash, sniff, fsync,
// rename) against curl on the same URL in the same run, and the peak RSS growth of this process meanwhile.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fetchToFile } from '../../electron/core/downloads/fetch-to-file';
import { startBigBodyServer } from '../core/downloads/download-fixtures';

const SIZE = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;

export async function run(log: (line: string) => void = console.log) {
  const dir = mkdtempSync(join(tmpdir(), 'download-bench-'));
  const { url, child } = await startBigBodyServer(SIZE);
  const lines: string[] = [];
  const say = (l: string): void => {
    lines.push(l);
    log(l);
  };
  try {
    // Warm the server and the page cache path once so neither side pays a first-run cost alone.
    spawnSync('curl', ['-s', '-o', join(dir, 'warm'), url]);
    rmSync(join(dir, 'warm'), { force: true });

    const curlRuns: number[] = [];
    const ourRuns: number[] = [];
    let peakGrowth = 0;
    for (let round = 0; round < 2; round++) {
      const c0 = performance.now();
      const curl = spawnSync('curl', ['-s', '-S', '-f', '-o', join(dir, 'curl.bin'), url]);
      curlRuns.push(performance.now() - c0);
      if (curl.status !== 0) throw new Error(`curl failed: ${curl.stderr.toString()}`);
      if (statSync(join(dir, 'curl.bin')).size !== SIZE) throw new Error('curl got a short body');
      rmSync(join(dir, 'curl.bin'), { force: true });

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
      ourRuns.push(performance.now() - t0);
      peakGrowth = Math.max(peakGrowth, peak - before);
      if (fetched.size !== SIZE) throw new Error('short download');
      rmSync(fetched.path, { force: true });
    }
    const curlMs = Math.min(...curlRuns);
    const ourMs = Math.min(...ourRuns);
    const mbps = (ms: number): string => (SIZE / MiB / (ms / 1000)).toFixed(0);
    say(`curl: best of ${curlRuns.length} ${curlMs.toFixed(0)} ms (${mbps(curlMs)} MiB/s)`);
    say(
      `ours (sha256 + type check + fsync + rename): best of ${ourRuns.length} ${ourMs.toFixed(0)} ms (${mbps(ourMs)} MiB/s)`,
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
