// The soak (issue 8): N mixed tasks through the engine, run as a child process, against the simulator with a
// fault rate on every path; the child is killed with SIGKILL at random moments and restarted on the same
// database, then run to the end. The result is the table docs/engine.md shows, checked against the targets.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import { tagOf } from './soak-plan';

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
  log?: (line: string) => void;
}

export interface SoakReport {
  rows: [string, number | string][];
  problems: string[];
}

const CHILD = fileURLToPath(new URL('./soak-child.ts', import.meta.url));

interface Life {
  code: number | null;
  done: boolean;
  heap: number[];
}

function runChild(env: Record<string, string>, killAfterMs: number | null): Promise<Life> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const life: Life = { code: null, done: false, heap: [] };
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as { type: string; heapUsed?: number };
        if (message.type === 'mem' && message.heapUsed) life.heap.push(message.heapUsed);
        if (message.type === 'done') life.done = true;
      }
    });
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
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
    }),
  };
  const heapPeaks: number[] = [];
  try {
    let seed = options.seed ?? 8;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let kills = 0;
    for (let lives = 0; ; lives++) {
      const killAt =
        kills < options.kills ? Math.round(300 + random() * ((options.maxLifeMs ?? 4_000) - 300)) : null;
      const life = await runChild(env, killAt);
      heapPeaks.push(Math.max(0, ...life.heap));
      if (life.done) break;
      if (life.code === null) kills++;
      else if (killAt === null || life.code !== 0)
        throw new Error(`the engine process exited with code ${life.code}`);
      log(`life ${lives + 1}: ${life.done ? 'done' : life.code === null ? 'killed' : `exit ${life.code}`}`);
      if (lives > options.kills + 20) throw new Error('the soak did not settle');
    }
    return tabulate(
      join(dir, 'studio.db'),
      libraryDir,
      sim.createdTasks(),
      options,
      kills,
      heapPeaks,
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
  heapPeaks: number[],
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
  const peakMb = (n: number): string => `${(n / 1_048_576).toFixed(1)} MB`;
  // Lives killed before their first report have no sample.
  const sampled = heapPeaks.filter((peak) => peak > 0);
  const lowPeak = Math.min(...sampled, Infinity);
  const highPeak = Math.max(...sampled, 0);
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
      [
        'engine heap peak per life, lowest / highest',
        sampled.length
          ? `${peakMb(lowPeak)} / ${peakMb(highPeak)} over ${sampled.length} lives`
          : 'no sample',
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

export function formatSoak(report: SoakReport): string {
  const width = Math.max(...report.rows.map(([label]) => label.length));
  const lines = report.rows.map(([label, value]) => `| ${label.padEnd(width)} | ${String(value)} |`);
  return [
    `| ${'measure'.padEnd(width)} | result |`,
    `| ${'-'.repeat(width)} | ------ |`,
    ...lines,
    '',
    report.problems.length === 0 ? 'targets met' : `targets missed:\n- ${report.problems.join('\n- ')}`,
  ].join('\n');
}
