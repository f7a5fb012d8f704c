// Boots an app layout: the project's Node 24 runs the built main bundle itself, with `electron` resolved to the
// fake by test/boot/harness/register.ts, in an empty working folder (so nothing is found by accident in the
// checkout). Resolves once the process has ended by itself, or fails it after a while and says so.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppLayout } from './app-layout';
import type { BootReport, BootScenario, SafeStorageMode } from './harness/boot-scenario';

export const ROOT = resolve(import.meta.dirname, '..', '..');
/** The project's own Node (the `node` devDependency), the version inside Electron 45. */
export const PROJECT_NODE = join(ROOT, 'node_modules', '.bin', 'node');
const REGISTER = join(ROOT, 'test', 'boot', 'harness', 'register.ts');
/** A booted app that has not ended this long after starting is reported as hanging. */
const EXIT_TIMEOUT_MS = 60_000;

export interface BootOptions {
  safeStorage?: SafeStorageMode;
  demo?: boolean;
  setKey?: string;
  /** Reuse a user-data folder (a second run of the same installation). */
  userData?: string;
  /** Drive the desktop-only paths (boot-scenario.ts), with these folders as the picker's answer and the OS trash. */
  desktop?: { exportFolder: string; trashFolder: string };
}

export interface BootRun {
  layout: AppLayout;
  scenario: BootScenario;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Still running EXIT_TIMEOUT_MS after start: something kept the process alive. */
  hung: boolean;
  stdout: string;
  stderr: string;
  report: BootReport | null;
}

export function bootApp(layout: AppLayout, scratch: string, options: BootOptions = {}): Promise<BootRun> {
  const run = mkdtempSync(join(scratch, 'boot-'));
  const cwd = join(run, 'cwd');
  mkdirSync(cwd);
  const scenario: BootScenario = {
    mainFile: layout.mainFile,
    appPath: layout.appPath,
    resourcesPath: layout.resourcesPath,
    isPackaged: layout.isPackaged,
    userData: options.userData ?? join(run, 'userData'),
    reportFile: join(run, 'report.json'),
    safeStorage: options.safeStorage ?? 'keyring',
    demo: options.demo ?? true,
    ...(options.setKey !== undefined && { setKey: options.setKey }),
    ...(options.desktop && { desktop: options.desktop }),
  };
  const env: NodeJS.ProcessEnv = { ...process.env, BOOT_SCENARIO: JSON.stringify(scenario) };
  // Neither may point the app at files the package itself has to carry.
  delete env['GATEWAY_SIM_FIXTURES'];
  delete env['ELECTRON_RENDERER_URL'];
  delete env['NODE_OPTIONS'];
  return new Promise((done, fail) => {
    const child = spawn(PROJECT_NODE, [...layout.nodeFlags, '--import', REGISTER, layout.mainFile], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let hung = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(
      () => {
        hung = true;
        child.kill('SIGKILL');
        // A demo picture's task runs in the desktop boot: it gets longer.
      },
      EXIT_TIMEOUT_MS * (options.desktop ? 2 : 1),
    );
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const report = existsSync(scenario.reportFile)
        ? (JSON.parse(readFileSync(scenario.reportFile, 'utf8')) as BootReport)
        : null;
      done({ layout, scenario, code, signal, hung, stdout, stderr, report });
    });
  });
}
