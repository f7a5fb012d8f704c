// The README's test command: typecheck, lint, build, the Electron security scan, the packaging dry run (package:check:
// electron-builder with a stand-in Electron, then the packaged app checked and booted), then every vitest project. It closes with one plain
// summary line ("tests: N passed, N failed, N skipped") so CI reads the outcome from the last line.
import { spawnSync } from 'node:child_process';
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

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1;
const steps = [
  ['npm', ['run', '--silent', 'typecheck']],
  ['npm', ['run', '--silent', 'lint']],
  ['npm', ['run', '--silent', 'build']],
  ['npm', ['run', '--silent', 'security']],
];
for (const [cmd, args] of steps) {
  const code = run(cmd, args);
  if (code !== 0) fail(`${args[args.length - 1]} failed (exit ${code})`, code);
}
const problem = bundleProblem();
if (problem) fail(`build: ${problem}`);
const packaged = run('npm', ['run', '--silent', 'package:check', '--', '--in-npm-test']);
if (packaged !== 0) fail(`package:check failed (exit ${packaged})`, packaged);
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
