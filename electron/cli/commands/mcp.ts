// `gateway-studio mcp`: the studio's MCP server over stdio, for an agent (Claude Desktop, Cursor, VS Code) that
// starts it as a child process. It drives the same core the other commands open (ctx.core(): client, engine,
// library, price book) with the spending limits kept in its database, so an agent is held to the app's budgets
// and confirmation threshold. stdout carries JSON-RPC alone: every other line (the core's log) goes to stderr,
// key scrubbed, as for every command.
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { AgentSessions, agentsAllowed, voidAgentToken, writeSessionRecord } from '../../core/agents';
import { describeThrown, lineLogger } from '../../core/log';
import { actualCharge } from '../../mcp/actual-charges';
import { serveStdio } from '../../mcp/stdio';
import { MCP_TOOLSET_VERSION } from '../../mcp/studio-server';
import type { McpStudio } from '../../mcp/studio-port';
import type { CliContext, CliCore } from '../cli-context';
import { invalidArgument } from '../cli-errors';

/** What one agent session may spend unless --session-cap says otherwise, in the spending limits' unit. */
export const DEFAULT_SESSION_CAP = { usd: 5, credits: 500 } as const;

export interface McpArgs {
  /** A number in the limits' unit, or "none". */
  sessionCap?: string;
  /** Void the app's endpoint token instead of serving. */
  rotateToken?: boolean;
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
 * The studio an agent drives, over the core the CLI opened: the root's spending limits, its recipe runner (the
 * one `recipe run` uses), and the key as the one secret no result may carry. The root ends them with the core.
 */
export function studioOverCore(
  core: CliCore,
  options: {
    apiKey: string | null;
    sessionCap?: string;
    log: (line: string) => void;
    /**
     * The data folder: this process's sessions are written there for the app to show, and the app's switch
     * there (agents.json) is asked at every call.
     */
    dataDir?: string;
  },
): McpStudio {
  const { spending: guard, runner, db, presets, recipes: savedRecipes, usage, agentAnswers } = core.studio;
  const cap = capOf(options.sessionCap, DEFAULT_SESSION_CAP[guard.limits().unit]);
  const logger = lineLogger(options.log);
  const { dataDir } = options;
  const studio: McpStudio = {
    engine: core.engine,
    library: core.library,
    speech: core.speech,
    gateway: core.gateway,
    prices: core.prices,
    guard,
    db,
    presets,
    savedRecipes,
    usage,
    recipes: () => runner,
    clock: core.clock,
    agents: new AgentSessions({
      clock: core.clock,
      logger,
      ...(dataDir !== undefined && {
        enabled: () => agentsAllowed(dataDir),
        onChange: (sessions) => {
          try {
            writeSessionRecord(dataDir, process.pid, sessions, core.clock.now());
          } catch (thrown) {
            // The app shows one agent fewer; the agent's call goes on.
            logger.warn(`the agents' record could not be written: ${describeThrown(thrown)}`);
          }
        },
      }),
    }),
    answers: agentAnswers,
    sessionCap: () => cap,
    secrets: () => (options.apiKey ? [options.apiKey] : []),
    logger,
  };
  studio.agents.chargesFrom((id, unit) => actualCharge(studio, id, unit));
  return studio;
}

export async function mcpCommand(ctx: CliContext, args: McpArgs): Promise<void> {
  if (args.rotateToken) {
    voidAgentToken(dirname(ctx.config.databasePath), Date.now());
    ctx.out.result(
      { rotated: true },
      () =>
        "The app's agents endpoint token is void: the app makes a new one (shown in Settings › Agents), and no agent holding the old one gets another answer.",
    );
    return;
  }
  const stdin = ctx.io.stdin;
  if (!stdin) throw invalidArgument('mcp needs a standard input to read from.', null);
  const core = ctx.core();
  const studio = studioOverCore(core, {
    apiKey: ctx.config.apiKey,
    ...(args.sessionCap !== undefined && { sessionCap: args.sessionCap }),
    log: (line) => ctx.out.log(line),
    dataDir: dirname(ctx.config.databasePath),
  });
  await core.engine.start();
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      ctx.io.stdout(chunk.toString());
      done();
    },
  });
  await serveStdio(studio, MCP_TOOLSET_VERSION, { stdin, stdout }, ctx.signal);
}
