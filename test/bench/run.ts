// `npm run bench`: every bench module in one process, each printing its figures, ratios against a baseline
// run in the same process, and PASS/FAIL lines. Exits 1 if any target is missed. Not part of `npm test`.
// A module exports run(log) => BenchOutcome (bench-kit.ts, with the printer and percentiles every bench shares;
// the browser benches' scaffolding is browser-bench.ts); add yours to BENCHES. `npm run bench -- polling` runs
// only the benches whose name contains an argument.

import type { BenchOutcome } from './bench-kit';
type BenchModule = { run(log: (line: string) => void): Promise<BenchOutcome> };

const BENCHES: Record<string, () => Promise<BenchModule>> = {
  polling: () => import('./polling.bench'),
  pricing: () => import('./pricing.bench'),
  download: () => import('./download.bench'),
  library: () => import('./library.bench'),
  'library-grid': () => import('./library-grid.bench'),
  'renderer-load': () => import('./renderer-load.bench'),
  'tasks-page': () => import('./tasks-page.bench'),
  sync: () => import('./sync.bench'),
  idle: () => import('./idle.bench'),
  memory: () => import('./memory.bench'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const outcomes: BenchOutcome[] = [];
for (const [name, load] of Object.entries(BENCHES)) {
  if (wanted.length > 0 && !wanted.some((w) => name.includes(w))) continue;
  console.log(`\n== ${name} ==`);
  try {
    outcomes.push(await (await load()).run((line) => console.log(line)));
  } catch (error) {
    console.log(`FAIL ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    outcomes.push({ name, pass: false, lines: [] });
  }
}
console.log('\n== summary ==');
for (const o of outcomes) console.log(`${o.pass ? 'PASS' : 'FAIL'} ${o.name}`);
process.exitCode = outcomes.every((o) => o.pass) ? 0 : 1;
