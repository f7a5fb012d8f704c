// A full disk never leads to a second charge. The core as the app and the CLI compose it (composeCore: engine,
// downloads, library) keeps its database and library on a real 4 MiB tmpfs, against the simulator; a filler
// file takes the disk's room away at the moments that matter: before a press, while a request is on the wire,
// and while a charged result waits to be downloaded. Each time the simulator's own record says how many tasks
// were created: never more than the presses that were told they went through.
import { coreStores } from '../../support/core-stores';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { composeCore } from '../../../electron/core/compose-core';
import type { ComposedCore } from '../../../electron/core/compose-core';
import type { DatabaseSync } from '../../../electron/core/db';
import { DiskRoom, RESERVE_NAME, SUBMIT_MIN_FREE_BYTES } from '../../../electron/core/db/disk-space';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import { silentLogger } from '../../../electron/core/log';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { PriceBook } from '../../../electron/core/pricing';
import { SpendingGuard } from '../../../electron/core/spending';
import { startSimulator } from '../../../electron/simulator/index';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { CountingGateway, driveUntil } from './engine-rig';

/** Mounting needs root; a machine that refuses says why the file's tests are skipped. */
function tryMount(dir: string): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const probeDir = mkdtempSync(join(tmpdir(), 'full-disk-probe-'));
const refused = tryMount(probeDir);
if (refused === null) execFileSync('umount', [probeDir]);
rmSync(probeDir, { recursive: true, force: true });
if (refused !== null) {
  // Stated, not silent: this file proves its promise only where a small real file system can be made.
  console.warn(`full-disk tests skipped: mounting a 4 MiB tmpfs was refused (${refused.trim()})`);
}

const request = {
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt: 'a fox on a hill', size: '16:9', resolution: '1K' },
};

/** What the simulator charges for the request ([EP-IMAGE-3]); the price book is taught it. */
const PRICE = 0.02;

function taughtBook(db: DatabaseSync): PriceBook {
  const book = new PriceBook({ db, gateway: simUrl() });
  for (let i = 0; i < 3; i++) {
    book.observe({
      family: request.family,
      model: request.model,
      params: request.params,
      cost: PRICE,
      creditsCost: null,
      actualTime: 5,
      taskId: `taught-${i}`,
    });
  }
  return book;
}

let currentSim: RunningSimulator | null = null;
const simUrl = (): string => currentSim?.url ?? '';

describe.skipIf(refused !== null)('a full disk (real 4 MiB tmpfs)', () => {
  let mount: string;
  let clock: ManualClock;
  let sim: RunningSimulator;
  let dbs: DatabaseSync[];
  let cores: ComposedCore[];
  /** Tasks the simulator made before the test (its seeds): what the test adds is counted beyond them. */
  let seeded: number;
  const created = () => sim.createdTasks().length - seeded;
  const filler = () => join(mount, 'filler');

  /** Leaves about `bytes` free on the small disk by growing or shrinking the filler file. */
  function leaveFree(bytes: number): void {
    rmSync(filler(), { force: true });
    const fs = statfsSync(mount);
    const free = fs.bavail * fs.bsize;
    writeFileSync(filler(), Buffer.alloc(Math.max(0, free - bytes)));
  }

  /** `daily`: a daily budget over a price book taught what the request costs (PRICE). */
  function openCore(
    gateway: CountingGateway,
    { daily }: { daily?: number } = {},
  ): { core: ComposedCore; db: DatabaseSync } {
    const db = openStudioDatabase(join(mount, 'studio.db'));
    dbs.push(db);
    const book = daily === undefined ? null : taughtBook(db);
    const guard = book && new SpendingGuard({ db, clock, prices: () => book });
    guard?.setLimits({
      unit: 'usd',
      confirmAbove: null,
      daily: daily ?? null,
      monthly: null,
      timeZone: 'UTC',
    });
    const core = composeCore({
      db,
      ...coreStores(db, clock),
      gateway,
      clock,
      libraryDir: join(mount, 'library'),
      logger: silentLogger,
      gatewayKey: () => sim.url,
      history: book,
      guard,
    });
    cores.push(core);
    return { core, db };
  }

  const gatewayOf = () =>
    new CountingGateway(new GatewayClient({ baseUrl: sim.url, apiKey: sim.keys.default, clock }), clock);

  beforeEach(async () => {
    mount = mkdtempSync(join(tmpdir(), 'full-disk-'));
    expect(tryMount(mount)).toBeNull();
    clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
    sim = await startSimulator({ clock, seed: 7 });
    currentSim = sim;
    seeded = sim.createdTasks().length;
    dbs = [];
    cores = [];
  });

  afterEach(async () => {
    for (const core of cores.splice(0)) {
      core.speech.close();
      await core.engine.close();
    }
    for (const db of dbs.splice(0)) if (db.isOpen) db.close();
    await sim.close();
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  it('refuses a press with a sentence, before any row or request, while the disk is nearly full', async () => {
    const gateway = gatewayOf();
    const { core } = openCore(gateway);
    await core.engine.start();
    leaveFree(SUBMIT_MIN_FREE_BYTES / 2);

    const refusal = await core.engine.submit(request).catch((error: unknown) => error);

    expect(refusal).toMatchObject({ type: 'disk_full' });
    expect((refusal as Error).message).toMatch(
      /^Nothing was sent: the disk holding the studio's database has .* free/,
    );
    expect(gateway.log.filter((r) => r.kind === 'submit')).toHaveLength(0);
    expect(core.engine.list()).toHaveLength(0);
    expect(created()).toBe(0);

    // Room again: the same press goes, once.
    rmSync(filler(), { force: true });
    const task = await core.engine.submit(request);
    expect(task.remoteId).not.toBeNull();
    expect(created()).toBe(1);
  });

  it('keeps a charged task tracked while its result cannot be written, and downloads it once there is room', async () => {
    const gateway = gatewayOf();
    const { core } = openCore(gateway);
    await core.engine.start();
    const task = await core.engine.submit(request);
    expect(task.remoteId).not.toBeNull();
    // The result is made upstream while the disk has room for rows but not for the file and its filing.
    leaveFree(96 * 1024);

    const waiting = await driveUntil({ clock }, core.engine, () =>
      core.engine.files(task.id).some((f) => /waiting for disk space/.test(f.error ?? '')),
    );
    expect(waiting).toBe(true);
    const file = core.engine.files(task.id)[0];
    expect(file?.state).toBe('pending');
    expect(file?.error).toMatch(
      /^not enough disk space: the file is .* but the library's disk has .* free; waiting for disk space/,
    );
    expect(core.engine.get(task.id)?.state).toBe('completed');
    expect(core.library.query().total).toBe(0);

    // The next start (the CLI run again, the app reopened) sends nothing again: the task is known and waits.
    await core.engine.close();
    cores.splice(cores.indexOf(core), 1);
    core.speech.close();
    const next = openCore(gateway).core;
    await next.engine.start();
    expect(next.engine.get(task.id)?.remoteId).toBe(task.remoteId);

    // Room returns: the download resumes by itself, and exactly one task was ever created and charged.
    rmSync(filler(), { force: true });
    const filed = await driveUntil({ clock }, next.engine, () => next.library.query().total === 1);
    expect(filed).toBe(true);
    expect(next.engine.files(task.id)[0]?.state).toBe('done');
    expect(gateway.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
    expect(created()).toBe(1);
  });

  it('records the answer of a request already on the wire when the disk fills meanwhile', async () => {
    const gateway = gatewayOf();
    const { core } = openCore(gateway);
    await core.engine.start();
    // The reserve is in place before the press.
    expect(existsSync(join(mount, RESERVE_NAME))).toBe(true);
    // Every byte taken while the POST is out: only the reserve stands between the answer and the disk.
    gateway.onSubmit = () => {
      gateway.onSubmit = null;
      leaveFree(0);
    };

    const task = await core.engine.submit(request);

    expect(task.remoteId).not.toBeNull();
    expect(core.engine.get(task.id)).toMatchObject({ remoteId: task.remoteId, state: task.state });
    // A restart finds it tracked, not 'submitting': nothing is ever sent for it again.
    await core.engine.close();
    cores.splice(cores.indexOf(core), 1);
    core.speech.close();
    rmSync(filler(), { force: true });
    const next = openCore(gateway).core;
    await next.engine.start();
    expect(next.engine.get(task.id)?.state).not.toBe('submitting');
    expect(gateway.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
    expect(created()).toBe(1);
  });

  it('a press the disk was too full to send or to mark failed is held at the next start, never sent without the person, and its Send it is checked against the budget', async () => {
    const gateway = gatewayOf();
    // Room in today's budget for one such task, not two.
    const { core, db } = openCore(gateway, { daily: PRICE * 1.5 });
    await core.engine.start();
    // The reserve already used up by an earlier full disk: nothing stands between the writes and the disk.
    rmSync(join(mount, RESERVE_NAME), { force: true });
    // The disk fills the moment the row is written, before the row can say it was sent (or that it failed).
    const off = core.engine.events.on('task', ({ task }) => {
      if (task.state !== 'submitting') return;
      off();
      leaveFree(0);
    });

    const told = await core.engine.submit(request);

    // The press is told that nothing was sent (the CLI prints it as it exits), and nothing was.
    expect(told).toMatchObject({ state: 'failed', error: { type: 'disk_full' } });
    expect(gateway.log.filter((r) => r.kind === 'submit')).toHaveLength(0);
    await core.engine.close();
    cores.splice(cores.indexOf(core), 1);
    core.speech.close();

    // Space is freed and the person presses again (the CLI run again): the next start holds the old row, and
    // only the new press is sent.
    rmSync(filler(), { force: true });
    // A disk that refuses even the last word ('failed', the reserve already spent) leaves the row exactly as it
    // was written, 'submitting' and never sent, while the press is told as above; whether this tmpfs took that
    // word depends on how large the database is, so the row is set to what such a disk leaves: the row the next
    // start meets.
    db.prepare("UPDATE tasks SET state = 'submitting', error = NULL WHERE id = ? AND sent_at IS NULL").run(
      told.id,
    );
    const next = openCore(gateway, { daily: PRICE * 1.5 }).core;
    await next.engine.start();
    const [left] = next.engine.list();
    expect(left).toMatchObject({ state: 'interrupted', remoteId: null, error: { code: 'never_sent' } });
    expect(left?.error?.message).toMatch(/^Not sent: .*nothing was charged/);
    const again = await next.engine.submit(request);
    expect(again.remoteId).not.toBeNull();
    await driveUntil({ clock }, next.engine, () => false, { maxSimMs: 600_000 });
    expect(next.engine.get(left?.id ?? '')).toMatchObject({ state: 'interrupted', remoteId: null });
    expect(gateway.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
    expect(created()).toBe(1);

    // Sending the held row too is the person's call, and it is measured against the budget like a new press:
    // the press that went has taken today's room, so it is refused with the budget's sentence and stays held.
    const refusal = await next.engine.retrySubmission(left?.id ?? '').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ type: 'budget_exceeded' });
    expect((refusal as Error).message).toMatch(/^Not sent: your daily budget is/);
    expect(next.engine.get(left?.id ?? '')).toMatchObject({
      state: 'interrupted',
      error: { code: 'never_sent' },
    });
    expect(created()).toBe(1);
  });

  it('gives the reserve back to a write that meets a full disk, and tries that write once more', () => {
    mkdirSync(join(mount, 'db'));
    const room = new DiskRoom(join(mount, 'db'));
    room.ensureReserve();
    expect(existsSync(join(mount, 'db', RESERVE_NAME))).toBe(true);
    let tries = 0;
    const written = room.mustWrite(() => {
      tries++;
      if (tries === 1) throw Object.assign(new Error('database or disk is full'), { errcode: 13 });
      return 'written';
    });
    expect(written).toBe('written');
    expect(tries).toBe(2);
    expect(existsSync(join(mount, 'db', RESERVE_NAME))).toBe(false);
  });
});
