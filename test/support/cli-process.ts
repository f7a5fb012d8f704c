// The real CLI entry point (electron/cli.ts, built or through tsx: child-entry.ts) in a process of its own, for tests and soaks that need
// what runCli in-process cannot give: two processes on one database, a process killed mid-work, or the exit code
// and output of the real binary.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { childArgs } from './child-entry';

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
  /** The same over everything written, stdout then stderr. */
  outputMatch(pattern: RegExp): Promise<RegExpExecArray>;
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
  const child = spawn(process.execPath, [...childArgs('electron/cli.ts'), ...args], {
    cwd: on.cwd,
    env: { PATH: process.env.PATH ?? '', ...on.env },
  });
  let stdout = '';
  let stderr = '';
  const output = () => stdout + stderr;
  type Waiter = { text: () => string; pattern: RegExp; resolve: (m: RegExpExecArray) => void };
  const waiters: Waiter[] = [];
  // Each write is when what a test waits for may have come: every waiter is asked again then, no timer.
  const written = () => {
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(waiter.text());
      if (!match) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(match);
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    written();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    written();
  });
  const exit = new Promise<CliExit>((done) =>
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr })),
  );
  const matchIn = (text: () => string, pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const match = pattern.exec(text());
      if (match) return resolve(match);
      waiters.push({ text, pattern, resolve });
      void exit.then(({ code }) => reject(new Error(`exited ${code} before ${pattern}:\n${output()}`)));
    });
  return {
    process: child,
    output,
    stderrMatch: (pattern) => matchIn(() => stderr, pattern),
    outputMatch: (pattern) => matchIn(output, pattern),
    exit,
  };
}
