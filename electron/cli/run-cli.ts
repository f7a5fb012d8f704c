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
import { openCore, openLibrary, openSync } from './compose';
import type { SyncService } from '../core/sync';
import type { OpenedCore, OpenedLibrary } from './compose';

export interface RunOptions {
  signal?: AbortSignal;
}

export async function runCli(
  argv: readonly string[],
  io: CliIo,
  options: RunOptions = {},
): Promise<ExitCode> {
  const signal = options.signal ?? new AbortController().signal;
  let config: CliConfig | null = null;
  let out = new CliOutput(io, argv.includes('--json'), () => config?.apiKey ?? undefined);
  let libraryHandle: OpenedLibrary | null = null;
  let coreHandle: OpenedCore | null = null;
  // A holder, not a let: TypeScript cannot see the closure below assign it.
  const syncHandle: { current: SyncService | null } = { current: null };

  const makeContext = (globals: GlobalOptions): CliContext => {
    config = resolveConfig(globals, io.env, io.cwd);
    out = new CliOutput(io, config.json, () => config?.apiKey ?? undefined);
    const resolved = config;
    return {
      config: resolved,
      io,
      out,
      signal,
      library: () => (libraryHandle ??= coreHandle ?? openLibrary(resolved, (line) => out.log(line))).library,
      database: () => (libraryHandle ??= coreHandle ?? openLibrary(resolved, (line) => out.log(line))).db,
      sync: () => {
        const opened = (libraryHandle ??= coreHandle ?? openLibrary(resolved, (line) => out.log(line)));
        syncHandle.current ??= openSync(resolved, io.env, opened, (line) => out.log(line));
        return syncHandle.current;
      },
      core: (online = true): CliCore => {
        if (!coreHandle) {
          coreHandle = openCore(resolved, libraryHandle?.db ?? null, online, (line) => out.log(line));
          const warn = (text: string) => (out.json ? out.log(text) : out.note(text));
          coreHandle.onGatewayCall(new GatewayProgress((text) => out.note(text), warn).onCall);
          libraryHandle = coreHandle;
        }
        return coreHandle;
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
    await syncHandle.current?.close();
    await closeAll(coreHandle, libraryHandle);
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

async function closeAll(core: OpenedCore | null, library: OpenedLibrary | null): Promise<void> {
  if (core) await core.close();
  else if (library) library.close();
}
