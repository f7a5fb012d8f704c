import { spawn } from 'node:child_process';
import { LEASE_CHECK_MS } from '../../../electron/core/downloads/download-leases';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { JobRunner } from '../../../electron/core/jobs';
import { DownloadManager, dayFolder } from '../../../electron/core/downloads/download-manager';
import { readableBaseName } from '../../../electron/core/downloads/readable-name';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { StudioEvent } from '../../../shared/studio/records';
import {
  JPEG_HEAD,
  RecordingSink,
  serveBytes,
  startScriptedServer,
  taskDb,
  tinyPng,
} from './download-fixtures';
import type { ScriptedServer, TaskDb } from './download-fixtures';
import { childArgs } from '../../support/child-entry';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(async () => {
  await server.close();
});

const dirs: string[] = [];
const managers: DownloadManager[] = [];
const runners: JobRunner[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.close();
  for (const j of runners.splice(0)) await j.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Rig extends TaskDb {
  manager: DownloadManager;
  sink: RecordingSink;
  libraryDir: string;
  events: StudioEvent[];
  dbPath: string;
  /** Resolves at the next change of any file's row (the manager's onFilesChanged). */
  changed(): Promise<void>;
}

interface RigOptions {
  dir?: string;
  maxAttempts?: number;
  concurrency?: number;
  /** Told each change before the rig's own listener (a listener that throws, say). */
  onFilesChanged?: (taskId: string) => void;
}

function rig(options: RigOptions = {}): Rig {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'studio-dl-'));
  if (!options.dir) dirs.push(dir);
  const dbPath = join(dir, 'studio.sqlite');
  const t = taskDb(dbPath);
  const sink = new RecordingSink();
  const events: StudioEvent[] = [];
  const libraryDir = join(dir, 'library');
  let waiting: (() => void)[] = [];
  // The waits' full steps (no jitter): a test reads them off the manual clock.
  const jobs = new JobRunner({ db: t.db, clock: t.clock, random: () => 1 });
  runners.push(jobs);
  const manager = new DownloadManager({
    jobs,
    db: t.db,
    clock: t.clock,
    libraryDir,
    sink,
    getTask: (id) => t.store.get(id)?.record ?? null,
    onFilesChanged: (taskId) => {
      const wake = waiting;
      waiting = [];
      for (const w of wake) w();
      options.onFilesChanged?.(taskId);
    },
    emit: (e) => events.push(e),
    maxAttempts: options.maxAttempts ?? 4,
    concurrency: options.concurrency,
    backoffMs: 1_000,
    progressEveryBytes: 64 * 1024,
    // The files come from a server on this machine, as a local gateway's (the demo's) do.
    gatewayUrl: () => 'http://127.0.0.1',
  });
  managers.push(manager);
  const changed = () => new Promise<void>((resolve) => waiting.push(resolve));
  return { ...t, manager, sink, libraryDir, events, dbPath, changed };
}

const file = (url: string, extra: Partial<ResultFile> = {}): ResultFile => ({
  kind: 'image',
  url,
  expiresAt: null,
  index: 0,
  title: null,
  durationSeconds: null,
  ...extra,
});

/**
 * Lets real I/O run and moves the manual clock to each backoff timer until every download has settled. It waits
 * on the manager's own signals (a fetch finished, a row changed, the queue went idle), never on a timer.
 */
async function drive({ manager, clock, changed }: Rig): Promise<void> {
  let idle = false;
  const settled = manager.idle().then(() => (idle = true));
  for (let i = 0; i < 2_000 && !idle; i++) {
    if (manager.activeFetches > 0) {
      await manager.fetchesDone();
      continue;
    }
    const next = clock.nextTimerAt();
    if (next !== null) await clock.advanceTo(next);
    else await Promise.race([settled, changed()]);
  }
  expect(idle).toBe(true);
}

/** The readable name a file of this task gets (readable-name.ts), without extension. */
function readable(taskId: string, ordinal: number, day: string): string {
  return readableBaseName({ day, prompt: 'a lighthouse', fallback: 'image', seed: `${taskId}:${ordinal}` });
}

function partFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.part'));
}

describe('DownloadManager', () => {
  it('streams, verifies, hashes and files a result under <library>/<date>/<date>_<prompt slug>_<id>.<ext>', async () => {
    const png = tinyPng();
    server.route('/ok/result.bin', serveBytes(png, 'image/png'));
    const r = rig();
    r.manager.enqueue(r.taskId, [file(`${server.url}/ok/result.bin`)]);
    await drive(r);
    const day = dayFolder(r.clock.now());
    const expected = join(resolve(r.libraryDir), day, `${readable(r.taskId, 0, day)}.png`);
    expect(basename(expected)).toMatch(/^\d{4}-\d\d-\d\d_a-lighthouse_[0-9a-f]{6}\.png$/);
    expect(readFileSync(expected)).toEqual(png);
    expect(r.sink.added).toHaveLength(1);
    expect(r.sink.added[0]).toMatchObject({
      path: expected,
      size: png.length,
      mime: 'image/png',
      sha256: createHash('sha256').update(png).digest('hex'),
    });
    expect(r.manager.counts(r.taskId)).toEqual({
      total: 1,
      done: 1,
      failed: 0,
      expired: 0,
      missing: [],
      deleted: 0,
      linkExpiresAt: null,
    });
    expect(r.events.at(-1)).toMatchObject({
      type: 'download',
      receivedBytes: png.length,
      totalBytes: png.length,
    });
    expect(partFiles(r.libraryDir)).toEqual([]);
  });

  it('fetches a file whose link has no expires_at first, then the soonest to expire', async () => {
    const png = tinyPng();
    for (const name of ['first', 'long', 'short', 'unstated'])
      server.route(`/order/${name}.png`, serveBytes(png, 'image/png'));
    const r = rig({ concurrency: 1 });
    const inHours = (h: number): number => Math.floor(r.clock.now() / 1000) + h * 3600;
    r.manager.enqueue(r.taskId, [
      file(`${server.url}/order/first.png`, { expiresAt: inHours(48), index: 0 }),
      file(`${server.url}/order/long.png`, { expiresAt: inHours(72), index: 1 }),
      file(`${server.url}/order/short.png`, { expiresAt: inHours(1), index: 2 }),
      file(`${server.url}/order/unstated.png`, { index: 3 }),
    ]);
    await drive(r);
    // The first starts at once; of those waiting, the unknown lifetime, then 1 h, then 72 h.
    expect(r.sink.added.map((d) => d.file.index)).toEqual([0, 3, 2, 1]);
  });

  it('fetches only http(s): file:, javascript:, ftp: and a redirect to ftp: fail without a request', async () => {
    server.route('/redirect-ftp', (_req, res) =>
      res.writeHead(302, { location: 'ftp://127.0.0.1/x.png' }).end(),
    );
    const r = rig();
    r.manager.enqueue(r.taskId, [
      file('file:///etc/passwd'),
      file('javascript:alert(1)'),
      file('ftp://127.0.0.1/x.png'),
      file(`${server.url}/redirect-ftp`),
      file('http://user:secret@127.0.0.1/x.png'),
    ]);
    await drive(r);
    const states = r.manager.files(r.taskId).map((f) => f.state);
    expect(states).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    expect(r.manager.files(r.taskId)[0]?.error).toMatch(/file:/);
    expect(r.sink.added).toHaveLength(0);
    expect(server.hits.get('/redirect-ftp')).toBe(1);
  });

  it('names files itself: a URL path or Content-Disposition with ../ cannot write outside the library', async () => {
    const png = tinyPng();
    server.route('/a/../../../../tmp/evil.png', serveBytes(png, 'image/png'));
    server.route('/disposition', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'image/png',
        'content-length': String(png.length),
        'content-disposition': 'attachment; filename="../../../../outside.png"',
      });
      res.end(png);
    });
    const r = rig();
    r.manager.enqueue(r.taskId, [
      file(`${server.url}/a/%2e%2e/%2e%2e/%2e%2e/%2e%2e/tmp/evil.png`),
      file(`${server.url}/disposition`, { index: 1 }),
    ]);
    await drive(r);
    const paths = r.manager.files(r.taskId).map((f) => f.path ?? '');
    const day = join(resolve(r.libraryDir), dayFolder(r.clock.now()));
    expect(paths[1]).toBe(join(day, `${readable(r.taskId, 1, dayFolder(r.clock.now()))}.png`));
    for (const p of paths.filter(Boolean)) expect(p.startsWith(day)).toBe(true);
    expect(existsSync(join(r.libraryDir, '..', 'outside.png'))).toBe(false);
  });

  it('rejects a body whose bytes contradict its Content-Type, and bytes that are no media at all', async () => {
    server.route('/mismatch', serveBytes(Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]), 'image/png'));
    server.route('/html', serveBytes(Buffer.from('<html><body>Access denied</body></html>'), 'image/png'));
    server.route(
      '/octet',
      serveBytes(Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]), 'application/octet-stream'),
    );
    const r = rig();
    r.manager.enqueue(r.taskId, [
      file(`${server.url}/mismatch`),
      file(`${server.url}/html`, { index: 1 }),
      file(`${server.url}/octet`, { index: 2 }),
    ]);
    await drive(r);
    const files = r.manager.files(r.taskId);
    expect(files.map((f) => f.state)).toEqual(['failed', 'failed', 'done']);
    expect(files[0]?.error).toMatch(/image\/jpeg/);
    // Type errors are permanent: one request each, no retries.
    expect(server.hits.get('/mismatch')).toBe(1);
    expect(files[2]?.mime).toBe('image/jpeg');
    expect(files[2]?.path?.endsWith('.jpg')).toBe(true);
    expect(partFiles(r.libraryDir)).toEqual([]);
  });

  it('retries a truncated body and 503s with backoff on the injected clock, then succeeds', async () => {
    const png = tinyPng();
    let calls = 0;
    server.route('/flaky', (_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(503).end();
        return;
      }
      if (calls === 2) {
        // Announces the full length, sends half, then drops the connection.
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
        // Dropped once the half has left, so the client sees a short body rather than no body.
        res.write(png.subarray(0, 30), () => res.socket?.destroy());
        return;
      }
      serveBytes(png, 'image/png')(_req, res);
    });
    const r = rig();
    const start = r.clock.now();
    r.manager.enqueue(r.taskId, [file(`${server.url}/flaky`)]);
    await drive(r);
    expect(calls).toBe(3);
    expect(r.manager.files(r.taskId)[0]?.state).toBe('done');
    // Backoff of 1 s then 2 s, measured on the manual clock, not the wall.
    expect(r.clock.now() - start).toBe(3_000);
    expect(partFiles(r.libraryDir)).toEqual([]);
  });

  it('reports a link past expires_at as expired without fetching, and stops retrying once a link expires [TASK-10] [LIM-12]', async () => {
    server.route('/expired', serveBytes(tinyPng(), 'image/png'));
    server.route('/dying', (_req, res) => res.writeHead(503).end());
    const r = rig({ maxAttempts: 50 });
    const nowS = Math.floor(r.clock.now() / 1000);
    r.manager.enqueue(r.taskId, [
      file(`${server.url}/expired`, { expiresAt: nowS - 1 }),
      file(`${server.url}/dying`, { expiresAt: nowS + 5, index: 1 }),
    ]);
    await drive(r);
    expect(r.manager.files(r.taskId).map((f) => f.state)).toEqual(['expired', 'expired']);
    expect(server.hits.get('/expired')).toBeUndefined();
    expect(server.hits.get('/dying')).toBeLessThanOrEqual(4);
    expect(r.manager.counts(r.taskId)).toMatchObject({ total: 2, done: 0, failed: 0, expired: 2 });
    expect(r.manager.counts(r.taskId).missing.map((m) => m.reason)).toEqual(['expired', 'expired']);
    expect(r.manager.counts(r.taskId).linkExpiresAt).toBeNull();
  });

  it('[TASK-10] counts when the soonest link of a file not downloaded yet expires; a saved or expired file no longer counts', async () => {
    server.route('/expiry-saved', serveBytes(tinyPng(), 'image/png'));
    let refuse = true;
    server.route('/expiry-soon', (req, res) => {
      if (refuse) res.writeHead(503).end();
      else serveBytes(tinyPng(), 'image/png')(req, res);
    });
    server.route('/expiry-hour', (_req, res) => res.writeHead(503).end());
    const r = rig({ maxAttempts: 1 });
    const nowS = Math.floor(r.clock.now() / 1000);
    r.manager.enqueue(r.taskId, [
      file(`${server.url}/expiry-saved`, { expiresAt: nowS + 60 }),
      file(`${server.url}/expiry-soon`, { expiresAt: nowS + 1_800, index: 1 }),
      file(`${server.url}/expiry-hour`, { expiresAt: nowS + 3_600, index: 2 }),
    ]);
    // Before anything is fetched, the first link (a minute) is the soonest.
    expect(r.manager.counts(r.taskId).linkExpiresAt).toBe((nowS + 60) * 1000);
    // The clock stands still: a refused file waits, failed, for its background retry.
    await r.manager.idle();
    // The first is saved: its link no longer matters. The two refused ones wait for a retry, the sooner counts.
    expect(r.manager.files(r.taskId).map((f) => f.state === 'done')).toEqual([true, false, false]);
    expect(r.manager.counts(r.taskId).linkExpiresAt).toBe((nowS + 1_800) * 1000);
    refuse = false;
    r.manager.retry(r.taskId);
    await r.manager.idle();
    expect(r.manager.files(r.taskId).map((f) => f.state === 'done')).toEqual([true, true, false]);
    expect(r.manager.counts(r.taskId).linkExpiresAt).toBe((nowS + 3_600) * 1000);
  });

  it('counts a fetch as done once: a row that cannot be written after the file is saved leaves the others counted', async () => {
    const png = tinyPng();
    let release = (): void => undefined;
    let asked = (): void => undefined;
    const heldAsked = new Promise<void>((resolve) => (asked = resolve));
    server.route('/quick', serveBytes(png, 'image/png'));
    server.route('/held', (req, res) => {
      // Answered only when the test says so: this fetch stays in flight meanwhile.
      release = () => serveBytes(png, 'image/png')(req, res);
      asked();
    });
    let fail = true;
    const r = rig({
      concurrency: 2,
      onFilesChanged: (taskId) => {
        const quick = r.manager.files(taskId).find((f) => f.url.endsWith('/quick'));
        if (fail && quick?.state === 'done') {
          fail = false;
          throw new Error('the listener failed');
        }
      },
    });
    r.manager.enqueue(r.taskId, [file(`${server.url}/held`), file(`${server.url}/quick`, { index: 1 })]);
    await heldAsked;
    const quick = () => r.manager.files(r.taskId)[1];
    while (!quick()?.error) await r.changed();
    // The quick file is saved and the write after it failed; the held one is still being fetched.
    expect(r.manager.activeFetches).toBe(1);
    release();
    await drive(r);
    expect(r.manager.activeFetches).toBe(0);
    // The saved file is found in the library on the next try.
    expect(r.manager.files(r.taskId).map((f) => f.state)).toEqual(['done', 'skipped']);
  });

  it('skips a URL the library already holds', async () => {
    const r = rig();
    const url = `${server.url}/already`;
    r.sink.known.add(url);
    r.manager.enqueue(r.taskId, [file(url)]);
    await drive(r);
    expect(server.hits.get('/already')).toBeUndefined();
    expect(r.manager.counts(r.taskId)).toMatchObject({ total: 1, done: 1 });
  });

  /** A library folder whose database a first run left with this task's file pending on `route`. */
  function pendingFile(route: string): { dir: string; first: TaskDb } {
    const dir = mkdtempSync(join(tmpdir(), 'studio-dl-'));
    dirs.push(dir);
    const first = taskDb(join(dir, 'studio.sqlite'));
    first.db
      .prepare(
        `INSERT INTO task_files (task_id, ordinal, kind, url, expires_at, file_index, state, attempts, updated_at)
         VALUES (?, 0, 'image', ?, NULL, 0, 'pending', 1, ?)`,
      )
      .run(first.taskId, `${server.url}${route}`, first.clock.now());
    return { dir, first };
  }

  it('after a crash mid-file: the row is still pending, the stray .part is removed, the file is fetched again', async () => {
    const png = tinyPng();
    server.route('/after-crash', serveBytes(png, 'image/png'));
    // The first run recorded the file, then "crashed" with half a .part on disk.
    const { dir, first } = pendingFile('/after-crash');
    const day = join(dir, 'library', dayFolder(first.clock.now()));
    mkdirSync(day, { recursive: true });
    writeFileSync(join(day, `${first.taskId}-0.part`), png.subarray(0, 20));
    first.db.close();

    const r = rig({ dir });
    expect(r.manager.files(r.taskId)[0]).toMatchObject({ state: 'pending', path: null, sha256: null });
    await r.manager.start();
    await drive(r);
    expect(partFiles(r.libraryDir)).toEqual([]);
    expect(r.manager.files(r.taskId)[0]).toMatchObject({ state: 'done' });
    expect(readFileSync(join(day, `${readable(r.taskId, 0, dayFolder(first.clock.now()))}.png`))).toEqual(
      png,
    );
  });

  /**
   * A library where a first run placed this task's file under its name and wrote its thumbnail, then died before
   * filing it; its row still pending on `route`. Beside it, another file put there by hand.
   */
  function placedNotFiled(route: string): { dir: string; day: string; name: string } {
    const { dir, first } = pendingFile(route);
    const dayName = dayFolder(first.clock.now());
    const day = join(dir, 'library', dayName);
    const name = readable(first.taskId, 0, dayName);
    mkdirSync(join(day, '.thumbs'), { recursive: true });
    writeFileSync(join(day, `${name}.png`), Buffer.from('the first run, never filed'));
    writeFileSync(join(day, '.thumbs', `${name}.webp`), Buffer.from('its thumbnail'));
    writeFileSync(join(day, 'kept-by-hand.png'), Buffer.from('a file put here by hand'));
    first.db.close();
    return { dir, day, name };
  }

  it('after a crash between placing a file and filing it: once the new copy is filed, the old file and its thumbnail go', async () => {
    const png = tinyPng();
    server.route('/placed-not-filed', serveBytes(png, 'image/png'));
    const { dir, day } = placedNotFiled('/placed-not-filed');
    const r = rig({ dir });
    await r.manager.start();
    await drive(r);
    expect(r.manager.files(r.taskId)[0]).toMatchObject({ state: 'done' });
    // The new copy stepped around the name the old one held, and is the only copy left; the file put there by
    // hand, under another name, is not this download's to touch.
    const filed = r.sink.added.map((added) => added.path);
    expect(filed).toHaveLength(1);
    expect(readFileSync(filed[0] ?? '')).toEqual(png);
    expect(readdirSync(day).sort()).toEqual(['.thumbs', basename(filed[0] ?? ''), 'kept-by-hand.png'].sort());
    expect(readdirSync(join(day, '.thumbs'))).toEqual([]);
  });

  it('after such a crash, a fetch that fails leaves the first run’s file where it was', async () => {
    server.route('/placed-then-gone', serveBytes(Buffer.from('<html>Access denied</html>'), 'image/png'));
    const { dir, day, name } = placedNotFiled('/placed-then-gone');
    const r = rig({ dir });
    await r.manager.start();
    await drive(r);
    expect(r.manager.files(r.taskId)[0]).toMatchObject({ state: 'failed' });
    expect(readFileSync(join(day, `${name}.png`), 'utf8')).toBe('the first run, never filed');
    expect(readdirSync(join(day, '.thumbs'))).toEqual([`${name}.webp`]);
  });

  it("two processes on one library: a live neighbour keeps its download and its .part; a dead one's is taken over, its .part swept", async () => {
    const png = Buffer.concat([tinyPng(), Buffer.alloc(256 * 1024, 7)]);
    let healthy = false;
    server.route('/shared-library', (req, res) => {
      if (healthy) {
        serveBytes(png, 'image/png')(req, res);
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      res.write(png.subarray(0, 64 * 1024)); // and then nothing: the neighbour is mid-download
    });
    const dir = mkdtempSync(join(tmpdir(), 'studio-dl-'));
    dirs.push(dir);
    const dbPath = join(dir, 'studio.sqlite');
    const libraryDir = join(dir, 'library');
    const neighbour = spawn(
      process.execPath,
      [
        ...childArgs('test/core/downloads/crash-child.ts'),
        dbPath,
        libraryDir,
        `${server.url}/shared-library`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolveRun, reject) => {
      neighbour.once('error', reject);
      neighbour.stdout?.on('data', (d: Buffer) => {
        if (/bytes \d+/.test(d.toString())) resolveRun();
      });
    });
    // However this test ends, the neighbour does not outlive it.
    onTestFinished(() => void neighbour.kill('SIGKILL'));
    const [theirs] = partFiles(libraryDir);
    expect(theirs).toContain(`.${neighbour.pid}.part`);

    // This process opens the same database and library while the neighbour still writes.
    healthy = true;
    const r = rig({ dir });
    await r.manager.start();
    expect(partFiles(libraryDir)).toContain(theirs);
    await drive(r);
    // The live neighbour holds the file's lease (download-leases.ts): this process leaves it alone, says why.
    expect(r.manager.files(r.taskId)[0]).toMatchObject({
      state: 'pending',
      error: expect.stringContaining(`another process (${neighbour.pid}) is downloading it`) as unknown,
    });
    expect(partFiles(libraryDir)).toEqual([theirs]);

    // The neighbour dies mid-download (kill -9 leaves no word): the next look takes the file over.
    neighbour.kill('SIGKILL');
    await new Promise((done) => neighbour.once('exit', done));
    await r.clock.advance(LEASE_CHECK_MS);
    await drive(r);
    expect(r.manager.files(r.taskId)[0]).toMatchObject({ state: 'done', size: png.length });
    // The dead neighbour's .part is litter: the process that took the file over clears it then, not at its next
    // start (a CLI that takes over and exits has no next start), and a start finds nothing left.
    expect(partFiles(libraryDir)).toEqual([]);
    await rig({ dir }).manager.start();
    expect(partFiles(libraryDir)).toEqual([]);
  });

  it('survives a real crash (SIGKILL) mid-body: no done row, no stray .part after restart, then a whole file', async () => {
    const png = Buffer.concat([tinyPng(), Buffer.alloc(256 * 1024, 7)]);
    let healthy = false;
    server.route('/killed-mid-body', (req, res) => {
      if (healthy) {
        serveBytes(png, 'image/png')(req, res);
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      res.write(png.subarray(0, 64 * 1024)); // and then nothing: the process is killed while waiting
    });
    const dir = mkdtempSync(join(tmpdir(), 'studio-dl-'));
    dirs.push(dir);
    const dbPath = join(dir, 'studio.sqlite');
    const libraryDir = join(dir, 'library');
    const child = spawn(
      process.execPath,
      [
        ...childArgs('test/core/downloads/crash-child.ts'),
        dbPath,
        libraryDir,
        `${server.url}/killed-mid-body`,
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolveRun, reject) => {
      child.once('error', reject);
      child.stdout?.on('data', (d: Buffer) => {
        if (/bytes \d+/.test(d.toString())) resolveRun();
      });
    });
    expect(partFiles(libraryDir)).toHaveLength(1);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    healthy = true;
    const r = rig({ dir });
    expect(r.manager.files(r.taskId)[0]).toMatchObject({ state: 'pending', path: null, sha256: null });
    await r.manager.start();
    await drive(r);
    expect(partFiles(libraryDir)).toEqual([]);
    const [row] = r.manager.files(r.taskId);
    expect(row).toMatchObject({ state: 'done', size: png.length });
    expect(readFileSync(row?.path ?? '')).toEqual(png);
    // The file's job was written before the fetch, handed back once by the kill (not counted as a failed try)
    // and finished by this life: one job, filed once.
    const jobs = r.db.prepare("SELECT state, attempts FROM jobs WHERE kind = 'download'").all();
    expect(jobs).toEqual([{ state: 'done', attempts: 0 }]);
    expect(r.sink.added).toHaveLength(1);
  });
});
