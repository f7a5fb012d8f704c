// `gateway-studio mcp`: the studio's MCP server over stdio, for an agent (Claude Desktop, Cursor, VS Code) that
// starts it as a child process. It drives the same core the other commands open (ctx.core(): client, engine,
// library, price book) with the spending limits kept in its database, so an agent is held to the app's budgets
// and confirmation threshold. stdout carries JSON-RPC alone: every other line (the core's log) goes to stderr,
// key scrubbed, as for every command.
import { Writable } from 'node:stream';
import { AgentSessions } from '../../core/agents';
import { RecipeRunner } from '../../core/recipes';
import { ReferenceStore } from '../../core/references';
import { SpendingGuard } from '../../core/spending';
import { lineLogger } from '../../core/log';
import { serveStdio } from '../../mcp/stdio';
import { MCP_TOOLSET_VERSION } from '../../mcp/studio-server';
import type { McpStudio } from '../../mcp/studio-port';
import type { CliContext, CliCore } from '../cli-context';
import type { DatabaseSync } from '../../core/db';
import { invalidArgument } from '../cli-errors';

/** What one agent session may spend unless --session-cap says otherwise, in the spending limits' unit. */
export const DEFAULT_SESSION_CAP = { usd: 5, credits: 500 } as const;

export interface McpArgs {
  /** A number in the limits' unit, or "none". */
  sessionCap?: string;
}

function capOf(given: string | undefined, fallback: number): number | null {
  if (given === undefined) return fallback;
  if (given === 'none') return null;
  const n = Number(given);
  if (given.trim() === '' || !Number.isFinite(n) || n < 0) {
    throw invalidArgument('--session-cap takes an amount of 0 or more, or "none".', 'session-cap');
  }
  return n;
}

/**
 * The studio an agent drives, over the core the CLI opened: the spending limits of its database, the recipe
 * runner the `recipe run` command builds, and the key as the one secret no result may carry.
 */
export function studioOverCore(
  core: CliCore,
  db: DatabaseSync,
  options: { apiKey: string | null; sessionCap?: string; log: (line: string) => void },
): { studio: McpStudio; close: () => void } {
  const guard = new SpendingGuard({ db, clock: core.clock, prices: () => core.prices });
  const cap = capOf(options.sessionCap, DEFAULT_SESSION_CAP[guard.limits().unit]);
  const references = ReferenceStore.forDatabase(db);
  const logger = lineLogger(options.log);
  const held: { runner: RecipeRunner | null } = { runner: null };
  const studio: McpStudio = {
    engine: core.engine,
    library: core.library,
    speech: core.speech,
    gateway: core.gateway,
    prices: core.prices,
    guard,
    db,
    recipes: () =>
      (held.runner ??= new RecipeRunner({
        engine: async () => core.engine,
        admitAll: (requests, admit) => guard.admitAll(requests, admit),
        itemsOf: async (taskId) => core.library.forTask(taskId),
        asReference: async (item) => (await references.addFile(item.path, { link: true })).uri,
        clock: core.clock,
      })),
    clock: core.clock,
    agents: new AgentSessions({ clock: core.clock, logger }),
    sessionCap: () => cap,
    secrets: () => (options.apiKey ? [options.apiKey] : []),
    logger,
  };
  return { studio, close: () => held.runner?.close() };
}

export async function mcpCommand(ctx: CliContext, args: McpArgs): Promise<void> {
  const stdin = ctx.io.stdin;
  if (!stdin) throw invalidArgument('mcp needs a standard input to read from.', null);
  const core = ctx.core();
  const { studio, close } = studioOverCore(core, ctx.database(), {
    apiKey: ctx.config.apiKey,
    ...(args.sessionCap !== undefined && { sessionCap: args.sessionCap }),
    log: (line) => ctx.out.log(line),
  });
  await core.engine.start();
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      ctx.io.stdout(chunk.toString());
      done();
    },
  });
  try {
    await serveStdio(studio, MCP_TOOLSET_VERSION, { stdin, stdout }, ctx.signal);
  } finally {
    close();
  }
}
