// The studio an agent of the app's endpoint drives: the core in use when it connects (it changes with the library
// folder), the composition root's limits, stores and runner, and the host's one account of agent sessions, whose
// charges are then read from that core.
import type { AgentSessions } from '../core/agents';
import { lineLogger } from '../core/log';
import { actualCharge } from '../mcp/actual-charges';
import type { McpStudio } from '../mcp/studio-port';
import type { AgentsHostOptions } from './agents-host';

export async function agentsStudio(
  options: AgentsHostOptions,
  sessions: AgentSessions,
  sessionCap: () => number | null,
): Promise<McpStudio | null> {
  const { core, session, studio, secrets, log } = options;
  const book = studio.prices.book();
  if (!book || !session.gateway.configured) return null;
  const current = await core.ensure();
  const built: McpStudio = {
    engine: current.engine,
    library: current.library,
    speech: current.speech,
    gateway: session.gateway,
    prices: book,
    guard: studio.spending,
    db: studio.db,
    presets: studio.presets,
    savedRecipes: studio.recipes,
    usage: studio.usage,
    recipes: () => studio.runner,
    clock: studio.clock,
    agents: sessions,
    answers: studio.agentAnswers,
    sessionCap,
    secrets,
    logger: lineLogger(log),
  };
  sessions.chargesFrom((id, unit) => actualCharge(built, id, unit));
  return built;
}
