// The recipe soak: N runs of a saved two-step recipe (a picture, then a video from it), started at once by the
// app's runner on an engine that sends the queue, run as a child process against the simulator with a fault
// rate on every request, killed with SIGKILL at a random moment (seeded) of every simulated minute of each life
// and restarted on the same database, which resumes the kept runs, until no run is going. Then, from the kept
// runs, the task rows and the simulator's own record of what it created:
//   nothing lost     every run ended (completed, or stopped at a step with its sentence), none left going or
//                    unreadable (a saved recipe's kept run failed its own schema, vanished, and its
//                    step 2 was never sent though step 1 was paid); no step's row held as never sent;
//   nothing doubled  no step of a run was created upstream twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import { RecipeRunStore } from '../../electron/core/recipes';
import { NEVER_SENT_CODE } from '../../shared/studio/records';
import { runSoakLife } from './queue-soak';
import { killAfterMs, seededRandom, type SoakTable } from './soak-report';

export interface RecipeSoakOptions {
  runs: number;
  faultRate: number;
  timeScale?: number;
  /** A life is killed at a random moment within this much gateway time after it started. */
  killWithinSimMs?: number;
  minLives?: number;
  maxLives?: number;
  seed?: number;
  log?: (line: string) => void;
}

export async function runRecipeSoak(options: RecipeSoakOptions): Promise<SoakTable> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'studio-recipe-soak-'));
  const timeScale = options.timeScale ?? 0.02;
  const killWithinMs = Math.round((options.killWithinSimMs ?? 60_000) * timeScale);
  const sim = await startSimulator({
    timeScale,
    seed: options.seed ?? 13,
    faults: { rate: options.faultRate, kinds: ['429', '500', '502', 'hang', 'reset', 'garble'] },
  });
  const dbPath = join(dir, 'studio.db');
  const env = {
    SOAK_CONFIG: JSON.stringify({
      dbPath,
      libraryDir: join(dir, 'library'),
      baseUrl: sim.url,
      apiKey: SIM_KEYS.default,
      runs: options.runs,
    }),
  };
  const random = seededRandom(options.seed ?? 13);
  const maxLives = options.maxLives ?? 200;
  try {
    let lives = 0;
    for (;;) {
      const life = await runSoakLife(
        env,
        killAfterMs(random, killWithinMs),
        'test/soak/recipe-soak-child.ts',
      );
      lives++;
      if (life.done) break;
      if (life.code !== null) throw new Error(`the runner process exited with code ${life.code}`);
      log(`life ${lives}: killed`);
      if (lives >= maxLives) throw new Error(`the recipe soak did not settle in ${maxLives} lives`);
    }
    const report = tabulate(dbPath, sim.createdTasks(), options, lives);
    if (options.minLives !== undefined && lives < options.minLives)
      report.problems.push(`only ${lives} lives (at least ${options.minLives} wanted)`);
    return report;
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Which run and step a body belongs to: the run's tag, and step 2 by its own words. */
const stepOf = (body: Readonly<Record<string, unknown>>): string | null => {
  const prompt = typeof body.prompt === 'string' ? body.prompt : '';
  const tag = /soak-\d{4}/.exec(prompt)?.[0];
  return tag ? `${tag} step ${prompt.startsWith('step2 of') ? 2 : 1}` : null;
};

function tabulate(
  dbPath: string,
  created: ReturnType<Awaited<ReturnType<typeof startSimulator>>['createdTasks']>,
  options: RecipeSoakOptions,
  lives: number,
): SoakTable {
  const db = new DatabaseSync(dbPath);
  const problems: string[] = [];
  const rows = db.prepare('SELECT id, state FROM recipe_runs').all();
  const readable = new Map(new RecipeRunStore(db).recent().map((r) => [r.run.id, r.run]));
  const states = new Map<string, number>();
  for (const row of rows) {
    const run = readable.get(String(row.id));
    if (!run) problems.push(`run ${String(row.id)} no longer reads (left ${String(row.state)})`);
    else if (run.state === 'running')
      problems.push(
        `run ${run.id} was left going at step ${run.steps.findIndex((s) => s.state !== 'completed') + 1}`,
      );
    const state = run?.state ?? 'unreadable';
    states.set(state, (states.get(state) ?? 0) + 1);
  }
  if (rows.length !== options.runs) problems.push(`${rows.length} runs kept for ${options.runs} started`);
  const held = db
    .prepare(`SELECT COUNT(*) AS n FROM tasks WHERE json_extract(error, '$.code') = ?`)
    .get(NEVER_SENT_CODE) as { n: number };
  if (held.n > 0) problems.push(`${held.n} steps' rows were held as never sent`);
  const upstream = created.map((t) => stepOf(t.body)).filter((s): s is string => s !== null);
  const doubled = upstream.length - new Set(upstream).size;
  if (doubled > 0) problems.push(`${doubled} steps were created upstream more than once`);
  const taskStates = db.prepare('SELECT state, COUNT(*) AS n FROM tasks GROUP BY state').all();
  db.close();
  return {
    rows: [
      ['runs started', options.runs],
      ['lives (killed with SIGKILL at random moments, restarted)', lives],
      ['runs by end state', [...states].map(([s, n]) => `${s} ${n}`).join(', ')],
      ['tasks by end state', taskStates.map((r) => `${String(r.state)} ${String(r.n)}`).join(', ')],
      ['steps created upstream', upstream.length],
      ['steps created upstream twice', doubled],
      ['steps held as never sent', held.n],
    ],
    problems,
  };
}
