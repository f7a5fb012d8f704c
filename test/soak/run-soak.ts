// The soak: N mixed tasks through the engine, run as a child process, against the simulator with a
// fault rate on every path; the child is killed with SIGKILL at random moments and restarted on the same
// database, then run to the end. The result is the table docs/engine.md shows, checked against the targets.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import { childArgs } from '../support/child-entry';
import { tagOf } from './soak-plan';
import { killAfterMs, seededRandom, type SoakTable } from './soak-report';

export interface SoakOptions {
  tasks: number;
  /** Share of every gateway request (submissions, polls, files, usage) that meets an injected fault. */
  faultRate: number;
  kills: number;
  /** Simulator time scale: tasks and links run this much faster than on the real gateway. */
  timeScale?: number;
  seed?: number;
  /** Longest wait between a start and its kill, ms. */
  maxLifeMs?: number;
  /** Sample the engine's settled heap each time this many more tasks have settled (default: a fortieth of them). */
  sampleEvery?: number;
  log?: (line: string) => void;
}

export type SoakReport = SoakTable;

/** One heap sample of the engine, after a full GC, when `settled` tasks had settled. */
export interface HeapSample {
  settled: number;
  heapUsed: number;
}

export interface Life {
  code: number | null;
  done: boolean;
  /** The heap right after the engine started, before it took on any work. */
  start: HeapSample | null;
  /** Samples at settled-task milestones. */
  heap: HeapSample[];
}

/**
 * The target for "the engine's memory flat over the run": its settled heap (after GC) may grow by at most this
 * much from the first milestone to the last, over the run and within any one life. The engine keeps every task
 * record in memory (a few KiB each), so 200 tasks account for about 1 MiB of honest growth; a leak of the
 * task's results or events would add far more.
 */
export const HEAP_GROWTH_LIMIT = 8 * 1_048_576;

/**
 * When to kill a life: `afterMs` from the spawn (so kills land during start-up and resume too) or from the
 * moment the engine reports it runs (so lives live long enough to do work and take memory samples).
 */
interface Kill {
  afterMs: number;
  from: 'spawn' | 'ready';
}

function runChild(env: Record<string, string>, kill: Kill | null): Promise<Life> {
  return new Promise((resolve, reject) => {
    // --expose-gc: the child collects garbage before each sample, so what it reports is what it holds.
    const child = spawn(process.execPath, childArgs('test/soak/soak-child.ts', ['--expose-gc']), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const life: Life = { code: null, done: false, start: null, heap: [] };
    let timer = kill?.from === 'spawn' ? setTimeout(() => child.kill('SIGKILL'), kill.afterMs) : null;
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as { type: string } & Partial<HeapSample>;
        const sample = { settled: message.settled ?? 0, heapUsed: message.heapUsed ?? 0 };
        if (message.type === 'mem-start') {
          life.start = sample;
          if (kill?.from === 'ready') timer = setTimeout(() => child.kill('SIGKILL'), kill.afterMs);
        }
        if (message.type === 'mem') life.heap.push(sample);
        if (message.type === 'done') life.done = true;
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (timer) clearTimeout(timer);
      life.code = code;
      resolve(life);
    });
  });
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'studio-soak-'));
  const sim = await startSimulator({
    timeScale: options.timeScale ?? 0.02,
    seed: options.seed ?? 8,
    faults: { rate: options.faultRate, kinds: ['429', '500', '502', 'hang', 'reset', 'garble'] },
  });
  const libraryDir = join(dir, 'library');
  const env = {
    SOAK_CONFIG: JSON.stringify({
      dbPath: join(dir, 'studio.db'),
      libraryDir,
      baseUrl: sim.url,
      apiKey: SIM_KEYS.default,
      tasks: options.tasks,
      sampleEvery: options.sampleEvery ?? Math.max(1, Math.round(options.tasks / 40)),
    }),
  };
  const lives: Life[] = [];
  try {
    const random = seededRandom(options.seed ?? 8);
    let kills = 0;
    for (;;) {
      // Every other kill is timed from the engine's start, so half the lives do work before they die.
      const killAt: Kill | null =
        kills < options.kills
          ? {
              afterMs: killAfterMs(random, options.maxLifeMs),
              from: lives.length % 2 === 0 ? 'spawn' : 'ready',
            }
          : null;
      const life = await runChild(env, killAt);
      lives.push(life);
      if (life.done) break;
      if (life.code === null) kills++;
      else if (killAt === null || life.code !== 0)
        throw new Error(`the engine process exited with code ${life.code}`);
      const milestones = life.heap.map((sample) => `${sample.settled}:${mb(sample.heapUsed)}`).join(' ');
      log(`life ${lives.length}: ${life.code === null ? 'killed' : `exit ${life.code}`} ${milestones}`);
      if (lives.length > options.kills + 20) throw new Error('the soak did not settle');
    }
    return tabulate(
      join(dir, 'studio.db'),
      libraryDir,
      sim.createdTasks(),
      options,
      kills,
      lives,
      sim.faults.injected,
    );
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function tabulate(
  dbPath: string,
  libraryDir: string,
  created: ReturnType<Awaited<ReturnType<typeof startSimulator>>['createdTasks']>,
  options: SoakOptions,
  kills: number,
  lives: Life[],
  injected: Readonly<Record<string, number>>,
): SoakReport {
  const db = new DatabaseSync(dbPath);
  const problems: string[] = [];
  const upstream = new Map<string, typeof created>();
  for (const task of created) {
    const tag = tagOf(task.body);
    if (tag) upstream.set(tag, [...(upstream.get(tag) ?? []), task]);
  }
  const rows = db.prepare('SELECT * FROM tasks').all();
  const files = db.prepare('SELECT * FROM task_files').all();
  const filesOf = (id: unknown) => files.filter((f) => f.task_id === id);
  let completeWithFiles = 0;
  let completeMissing = 0;
  let failedByGateway = 0;
  let refused = 0;
  let interruptedCharged = 0;
  let interruptedReconciled = 0;
  let interruptedFree = 0;
  let other = 0;
  for (const row of rows) {
    const params = JSON.parse(String(row.params)) as Record<string, unknown>;
    const tag = tagOf(params) ?? '';
    const charged = (upstream.get(tag) ?? []).some((t) => t.charged);
    const error = row.error ? (JSON.parse(String(row.error)) as { type: string }) : null;
    if (row.state === 'completed') {
      const own = filesOf(row.id);
      if (own.length > 0 && own.every((f) => f.state === 'done' || f.state === 'skipped'))
        completeWithFiles++;
      else {
        completeMissing++;
        problems.push(`${tag} completed without all its files`);
      }
    } else if (row.state === 'failed' && error?.type === 'task_failed') failedByGateway++;
    else if (row.state === 'failed' && row.remote_id === null) refused++;
    else if (row.state === 'interrupted') {
      if (charged) {
        interruptedCharged++;
        if (row.reconciliation !== null) interruptedReconciled++;
        else problems.push(`${tag} may have been charged but was not reconciled`);
      } else interruptedFree++;
    } else {
      other++;
      problems.push(`${tag} ended ${String(row.state)}`);
    }
    if (row.state === 'failed' && row.remote_id === null && charged)
      problems.push(`${tag} refused yet charged`);
  }
  const duplicates = [...upstream.values()].filter((tasks) => tasks.length > 1).length;
  if (duplicates > 0) problems.push(`${duplicates} prompts were created more than once upstream`);
  if (rows.length !== options.tasks) problems.push(`${rows.length} rows for ${options.tasks} planned tasks`);

  // Every file the library holds is whole (its bytes hash to the recorded sha256); nothing else sits in the
  // day folders (no .part left by a kill, no file the library does not know).
  let corrupt = 0;
  const expected = new Set<string>();
  for (const item of db.prepare('SELECT path, sha256, thumbnail_path FROM library_items').all()) {
    expected.add(String(item.path));
    if (item.thumbnail_path !== null) expected.add(String(item.thumbnail_path));
    try {
      if (sha256(String(item.path)) !== item.sha256) corrupt++;
    } catch {
      corrupt++;
    }
  }
  let stray = 0;
  for (const day of readdirSafe(libraryDir).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) {
    for (const name of readdirSafe(join(libraryDir, day))) {
      // Thumbnails live in a .thumbs folder beside the files.
      const paths =
        name === '.thumbs'
          ? readdirSafe(join(libraryDir, day, name)).map((thumb) => join(libraryDir, day, name, thumb))
          : [join(libraryDir, day, name)];
      stray += paths.filter((path) => !expected.has(path)).length;
    }
  }
  if (corrupt > 0) problems.push(`${corrupt} corrupt files`);
  if (stray > 0) problems.push(`${stray} stray files`);

  const integrity = String(db.prepare('PRAGMA integrity_check').get()?.integrity_check);
  const foreignKeys = db.prepare('PRAGMA foreign_key_check').all().length;
  let fts = 'ok';
  try {
    db.exec("INSERT INTO library_fts(library_fts) VALUES ('integrity-check')");
  } catch (error) {
    fts = error instanceof Error ? error.message : String(error);
  }
  db.close();
  if (integrity !== 'ok' || foreignKeys > 0 || fts !== 'ok') problems.push('database checks failed');
  const memory = heapRows(lives);
  problems.push(...memory.problems);
  return {
    rows: [
      ['tasks planned and submitted', rows.length],
      ['faults injected (429/500/502/hang/reset/garble)', Object.values(injected).reduce((a, b) => a + b, 0)],
      ['engine kills (SIGKILL) and restarts', kills],
      ['created upstream by the gateway', created.filter((t) => tagOf(t.body)).length],
      ['completed with all files', completeWithFiles],
      ['completed with files missing', completeMissing],
      ['failed by the gateway', failedByGateway],
      ['refused at submission (nothing created)', refused],
      [
        'interrupted and charged (reported, reconciled)',
        `${interruptedCharged} (${interruptedReconciled} reconciled)`,
      ],
      ['interrupted, not charged', interruptedFree],
      ['other end states', other],
      ['duplicate submissions upstream', duplicates],
      ['corrupt files / stray files', `${corrupt} / ${stray}`],
      ['database integrity / foreign keys / FTS', `${integrity} / ${foreignKeys} problems / ${fts}`],
      ...memory.rows,
    ],
    problems,
  };
}

// MiB, named as the binary unit it is (shared/studio/byte-size.ts), in one unit so the figures compare.
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MiB`;

/**
 * The memory lines of the table: the engine's settled heap at its first and last task milestones over the
 * run, and the largest growth from first to last milestone within one life, both checked against
 * HEAP_GROWTH_LIMIT. Lives killed before their first milestone still count by their start sample.
 */
export function heapRows(lives: Life[]): { rows: [string, string][]; problems: string[] } {
  const problems: string[] = [];
  const samples = lives.flatMap((life) => life.heap);
  const starts = lives.flatMap((life) => (life.start ? [life.start.heapUsed] : []));
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last) return { rows: [['engine settled heap at task milestones', 'no sample']], problems };
  const overall = last.heapUsed - first.heapUsed;
  const measured = lives.filter((life) => life.heap.length >= 2);
  const growths = measured.map((life) => (life.heap.at(-1)?.heapUsed ?? 0) - (life.heap[0]?.heapUsed ?? 0));
  const withinLife = growths.length > 0 ? Math.max(...growths) : 0;
  const longest = Math.max(0, ...lives.map((life) => life.heap.length));
  if (overall > HEAP_GROWTH_LIMIT)
    problems.push(
      `the engine's settled heap grew by ${mb(overall)} over the run (limit ${mb(HEAP_GROWTH_LIMIT)})`,
    );
  if (withinLife > HEAP_GROWTH_LIMIT)
    problems.push(
      `the engine's settled heap grew by ${mb(withinLife)} within one life (limit ${mb(HEAP_GROWTH_LIMIT)})`,
    );
  const sign = (bytes: number): string => (bytes >= 0 ? `+${mb(bytes)}` : `-${mb(-bytes)}`);
  return {
    rows: [
      [
        `engine settled heap, first / last milestone (limit +${mb(HEAP_GROWTH_LIMIT)})`,
        `${mb(first.heapUsed)} at ${first.settled} settled / ${mb(last.heapUsed)} at ${last.settled} settled (${sign(overall)})`,
      ],
      [
        'largest growth within one life, first to last milestone',
        `${sign(withinLife)} (${measured.length} lives with 2+ milestones, up to ${longest})`,
      ],
      [
        'engine heap at start, lowest / highest',
        `${mb(Math.min(...starts))} / ${mb(Math.max(...starts))} over ${starts.length} of ${lives.length} lives`,
      ],
    ],
    problems,
  };
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
