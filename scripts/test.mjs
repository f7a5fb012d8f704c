// The README's test command: typecheck, lint, build, the Electron security scan, the packaging dry run (package:check:
// electron-builder with a stand-in Electron, then the packaged app checked and booted), then every vitest project. It closes with one plain
// summary line ("tests: N passed, N failed, N skipped") so CI reads the outcome from the last line.
// The checks before vitest run side by side on two lanes (typecheck and lint on one, build, the test children's
// build, security and package:check on the other: each is one process on one core), and every phase prints how long it took, so a slow
// run says where its time went. A failed phase still fails the run, after the lane beside it has finished.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';

const fail = (why, code = 1) => {
  console.log(`\n${why}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(code);
};

/**
 * What `npm run build` must leave behind: the main bundle, a CommonJS preload that a sandboxed renderer can load
 * (no import/export statements, and require() of nothing but the modules a sandboxed preload gets), and the
 * renderer's page. Returns what is wrong, or null.
 */
function bundleProblem() {
  const need = ['out/main/main.js', 'out/preload/preload.cjs', 'out/renderer/index.html'];
  const missing = need.filter((f) => !existsSync(f));
  if (missing.length > 0) return `missing ${missing.join(', ')}`;
  const preload = readFileSync('out/preload/preload.cjs', 'utf8');
  if (/^\s*(import\s|export\s)/m.test(preload)) return 'the preload is not CommonJS (import/export found)';
  const sandboxed = new Set(['electron', 'events', 'timers', 'url']);
  const required = [...preload.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
  const foreign = required.filter((m) => !sandboxed.has(m));
  if (foreign.length > 0) return `the sandboxed preload requires ${foreign.join(', ')}`;
  if (!/<script[^>]+src=/.test(readFileSync('out/renderer/index.html', 'utf8')))
    return 'the renderer page loads no script';
  return null;
}

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const timings = [];

/** Runs one command with the terminal as its output; resolves with its exit code, its time printed and kept. */
function run(label, cmd, args, env = process.env) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', shell: false, env });
    const done = (code) => {
      const took = Date.now() - begun;
      timings.push([label, took]);
      console.log(
        `\n[npm test] ${label}: ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds(took)}`,
      );
      resolve(code);
    };
    child.once('error', () => done(1));
    // Killed by a signal: no exit code, still a failure.
    child.once('exit', (code) => done(code ?? 1));
  });
}

/** Runs a lane's steps one after the other, stopping at the first that fails; resolves with why and its code, or null. */
async function lane(steps) {
  for (const [label, cmd, args] of steps) {
    const code = await run(label, cmd, args);
    if (code !== 0) return { why: `${label} failed (exit ${code})`, code };
    const problem = label === 'build' ? bundleProblem() : null;
    if (problem) return { why: `build: ${problem}`, code: 1 };
  }
  return null;
}

const printTimings = () => {
  console.log('\n[npm test] phases:');
  for (const [label, ms] of timings) console.log(`  ${label.padEnd(14)} ${seconds(ms).padStart(6)}`);
  console.log(`  ${'total'.padEnd(14)} ${seconds(Date.now() - started).padStart(6)}`);
};

const failures = (
  await Promise.all([
    lane([
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ['lint', 'npm', ['run', '--silent', 'lint']],
    ]),
    lane([
      ['build', 'npm', ['run', '--silent', 'build']],
      ['children', 'npm', ['run', '--silent', 'build:children']],
      ['security', 'npm', ['run', '--silent', 'security']],
      ['package:check', 'npm', ['run', '--silent', 'package:check', '--', '--in-npm-test']],
    ]),
  ])
).filter((f) => f !== null);
if (failures.length > 0) {
  printTimings();
  fail(failures[0].why, failures[0].code);
}
mkdirSync('.vitest', { recursive: true });
// A results file left by an earlier run must not be read as this run's outcome.
rmSync('.vitest/results.json', { force: true });
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.vitest/results.json',
  ...process.argv.slice(2),
];
// The tests start the CLI, web mode and the soaks' children from the build just made, not through tsx
// (test/support/child-entry.ts): the soaks restart theirs twenty times or more.
const code = await run('vitest', 'npx', vitestArgs, {
  ...process.env,
  STUDIO_BUILT_CHILDREN: 'out/children',
});
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
printTimings();
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
