// Library sync to a local S3 server (s3rver, in this process): 1 000 items and a 1 GiB video uploaded by a real
// round, against `rclone copy` of the same files to the same server in the same run (throughput ratio, target
// >= 0.8); then one new result and the requests of that incremental round (target <= 10) with a second device
// on the remote; and the peak RSS growth of this process during the round (flat: far below the video's size).
import { MadeFromStore } from '../../electron/core/tasks/made-from-store';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Library } from '../../electron/core/library';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { SyncService } from '../../electron/core/sync';
import type { LibraryItem } from '../../shared/studio/records';
import type { SyncConfig, SyncReport } from '../../shared/studio/sync';
import { thumbnailPathFor } from '../../electron/core/media';
import { S3RVER_KEY, startS3rverProcess } from '../support/sync-servers';

const ITEMS = 1000;
const ITEM_BYTES = 64 * 1024;
const VIDEO_BYTES = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;

function item(path: string, sha256: string, size: number, kind: 'image' | 'video', n: number): LibraryItem {
  return {
    id: `bench-${n}`,
    kind,
    path,
    size,
    sha256,
    mime: kind === 'video' ? 'video/mp4' : 'image/png',
    width: null,
    height: null,
    durationSeconds: null,
    thumbnailPath: null,
    prompt: `bench item ${n}`,
    model: 'image_model_id_i3',
    family: 'image.i3',
    params: { prompt: `bench item ${n}` },
    taskId: null,
    remoteTaskId: null,
    remoteUrl: null,
    expiresAt: null,
    cost: 0.04,
    creditsCost: null,
    createdAt: Date.UTC(2026, 10, 1) + n,
    favourite: false,
    tags: [],
    sourceTaskId: null,
    title: null,
    trackIndex: null,
  };
}

/** A 1 GiB file of distinct blocks (incompressible enough), hashed as it is written. */
async function writeVideo(path: string): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const block = randomBytes(MiB);
  for (let i = 0; i < VIDEO_BYTES / MiB; i++) {
    block.writeUInt32LE(i, 0);
    hash.update(block);
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}

interface Timed {
  ms: number;
  report: SyncReport;
  /** Where the round's time went, phase by phase (from its progress): the uploads against the bookkeeping. */
  phases: string;
}

/** One round of `sync`, timed. */
async function timedRound(sync: SyncService): Promise<Timed> {
  const phases: { phase: string; at: number }[] = [];
  const unsubscribe = sync.subscribe(({ progress }) => {
    if (progress && progress.phase !== phases[phases.length - 1]?.phase)
      phases.push({ phase: progress.phase, at: performance.now() });
  });
  const t0 = performance.now();
  const report = await sync.runRound();
  const ms = performance.now() - t0;
  unsubscribe();
  const spans = phases.map(
    ({ phase, at }, i) => `${phase} ${(((phases[i + 1]?.at ?? t0 + ms) - at) / 1000).toFixed(1)} s`,
  );
  return { ms, report, phases: spans.join(', ') };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function run(log: (line: string) => void) {
  const root = mkdtempSync(join(tmpdir(), 'sync-bench-'));
  const server = await startS3rverProcess('bench');
  const open: { close(): Promise<void> | void }[] = [];
  try {
    const libDir = join(root, 'a', 'library');
    const filesDir = join(libDir, '2026-11-01');
    await mkdir(filesDir, { recursive: true });
    const db = openStudioDatabase(join(root, 'a', 'studio.db'));
    open.push(db);
    const library = new Library({ db, dir: libDir });
    for (let n = 0; n < ITEMS; n++) {
      const bytes = randomBytes(ITEM_BYTES);
      const path = join(filesDir, `item-${n}.png`);
      await writeFile(path, bytes);
      library.replica.insert(
        item(path, createHash('sha256').update(bytes).digest('hex'), ITEM_BYTES, 'image', n),
      );
    }
    const videoPath = join(filesDir, 'video.mp4');
    library.replica.insert(item(videoPath, await writeVideo(videoPath), VIDEO_BYTES, 'video', ITEMS));
    const totalBytes = ITEMS * ITEM_BYTES + VIDEO_BYTES;
    const rate = (ms: number) => `${(totalBytes / MiB / (ms / 1000)).toFixed(1)} MiB/s`;
    log(
      `library: ${ITEMS} items of ${ITEM_BYTES / 1024} KiB and a 1 GiB video (${(totalBytes / MiB).toFixed(0)} MiB)`,
    );
    // The same library as a second machine that has never synced: ours runs twice, before and after rclone
    // (A-B-A), so a machine that slows down or speeds up during the run does not favour either side.
    const againPath = join(root, 'again', 'studio.db');
    await mkdir(join(root, 'again'), { recursive: true });
    db.exec(`VACUUM INTO '${againPath}'`);

    const remote = (prefix: string): SyncConfig['remote'] => ({
      kind: 's3',
      endpoint: server.url,
      region: 'us-east-1',
      bucket: 'bench',
      prefix,
      accessKeyId: S3RVER_KEY,
    });
    const setup = (name: string, prefix = 'sync') => ({
      config: {
        remote: remote(prefix),
        deviceName: name,
        encrypted: false,
        filesMode: 'on-demand' as const,
      },
      secrets: { secret: S3RVER_KEY },
    });
    const sync = new SyncService({
      madeFrom: new MadeFromStore(db),
      db,
      library,
      setup: () => setup('a'),
      dataDir: join(root, 'a'),
    });
    open.push(sync);

    spawnSync('sync');
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const first = await timedRound(sync);
    clearInterval(sampler);
    log(
      `ours (1st): ${first.report.pushed.files} files, ${(first.report.pushed.bytes / MiB).toFixed(0)} MiB in ${seconds(first.ms)} (${rate(first.ms)}), ${first.report.requests} requests; ${first.phases}`,
    );

    spawnSync('sync');
    const t1 = performance.now();
    const rclone = spawnSync(
      'rclone',
      [
        'copy',
        '--config',
        '/dev/null',
        libDir,
        `:s3,provider=Other,endpoint='${server.url}',access_key_id=${S3RVER_KEY},secret_access_key=${S3RVER_KEY}:bench/rclone`,
        // The endpoint is quoted: its colons would end the value in rclone's connection string.
        '--exclude',
        'studio.db*',
      ],
      // rclone 1.60's S3 backend refuses a custom CA bundle over plain HTTP: the machine's AWS_CA_BUNDLE stays out.
      {
        encoding: 'utf8',
        env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'AWS_CA_BUNDLE')),
      },
    );
    const rcloneMs = performance.now() - t1;
    if (rclone.status !== 0) throw new Error(`rclone copy failed: ${rclone.stderr}`);
    log(`rclone copy: ${seconds(rcloneMs)} (${rate(rcloneMs)})`);

    spawnSync('sync');
    const dbAgain = openStudioDatabase(againPath);
    open.push(dbAgain);
    const syncAgain = new SyncService({
      madeFrom: new MadeFromStore(dbAgain),
      db: dbAgain,
      library: new Library({ db: dbAgain, dir: libDir }),
      setup: () => setup('again', 'sync-again'),
      dataDir: join(root, 'again'),
    });
    open.push(syncAgain);
    const second = await timedRound(syncAgain);
    log(`ours (2nd): ${seconds(second.ms)} (${rate(second.ms)}); ${second.phases}`);
    const oursMs = (first.ms + second.ms) / 2;
    const ratio = rcloneMs / oursMs;
    log(`throughput ratio (ours, mean of both / rclone copy): ${ratio.toFixed(2)} (target >= 0.8)`);

    // A second device on the remote, then one new result (with its thumbnail) on the first: what one
    // incremental round costs each of them.
    const dbB = openStudioDatabase(join(root, 'b', 'studio.db'));
    open.push(dbB);
    const libraryB = new Library({ db: dbB, dir: join(root, 'b', 'library') });
    const syncB = new SyncService({
      madeFrom: new MadeFromStore(dbB),
      db: dbB,
      library: libraryB,
      setup: () => setup('b'),
      dataDir: join(root, 'b'),
    });
    open.push(syncB);
    await syncB.runRound();
    const bytes = randomBytes(ITEM_BYTES);
    const newPath = join(filesDir, 'new.png');
    await writeFile(newPath, bytes);
    const thumbnailPath = thumbnailPathFor(newPath);
    await mkdir(dirname(thumbnailPath), { recursive: true });
    await writeFile(thumbnailPath, randomBytes(8 * 1024));
    library.replica.insert({
      ...item(newPath, createHash('sha256').update(bytes).digest('hex'), ITEM_BYTES, 'image', ITEMS + 1),
      thumbnailPath,
    });
    const incremental = await sync.runRound();
    const pulledByB = await syncB.runRound();
    log(
      `one new result: ${incremental.requests} requests on the device that made it (target <= 10), ${pulledByB.requests} on the other to take it (its thumbnail included)`,
    );

    const growth = (peak - rssBefore) / MiB;
    log(
      `peak RSS growth during the first round: ${growth.toFixed(0)} MiB for a 1 GiB video (target < 256 MiB: flat)`,
    );
    const pass = ratio >= 0.8 && incremental.requests <= 10 && growth < 256;
    return { name: 'sync', pass, lines: [] };
  } finally {
    for (const thing of open.reverse()) await thing.close();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
