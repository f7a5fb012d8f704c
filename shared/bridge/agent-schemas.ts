// Settings › Agents over the bridge: whether agents may act, the app's loopback MCP endpoint (off unless turned
// on; its address and token to paste into a client), the cap on one agent session's spending, and the agent
// sessions the app has seen with what each did and spent (shared/studio/agents.ts).
import { z } from 'zod';
import { agentSessionViewSchema } from '../studio/agents';

export const agentsSettingsSchema = z.strictObject({
  /** The switch: off, every agent's next call is refused and no new session is taken. */
  enabled: z.boolean(),
  /** The loopback Streamable HTTP endpoint; off by default. */
  endpoint: z.boolean(),
  /** Its port on 127.0.0.1; 0 lets the system choose one at each start. */
  port: z.number().int().min(0).max(65535),
  /** What one agent session may spend at most, in the spending limits' unit; null for no cap. */
  sessionCap: z.number().min(0).max(1_000_000).nullable(),
});
export type AgentsSettings = z.infer<typeof agentsSettingsSchema>;

export const DEFAULT_AGENTS_SETTINGS: AgentsSettings = {
  enabled: true,
  endpoint: false,
  port: 0,
  sessionCap: 5,
};

export const agentsPatchSchema = agentsSettingsSchema.partial().strict();
export type AgentsPatch = z.infer<typeof agentsPatchSchema>;

export const agentsViewSchema = z.object({
  settings: agentsSettingsSchema,
  endpoint: z.object({
    /** http://127.0.0.1:<port>/mcp while it listens; null when off. */
    url: z.string().nullable(),
    /** The bearer token a client sends; null when off. */
    token: z.string().nullable(),
    /** Why it could not listen (a port in use); null otherwise. */
    error: z.string().nullable(),
  }),
  sessions: z.array(agentSessionViewSchema).max(100),
});
export type AgentsView = z.infer<typeof agentsViewSchema>;
