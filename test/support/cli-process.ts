// The real CLI entry point (electron/cli.ts through tsx) in a process of its own, for tests and soaks that need
// what runCli in-process cannot give: two processes on one database, a process killed mid-work, or the exit code
// and output of the real binary.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  process: ChildProcessWithoutNullStreams;
  /** Everything written so far, stdout then stderr. */
  output(): string;
  /** Resolves with the first match of `pattern` in stderr; rejects if the process exits first. */
  stderrMatch(pattern: RegExp): Promise<RegExpExecArray>;
  exit: Promise<CliExit>;
}

/**
 * `gateway-studio ARGS` in `cwd`, with `env` over nothing but PATH: no variable of the test runner leaks in
 * unless the caller hands it over.
 */
export function spawnCli(
  args: readonly string[],
  on: { cwd: string; env: Record<string, string | undefined> },
): CliProcess {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'electron/cli.ts'), ...args],
    { cwd: on.cwd, env: { PATH: process.env.PATH ?? '', ...on.env } },
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
  const exit = new Promise<CliExit>((done) =>
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr })),
  );
  return {
    process: child,
    output: () => stdout + stderr,
    stderrMatch: (pattern) =>
      new Promise((resolveMatch, reject) => {
        const match = pattern.exec(stderr);
        if (match) return resolveMatch(match);
        waiters.push({ pattern, resolve: resolveMatch });
        void exit.then(({ code }) => reject(new Error(`exited ${code} first:\n${stderr}`)));
      }),
    exit,
  };
}
