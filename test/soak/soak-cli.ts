// npm run soak [-- --tasks 200 --faults 0.2 --kills 20]: the full soak, printing its table.
import { parseArgs } from 'node:util';
import { formatSoak, runSoak } from './run-soak';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '200' },
    faults: { type: 'string', default: '0.2' },
    kills: { type: 'string', default: '20' },
  },
});
const report = await runSoak({
  tasks: Number(values.tasks),
  faultRate: Number(values.faults),
  kills: Number(values.kills),
  log: (line) => console.error(line),
});
console.log(formatSoak(report));
process.exit(report.problems.length === 0 ? 0 : 1);
