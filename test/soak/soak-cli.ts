// npm run soak [-- --tasks 200 --faults 0.2 --kills 20]: the full soak, printing its table.
// npm run soak -- --sync [--kills 20 --fuzz 5000]: library sync's: CLI `sync` processes killed with SIGKILL, then
// convergence, every third life on a remote someone damaged; then the remote fuzz at a larger size.
// npm run soak -- --queue [--tasks 100 --faults 0.2 --kills N]: the queue's: items sent in order through a kill at
// a random moment of every simulated minute, a request budget of 3 a second, at least 20 lives (at most N kills
// with --kills; until the queue is done without).
// npm run soak -- --recipes [--tasks 20 --faults 0.2]: the recipe runner's: runs of a saved two-step recipe through
// kills at random moments, at least 20 lives (--tasks is the number of runs).
// npm run soak -- --budget-race [--rounds 20 --faults 0.2]: three CLI processes and the app's core on one budget.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fuzzRemote } from '../core/sync/remote-fuzz';
import { runSoak } from './run-soak';
import { formatSoakTable } from './soak-report';
import { runSyncKills } from './sync-kills';
import { runBudgetRace } from './budget-race';
import { runQueueSoak } from './queue-soak';
import { runRecipeSoak } from './recipe-soak';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '200' },
    faults: { type: 'string', default: '0.2' },
    // No default here: the queue soak kills every minute until done unless told a number.
    kills: { type: 'string' },
    sync: { type: 'boolean', default: false },
    'budget-race': { type: 'boolean', default: false },
    queue: { type: 'boolean', default: false },
    recipes: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '20' },
    fuzz: { type: 'string', default: '5000' },
  },
});
if (values.queue) {
  const queue = await runQueueSoak({
    items: Number(values.tasks === '200' ? '100' : values.tasks),
    faultRate: Number(values.faults),
    parallel: 8,
    randomKills: true,
    requestsPerSecond: 3,
    minLives: 20,
    ...(values.kills === undefined ? {} : { kills: Number(values.kills) }),
    log: (line) => console.error(line),
  });
  console.log(formatSoakTable(queue));
  process.exit(queue.problems.length === 0 ? 0 : 1);
}
if (values.recipes) {
  const recipes = await runRecipeSoak({
    runs: Number(values.tasks === '200' ? '20' : values.tasks),
    faultRate: Number(values.faults),
    minLives: 20,
    log: (line) => console.error(line),
  });
  console.log(formatSoakTable(recipes));
  process.exit(recipes.problems.length === 0 ? 0 : 1);
}
if (values['budget-race']) {
  const race = await runBudgetRace({
    rounds: Number(values.rounds),
    faultRate: Number(values.faults),
    log: (line) => console.error(line),
  });
  console.log(formatSoakTable(race));
  process.exit(race.problems.length === 0 ? 0 : 1);
}
if (values.sync) {
  const sync = await runSyncKills({
    kills: Number(values.kills ?? '20'),
    damage: true,
    log: (line) => console.error(line),
  });
  console.log(
    `sync kills ${sync.kills} (in ${sync.lives} lives, ${sync.damaged} on a damaged remote), items ${sync.items}: lost ${sync.lost}, duplicated ${sync.duplicated}, differing ${sync.differing}`,
  );
  for (const problem of sync.problems) console.log(`problem: ${problem}`);
  const fuzzProblems: string[] = [];
  for (const encrypted of [false, true]) {
    const root = await mkdtemp(join(tmpdir(), 'sync-fuzz-'));
    try {
      const fuzz = await fuzzRemote({
        seed: encrypted ? 1031 : 31,
        cases: Number(values.fuzz),
        root,
        encrypted,
      });
      console.log(
        `sync fuzz (${encrypted ? 'encrypted' : 'plain'}): ${fuzz.cases} cases in ${fuzz.rounds} rounds, ${fuzz.reported} problems reported, ${fuzz.escaped.length} escaped, ${fuzz.outside.length} written outside`,
      );
      fuzzProblems.push(
        ...fuzz.escaped,
        ...fuzz.outside.map((path) => `written outside the library: ${path}`),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  for (const problem of fuzzProblems) console.log(`problem: ${problem}`);
  process.exit(sync.problems.length + fuzzProblems.length === 0 ? 0 : 1);
}
const report = await runSoak({
  tasks: Number(values.tasks),
  faultRate: Number(values.faults),
  kills: Number(values.kills ?? '20'),
  log: (line) => console.error(line),
});
console.log(formatSoakTable(report));
process.exit(report.problems.length === 0 ? 0 : 1);
