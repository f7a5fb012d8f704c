// Two CLI processes on one database (STUDIO_DATA_DIR shared, as docs/cli.md suggests for sharing the desktop
// app's task list). The waiting `generate` is the real entry point in a child process; the other process
// settles the same task first. The simulator runs on a manual clock, so "the task finished" is a clock step.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, SIM_KEYS, startSimulator } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import { cli, tempDir, cliEnv } from './cli-harness';

const ROOT = resolve(import.meta.dirname, '../..');
let sim: RunningSimulator;
let clock: ManualClock;
let dir: string;
let cleanup: () => Promise<void>;
let env: Record<string, string>;

beforeAll(async () => {
  clock = new ManualClock(Date.now());
  sim = await startSimulator({ clock });
  ({ dir, cleanup } = await tempDir());
  env = cliEnv(dir, sim.url, SIM_KEYS.default, { dataDir: true });
});
afterAll(async () => {
  await sim.close();
  await cleanup();
});

interface Child {
  /** Resolves with the first stderr match of `pattern`. */
  stderrMatch(pattern: RegExp): Promise<RegExpExecArray>;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function spawnCli(args: string[]): Child {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'electron/cli.ts'), ...args],
    { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env } },
  );
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(stderr);
      if (!match) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(match);
    }
  });
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => done({ code, stdout, stderr })),
  );
  return {
    stderrMatch: (pattern) =>
      new Promise((resolveMatch, reject) => {
        waiters.push({ pattern, resolve: resolveMatch });
        void exit.then(({ code }) => reject(new Error(`exited ${code} first:\n${stderr}`)));
      }),
    exit,
  };
}

describe('two processes on one database', () => {
  it('[EP-TASK-1] a waiting generate notices the task another process settled and prints its result', async () => {
    const waiting = spawnCli(['generate', 'image_model_id_i3', '--prompt', 'a shared lighthouse']);
    const submitted = await waiting.stderrMatch(/task (\S+): submitted/);
    const remoteId = submitted[1] ?? '';

    // The other process asks first, finds it completed and files its picture.
    await clock.advance(5 * 60_000);
    const other = await cli(['--json', 'task', remoteId], env, dir);
    expect(other.code, other.stdout + other.stderr).toBe(0);
    const doc = other.json() as { task: { status: string }; items: { path: string }[] };
    expect(doc.task.status).toBe('completed');
    expect(doc.items).toHaveLength(1);

    const result = await waiting.exit;
    expect(result.code, result.stderr).toBe(0);
    const path = doc.items[0]?.path ?? '';
    expect(existsSync(path)).toBe(true);
    expect(result.stdout).toContain(path);
    expect(result.stdout).toContain('completed');
  }, 30_000);
});
