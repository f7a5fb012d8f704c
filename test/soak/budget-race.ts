// The budget race: three CLI processes and the app's core (composed as the host composes it, in this process)
// share one database and one daily budget, each pressing Generate at about the same instant, against the
// simulator with a share of faults on every request. Round after round, on a fresh database with room for only
// a few tasks, the simulator's own record says what was created and charged: never more than the budget, and
// no press ever created twice. What holds it: the spending check and the task row are one BEGIN IMMEDIATE
// transaction on the shared file (electron/core/tasks/submission.ts), and a task counts from its row.
import { coreStores } from '../support/core-stores';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeCore } from '../../electron/core/compose-core';
import { silentLogger } from '../../electron/core/log';
import { PriceBook } from '../../electron/core/pricing';
import { SpendingGuard } from '../../electron/core/spending';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { GatewayClient } from '../../electron/core/gateway/gateway-client';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import type { FaultKind } from '../../electron/simulator';
import { spawnCli } from '../support/cli-process';
import type { SoakTable } from './soak-report';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MODEL = 'image_model_id_i3';
const PARAMS = { size: '16:9', resolution: '1K' } as const;
/** What the simulator charges for one such image ([EP-IMAGE-3]); the price book is taught it before a round. */
const PRICE = 0.02;

export interface BudgetRaceOptions {
  rounds: number;
  /** Share of every gateway request that meets an injected fault. */
  faultRate: number;
  /** Tasks the budget has room for in each round. */
  room?: number;
  /** Presses of the app's core in each round (each CLI process presses once). Default 2. */
  appPresses?: number;
  /** The faults drawn from; the default is every kind the soak uses but garble. */
  kinds?: FaultKind[];
  log?: (line: string) => void;
}

export type BudgetRaceReport = SoakTable;

interface CliOutcome {
  code: number | null;
  stderr: string;
}

/** One `generate --no-wait` in a process of its own; `submitting` is told when it says it is submitting. */
function generate(env: Record<string, string>, prompt: string, submitting: () => void): Promise<CliOutcome> {
  const args = ['generate', MODEL, '--prompt', prompt, '--no-wait'];
  for (const [field, value] of Object.entries(PARAMS)) args.push('--set', `${field}=${value}`);
  const child = spawnCli(args, { cwd: ROOT, env: { ...process.env, ...env } });
  // Printed just before the spending check and the row: the moment this process is at its submission.
  child.stderrMatch(/submitting /).then(submitting, () => undefined);
  return child.exit.then(({ code, stderr }) => ({ code, stderr }));
}

/** One round on a fresh data folder: returns what the simulator created for it, and the app's own count. */
async function runRound(
  round: number,
  sim: Awaited<ReturnType<typeof startSimulator>>,
  options: BudgetRaceOptions,
): Promise<{
  charged: number;
  created: number;
  byCli: number;
  duplicates: number;
  ledger: number;
  refused: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'budget-race-'));
  const room = options.room ?? 2;
  const budget = Number((room * PRICE + PRICE / 2).toFixed(4));
  const tag = `race-${String(round).padStart(3, '0')}`;
  try {
    const db = openStudioDatabase(join(dir, 'studio.db'));
    const book = new PriceBook({ db, gateway: sim.url });
    // The price is known before the race, so what is tested is the race and not an estimate's error.
    for (let i = 0; i < 3; i++) {
      book.observe({
        family: 'image.i3',
        model: MODEL,
        params: PARAMS,
        cost: PRICE,
        creditsCost: null,
        actualTime: 5,
        taskId: `taught-${i}`,
      });
    }
    const guard = new SpendingGuard({ db, prices: () => book });
    guard.setLimits({ unit: 'usd', confirmAbove: null, daily: budget, monthly: null, timeZone: 'UTC' });
    const gateway = new GatewayClient({ baseUrl: sim.url, apiKey: SIM_KEYS.default, timeoutMs: 3_000 });
    const core = composeCore({
      db,
      ...coreStores(db),
      gateway,
      libraryDir: join(dir, 'library'),
      logger: silentLogger,
      gatewayKey: () => sim.url,
      history: book,
      guard,
    });
    await core.engine.start();
    const env = {
      GATEWAY_BASE_URL: sim.url,
      GATEWAY_API_KEY: SIM_KEYS.default,
      STUDIO_LIBRARY_DIR: join(dir, 'library'),
      STUDIO_DATA_DIR: dir,
      HOME: dir,
    };
    // The app presses the moment the first CLI says it is submitting, so the four meet at the budget check
    // instead of the app going before the CLIs have even started (a CLI takes seconds to start here).
    let atSubmission: () => void = () => undefined;
    const cliSubmitting = new Promise<void>((resolve) => (atSubmission = resolve));
    const clis = [0, 1, 2].map((i) => generate(env, `${tag} cli-${i} a kite over the sea`, atSubmission));
    const presses = Array.from({ length: options.appPresses ?? 2 }, async (_, i) => {
      await Promise.race([cliSubmitting, Promise.all(clis)]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
      return core.engine
        .submit({ family: 'image.i3', model: MODEL, params: { prompt: `${tag} app-${i} a kite`, ...PARAMS } })
        .then(
          () => 'sent',
          () => 'refused',
        );
    });
    const cliOutcomes = await Promise.all(clis);
    if (process.env.RACE_DEBUG)
      for (const o of cliOutcomes) options.log?.(`cli ${o.code}: ${o.stderr.slice(0, 300)}`);
    const appOutcomes = await Promise.all(presses);
    const ledger = guard.summary().day.spent;
    core.speech.close();
    await core.engine.close();
    db.close();
    // What the gateway made for this round, by prompt: each press at most once, all charges within the budget.
    const made = sim.createdTasks().filter((t) => String(t.body.prompt ?? '').startsWith(tag));
    const prompts = made.map((t) => String(t.body.prompt));
    const duplicates = prompts.length - new Set(prompts).size;
    const charged = made.filter((t) => t.charged).length * PRICE;
    const refused =
      cliOutcomes.filter((o) => /Not sent: your daily budget/.test(o.stderr)).length +
      appOutcomes.filter((o) => o === 'refused').length;
    options.log?.(
      `round ${round}: created ${made.length}, charged ${charged.toFixed(4)} of ${budget.toFixed(4)} USD, refused ${refused}, ledger ${ledger.toFixed(4)}`,
    );
    const byCli = prompts.filter((p) => p.includes(' cli-')).length;
    return { charged: Math.round(charged / PRICE), created: made.length, byCli, duplicates, ledger, refused };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runBudgetRace(options: BudgetRaceOptions): Promise<BudgetRaceReport> {
  const room = options.room ?? 2;
  const sim = await startSimulator({
    timeScale: 0.02,
    seed: 11,
    faults: { rate: options.faultRate, kinds: options.kinds ?? ['429', '500', '502', 'hang', 'reset'] },
  });
  const problems: string[] = [];
  let created = 0;
  let byCli = 0;
  let charged = 0;
  let duplicates = 0;
  let refused = 0;
  let fullRounds = 0;
  try {
    for (let round = 1; round <= options.rounds; round++) {
      const result = await runRound(round, sim, options);
      created += result.created;
      byCli += result.byCli;
      charged += result.charged;
      duplicates += result.duplicates;
      refused += result.refused;
      if (result.charged >= room) fullRounds++;
      if (result.charged > room)
        problems.push(`round ${round}: ${result.charged} tasks charged, room for ${room}`);
      if (result.duplicates > 0) problems.push(`round ${round}: ${result.duplicates} presses created twice`);
      if (result.ledger > room * PRICE + PRICE / 2 + 1e-9) {
        problems.push(`round ${round}: the app counted ${result.ledger.toFixed(4)} USD, over its budget`);
      }
    }
  } finally {
    await sim.close();
  }
  const injected = Object.values(sim.faults.injected).reduce((a, b) => a + b, 0);
  return {
    rows: [
      ['rounds (3 CLI processes + the app, one budget)', options.rounds],
      ['room per round (tasks)', room],
      ['faults injected', injected],
      ['tasks created upstream (by the CLIs / by the app)', `${created} (${byCli} / ${created - byCli})`],
      ['tasks charged', charged],
      ['rounds that filled the budget', fullRounds],
      ['presses refused by the budget', refused],
      ['rounds over budget', problems.filter((p) => /charged|counted/.test(p)).length],
      ['presses created twice', duplicates],
    ],
    problems,
  };
}
