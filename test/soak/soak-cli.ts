// npm run soak [-- --tasks 200 --faults 0.2 --kills 20]: the full soak, printing its table.
// npm run soak -- --sync [--kills 20]: library sync's: CLI `sync` processes killed with SIGKILL, then convergence.
import { parseArgs } from 'node:util';
import { formatSoak, runSoak } from './run-soak';
import { runSyncKills } from './sync-kills';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '200' },
    faults: { type: 'string', default: '0.2' },
    kills: { type: 'string', default: '20' },
    sync: { type: 'boolean', default: false },
  },
});
if (values.sync) {
  const sync = await runSyncKills({ kills: Number(values.kills), log: (line) => console.error(line) });
  console.log(
    `sync kills ${sync.kills} (in ${sync.lives} lives), items ${sync.items}: lost ${sync.lost}, duplicated ${sync.duplicated}, differing ${sync.differing}`,
  );
  for (const problem of sync.problems) console.log(`problem: ${problem}`);
  process.exit(sync.problems.length === 0 ? 0 : 1);
}
const report = await runSoak({
  tasks: Number(values.tasks),
  faultRate: Number(values.faults),
  kills: Number(values.kills),
  log: (line) => console.error(line),
});
console.log(formatSoak(report));
process.exit(report.problems.length === 0 ? 0 : 1);
