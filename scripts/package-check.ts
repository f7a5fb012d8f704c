// `npm run package:check`: the desktop app proven to boot and package without Electron's binary. Builds, boots
// the built main (test/boot/built-app.test.ts), packages the Linux unpacked app with electron-builder and a
// stand-in Electron (dist/linux-unpacked), lists what it holds, then checks and boots that package
// (test/boot/packaged-app.package.ts). `npm test` runs it with --in-npm-test: it has just built out/ and runs
// the built-app boot with the other unit suites, so only the packaging half runs here.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describePackage } from './package-contents';
import { packageDryRun } from './package-dry-run';

const root = resolve(import.meta.dirname, '..');
const inNpmTest = process.argv.includes('--in-npm-test');
const started = Date.now();
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(0)} s`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const status = spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status;
  if (status !== 0) {
    console.error(`package:check: ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}

if (!inNpmTest) run('npx', ['electron-vite', 'build']);
console.log(`package:check: electron-builder --dir (linux, x64) with a stand-in Electron… (${elapsed()})`);
let app: string;
try {
  app = packageDryRun({ root, outDir: join(root, 'dist') });
} catch (error) {
  console.error(`package:check: ${(error as Error).message}`);
  process.exit(1);
}
console.log(describePackage(app));
console.log(`package:check: packaged in ${elapsed()}; checking and booting it…`);
const suites = inNpmTest
  ? ['--project', 'package']
  : ['--project', 'package', '--project', 'unit', 'test/boot'];
run('npx', ['vitest', 'run', ...suites], { ...process.env, STUDIO_PACKAGED_APP: app });
console.log(`package:check: passed in ${elapsed()}`);
