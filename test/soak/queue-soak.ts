// The queue soak: N items queued at once and sent by the engine's queue, run as a child process against the
// simulator with a fault rate on every request; the child is killed with SIGKILL every simulated minute of its
// running life (the gateway's clock: 1.2 s real at the time scale of 0.02), or with `randomKills` at a random
// moment within that minute (seeded), and restarted on the same database, until the queue is empty and its
// tasks settled. Then, from the database and the simulator's own record of what it created, in the order it
// created it:
//   nothing lost    every item left the line, each as exactly one task row under its own key, and every row
//                   left for the gateway (none held as never sent: the kill between a row and its
//                   request left the item 'sent' and its row held, so it was never sent);
//   nothing doubled no prompt was created upstream twice;
//   in order        what the gateway created came in the queue's order (a sent item that the gateway never
//                   created, a 500 answered before processing, is a gap, not a reordering).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import { NEVER_SENT_CODE } from '../../shared/studio/records';
import { childArgs, type ChildEntry } from '../support/child-entry';
import { tagOf } from './soak-plan';
import { killAfterMs, seededRandom, type SoakTable } from './soak-report';

export interface QueueSoakOptions {
  items: number;
  faultRate: number;
  /** At most this many kills, then the last life runs to the end; none: a kill every minute until done. */
  kills?: number;
  /** The kill cadence in the gateway's time: a life is killed this long after it started sending. */
  killEverySimMs?: number;
  /** The simulator's time scale (real ms per simulated ms). */
  timeScale?: number;
  /** More lives than this and the soak fails: the queue did not settle under the cadence. */
  maxLives?: number;
  parallel?: number;
  seed?: number;
  /** Kill each life at a random moment (seeded) up to the cadence, instead of at the cadence itself. */
  randomKills?: boolean;
  /** The engine's request budget per second (40 by default): a tight one widens the wait after a row. */
  requestsPerSecond?: number;
  /** Fewer lives than this and the soak fails: the kills must have had a chance to land. */
  minLives?: number;
  log?: (line: string) => void;
}

export type QueueSoakReport = SoakTable;

/**
 * One life of a soak child (this soak's, or the recipe soak's): killed `killAfterMs` after it said it is ready
 * (its engine started), or run to its end.
 */
export function runSoakLife(
  env: Record<string, string>,
  killAfterMs: number | null,
  entry: ChildEntry = 'test/soak/queue-soak-child.ts',
): Promise<{ done: boolean; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, childArgs(entry), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let done = false;
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      // Counted from the engine's start, not the spawn: a loaded machine's slow start is not gateway time.
      if (text.includes('"ready"') && killAfterMs !== null && timer === null) {
        timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
      if (text.includes('"done"')) done = true;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ done, code });
    });
  });
}

export async function runQueueSoak(options: QueueSoakOptions): Promise<QueueSoakReport> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'studio-queue-soak-'));
  const timeScale = options.timeScale ?? 0.02;
  const killEveryMs = Math.round((options.killEverySimMs ?? 60_000) * timeScale);
  const sim = await startSimulator({
    timeScale,
    seed: options.seed ?? 11,
    faults: { rate: options.faultRate, kinds: ['429', '500', '502', 'hang', 'reset', 'garble'] },
  });
  const dbPath = join(dir, 'studio.db');
  const env = {
    SOAK_CONFIG: JSON.stringify({
      dbPath,
      libraryDir: join(dir, 'library'),
      baseUrl: sim.url,
      apiKey: SIM_KEYS.default,
      items: options.items,
      parallel: options.parallel ?? 4,
      ...(options.requestsPerSecond ? { requestsPerSecond: options.requestsPerSecond } : {}),
    }),
  };
  const maxLives = options.maxLives ?? 200;
  const random = seededRandom(options.seed ?? 11);
  try {
    let kills = 0;
    let lives = 0;
    for (;;) {
      const cadence = options.randomKills ? killAfterMs(random, killEveryMs) : killEveryMs;
      const killAfter = options.kills === undefined || kills < options.kills ? cadence : null;
      const life = await runSoakLife(env, killAfter);
      lives++;
      if (life.done) break;
      if (life.code === null) kills++;
      else throw new Error(`the engine process exited with code ${life.code}`);
      log(`life ${lives}: killed`);
      if (lives >= maxLives) throw new Error(`the queue soak did not settle in ${maxLives} lives`);
    }
    const report = tabulate(dbPath, sim.createdTasks(), options, { kills, killEveryMs }, sim.faults.injected);
    report.rows.splice(3, 0, ['lives', lives]);
    if (options.minLives !== undefined && lives < options.minLives)
      report.problems.push(`only ${lives} lives (at least ${options.minLives} wanted)`);
    return report;
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function tabulate(
  dbPath: string,
  created: ReturnType<Awaited<ReturnType<typeof startSimulator>>['createdTasks']>,
  options: QueueSoakOptions,
  { kills, killEveryMs }: { kills: number; killEveryMs: number },
  injected: Readonly<Record<string, number>>,
): QueueSoakReport {
  const db = new DatabaseSync(dbPath);
  const problems: string[] = [];
  const items = db.prepare('SELECT * FROM queue_items ORDER BY position').all();
  const tasks = db
    .prepare(
      "SELECT id, state, params, idempotency_key, sent_at, json_extract(error, '$.code') AS error_code FROM tasks",
    )
    .all();
  const taskById = new Map(tasks.map((t) => [String(t.id), t]));
  let sent = 0;
  for (const item of items) {
    const task = item.task_id === null ? undefined : taskById.get(String(item.task_id));
    if (item.state !== 'sent') problems.push(`item ${String(item.id)} ended ${String(item.state)}`);
    else if (!task) problems.push(`item ${String(item.id)} was sent but has no task`);
    else if (task.idempotency_key !== item.submission_key)
      problems.push(`item ${String(item.id)}'s task carries another key`);
    else if (task.sent_at === null || task.error_code === NEVER_SENT_CODE)
      problems.push(`item ${String(item.id)} reads sent but its request never left (${String(task.state)})`);
    else sent++;
  }
  if (items.length !== options.items) problems.push(`${items.length} items for ${options.items} queued`);
  const tags = tasks.map((t) => tagOf(JSON.parse(String(t.params)) as Record<string, unknown>));
  if (new Set(tags).size !== tasks.length || tasks.length !== options.items)
    problems.push(`${tasks.length} task rows (${new Set(tags).size} prompts) for ${options.items} items`);

  const upstream = created.map((t) => tagOf(t.body)).filter((t): t is string => t !== null);
  const doubled = upstream.length - new Set(upstream).size;
  if (doubled > 0) problems.push(`${doubled} prompts were created upstream more than once`);
  const outOfOrder = upstream.filter((tag, i) => i > 0 && tag < (upstream[i - 1] ?? ''));
  if (outOfOrder.length > 0) problems.push(`created out of the queue's order: ${outOfOrder.join(', ')}`);
  const states = new Map<string, number>();
  for (const t of tasks) states.set(String(t.state), (states.get(String(t.state)) ?? 0) + 1);
  db.close();
  return {
    rows: [
      ['items queued', options.items],
      ['faults injected', Object.values(injected).reduce((s, n) => s + n, 0)],
      ['engine kills (SIGKILL) and restarts', kills],
      [
        'kill cadence',
        `${options.randomKills ? 'at a random moment within ' : 'every '}${(options.killEverySimMs ?? 60_000) / 1000} s of gateway time (${killEveryMs} ms real)`,
      ],
      ['items sent, one task each under its key', sent],
      ['created upstream', upstream.length],
      ['tasks by end state', [...states].map(([s, n]) => `${s} ${n}`).join(', ')],
      ['created upstream twice', doubled],
      ['created out of order', outOfOrder.length],
    ],
    problems,
  };
}
