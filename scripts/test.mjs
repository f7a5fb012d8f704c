// The README's test command: typecheck, lint, build, the Electron security scan, then every vitest project. It closes with one plain
// summary line ("tests: N passed, N failed, N skipped") so CI reads the outcome from the last line.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1;
const steps = [
  ['npm', ['run', '--silent', 'typecheck']],
  ['npm', ['run', '--silent', 'lint']],
  ['npm', ['run', '--silent', 'build']],
  ['npm', ['run', '--silent', 'security']],
];
for (const [cmd, args] of steps) {
  const code = run(cmd, args);
  if (code !== 0) {
    console.log(`\n${args[args.length - 1]} failed (exit ${code})`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(code);
  }
}
mkdirSync('.vitest', { recursive: true });
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.vitest/results.json',
  ...process.argv.slice(2),
];
const code = run('npx', vitestArgs);
let passed = 0;
let failed = 1;
let skipped = 0;
try {
  const r = JSON.parse(readFileSync('.vitest/results.json', 'utf8'));
  passed = r.numPassedTests;
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A suite that failed to load has no failed test but a non-zero exit: count it as one failure.
  failed = code !== 0 && r.numFailedTests === 0 ? 1 : r.numFailedTests;
} catch {
  // no results file: vitest itself failed to start
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
