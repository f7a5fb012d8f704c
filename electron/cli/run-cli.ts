// Runs one command line to an exit code. The composition root (electron/cli.ts) passes the real process; tests
// pass their own CliIo and read what was written.
import { CommanderError } from 'commander';
import type { CliContext, CliCore } from './cli-context';
import { resolveConfig } from './cli-config';
import type { CliConfig, GlobalOptions } from './cli-config';
import { EXIT, invalidArgument, toCliError } from './cli-errors';
import type { ExitCode, CliError } from './cli-errors';
import type { CliIo } from './cli-io';
import { CliOutput } from './cli-output';
import { buildProgram } from './program';
import { GatewayProgress } from './gateway-progress';
import { TaskFailure } from './task-runner';
import { syncCliError } from './commands/sync';
import { taskJson } from './formatting';
import { openStudio } from './compose';
import type { SyncService } from '../core/sync';
import type { PollPolicy } from '../core/tasks';
import type { OpenedStudio } from './compose';
import { requireGateway } from './cli-config';

export interface RunOptions {
  signal?: AbortSignal;
  /**
   * The engine's poll policy where it differs from the default, as the app host takes one for its demo gateway:
   * a test's budget of a second, so a task past it is seen without waiting ten minutes. The bin passes none.
   */
  polling?: Partial<PollPolicy>;
}

export async function runCli(
  argv: readonly string[],
  io: CliIo,
  options: RunOptions = {},
): Promise<ExitCode> {
  const signal = options.signal ?? new AbortController().signal;
  let config: CliConfig | null = null;
  let out = new CliOutput(io, argv.includes('--json'), () => config?.apiKey ?? undefined);
  // Holders, not lets: TypeScript cannot see the closures below assign them.
  const opened: { current: OpenedStudio | null } = { current: null };
  const syncHandle: { current: SyncService | null } = { current: null };

  const makeContext = (globals: GlobalOptions): CliContext => {
    config = resolveConfig(globals, io.env, io.cwd);
    out = new CliOutput(io, config.json, () => config?.apiKey ?? undefined);
    const resolved = config;
    const open = (): OpenedStudio => {
      if (opened.current) return opened.current;
      opened.current = openStudio(resolved, {
        log: (line) => out.log(line),
        signal,
        ...(options.polling && { polling: options.polling }),
      });
      const warn = (text: string) => (out.json ? out.log(text) : out.note(text));
      opened.current.onGatewayCall(new GatewayProgress((text) => out.note(text), warn).onCall);
      return opened.current;
    };
    return {
      config: resolved,
      io,
      out,
      signal,
      library: () => open().library,
      studio: () => open().studio,
      sync: () => (syncHandle.current ??= open().sync(io.env)),
      core: (online = true): CliCore => {
        // The gateway is checked before anything is opened: a missing base URL or key is said first.
        if (online) requireGateway(resolved);
        return open();
      },
    };
  };

  const program = buildProgram(makeContext, (root) =>
    root
      .exitOverride()
      // Commander's complaints are reported by report() below, once, in the right format for --json.
      .configureOutput({
        writeOut: (text) => io.stdout(text),
        writeErr: (text) => io.stderr(text),
        outputError: () => {},
      }),
  );

  let code: ExitCode = EXIT.ok;
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (thrown) {
    code = report(out, thrown);
  } finally {
    // One call: the root stops a sync round first, then the engine and speech, then closes the database.
    await opened.current?.close();
  }
  return code;
}

function report(out: CliOutput, thrown: unknown): ExitCode {
  if (thrown instanceof CommanderError) {
    if (thrown.exitCode === 0) return EXIT.ok; // --help, --version
    const error = invalidArgument(
      thrown.message.replace(/^error: /, ''),
      null,
      thrown.code.replace('commander.', ''),
    );
    out.error(error.body);
    return error.exitCode;
  }
  const error: CliError = syncCliError(thrown) ?? toCliError(thrown);
  if (error instanceof TaskFailure && out.json) {
    out.errorWith(error.body, { task: taskJson(error.outcome.task), items: error.outcome.items });
  } else out.error(error.body);
  return error.exitCode;
}
