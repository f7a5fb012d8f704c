// One MCP server for one agent session: the studio's tools and resources over its core, the session opened in
// core/agents when the server is built and named when the client introduces itself, ended when it closes.
// The person is asked through the client (elicitation) when the client says it can ask; otherwise the paid call
// is refused with its sentence (paid-call.ts).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AgentTransport } from '../../shared/studio/agents';
import { installResources } from './resources';
import type { McpStudio } from './studio-port';
import { accountTools } from './tools-account';
import { libraryTools } from './tools-library';
import { modelTools } from './tools-models';
import { runTools } from './tools-runs';
import { taskTools } from './tools-tasks';
import { generateSpeech } from './tools-speech';
import { installTools } from './tool-registry';
import type { Approval, StudioTool } from './tool-registry';

export const STUDIO_TOOLS: readonly StudioTool[] = [
  ...modelTools,
  ...taskTools,
  generateSpeech,
  ...libraryTools,
  ...runTools,
  ...accountTools,
];

/** The version of this set of tools, told to clients at initialize: raised when a tool's name or input changes. */
export const MCP_TOOLSET_VERSION = '1.0.0';

/** How long the person has to answer a question before the call is refused as not approved. */
const ASK_TIMEOUT_MS = 5 * 60_000;

export interface StudioServer {
  server: McpServer;
  session: string;
}

export function createStudioServer(
  studio: McpStudio,
  transport: AgentTransport,
  version: string,
): StudioServer {
  const server = new McpServer(
    { name: 'gateway-studio', title: 'Gateway Studio', version },
    {
      instructions:
        "Gateway Studio sends paid generation requests under the person's spending limits. Read list_models and " +
        'estimate before paying; give every paid call an idempotency_key and send the same key when you retry it.',
    },
  );
  const session = studio.agents.open({
    client: 'connecting',
    clientVersion: '',
    transport,
    unit: studio.guard.limits().unit,
    cap: studio.sessionCap(),
  });
  server.server.oninitialized = () => {
    const client = server.server.getClientVersion();
    studio.agents.name(session, client?.name ?? 'unnamed client', client?.version ?? '');
  };
  server.server.onclose = () => studio.agents.end(session);
  const ask = async (sentence: string, signal: AbortSignal): Promise<Approval> => {
    if (!server.server.getClientCapabilities()?.elicitation) return 'cannot-ask';
    try {
      const answer = await server.server.elicitInput(
        {
          mode: 'form',
          message: sentence,
          requestedSchema: {
            type: 'object',
            properties: {
              approve: { type: 'boolean', title: 'Send it', description: 'Send it and pay for it' },
            },
            required: ['approve'],
          },
        },
        { signal, timeout: ASK_TIMEOUT_MS },
      );
      return answer.action === 'accept' && answer.content?.approve === true ? 'approved' : 'declined';
    } catch {
      // The client said it could ask but did not answer (no form support, a timeout): not approved.
      return 'cannot-ask';
    }
  };
  installTools(server, studio, STUDIO_TOOLS, { session: () => session, ask });
  installResources(server, studio);
  return { server, session };
}
