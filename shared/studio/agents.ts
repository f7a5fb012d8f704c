// What the studio shows of the AI agents that drive it over MCP: each session (which client, over which
// transport, what it asked and what its paid calls were estimated at) and whether agents may connect at all.
// Kept by the core (electron/core/agents), carried by the bridge to Settings › Agents.
import { z } from 'zod';
import { moneyUnitSchema } from './spending';

export const agentTransportSchema = z.enum(['stdio', 'http']);
export type AgentTransport = z.infer<typeof agentTransportSchema>;

export const agentOutcomeSchema = z.enum(['done', 'refused', 'failed']);
export type AgentOutcome = z.infer<typeof agentOutcomeSchema>;

/** One tool call, as the person reads it afterwards. */
export const agentActivitySchema = z.object({
  at: z.number(),
  tool: z.string(),
  outcome: agentOutcomeSchema,
  /** One sentence: what was done, or why not. */
  summary: z.string(),
  /** The tasks the call wrote or answered with (local ids). */
  taskIds: z.array(z.string()),
});
export type AgentActivity = z.infer<typeof agentActivitySchema>;

export const agentSessionViewSchema = z.object({
  id: z.string(),
  /** What the client called itself at initialize ("Claude Desktop", "cursor-vscode"); bounded and unchecked. */
  client: z.string(),
  clientVersion: z.string(),
  transport: agentTransportSchema,
  connectedAt: z.number(),
  /** Null while connected. */
  endedAt: z.number().nullable(),
  unit: moneyUnitSchema,
  /** What this session's paid calls cost: the gateway's charge once known, the guard's estimate until then. */
  spent: z.number(),
  /** Tasks it wrote with neither a charge nor an estimate yet. */
  unpriced: z.number(),
  /** What this session may spend at most; null for no cap. */
  cap: z.number().nullable(),
  /** The latest calls first, at most AGENT_ACTIVITY_KEPT. */
  activity: z.array(agentActivitySchema),
});
export type AgentSessionView = z.infer<typeof agentSessionViewSchema>;

/** The calls kept per session: enough to see what an agent did, bounded against one that loops. */
export const AGENT_ACTIVITY_KEPT = 100;

/** The sessions kept after they end, newest first: the panel shows what recent agents did. */
export const AGENT_SESSIONS_KEPT = 20;
