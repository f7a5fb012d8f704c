// The tools as the MCP client sees them. tools/list answers each tool's input schema as JSON Schema, generated
// from the same zod schema its call is parsed with (for generating, the catalog's own field schemas); tools/call
// measures and parses the arguments itself (tool-input.ts), so a malformed call is refused with a sentence and
// never reaches a service. Every result and every error passes the secret scrub before it leaves, and every call
// is a line of the agent session's activity (what the app's Settings › Agents shows).
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { scrubSecretText } from '../../shared/gateway/secret-scrub';
import { GatewayError } from '../../shared/gateway/gateway-error';
import { BridgeError } from '../../shared/bridge/errors';
import { describeThrown } from '../core/log';
import type { McpStudio } from './studio-port';
import { parseToolInput } from './tool-input';

/** The person's answer when a call asks (elicitation); 'cannot-ask' when the client offers no way to ask. */
export type Approval = 'approved' | 'declined' | 'cannot-ask';

export interface ToolCall {
  studio: McpStudio;
  /** The agent session (core/agents) this call belongs to. */
  session: string;
  /** The JSON-RPC id of this call: a paid call without a key of its own is keyed by it. */
  requestId: string | number;
  signal: AbortSignal;
  /** Asks the person (MCP elicitation) whether to go ahead; the sentence says what and why. */
  ask(sentence: string): Promise<Approval>;
}

export interface ToolOutcome {
  /** One or a few sentences: what was done. */
  text: string;
  /** The same as data, for clients that read structured content. */
  data?: Record<string, unknown>;
  /** Pictures to show (thumbnails), base64. */
  images?: { data: string; mimeType: string }[];
  /** The tasks this call wrote or answered with, for the activity line. */
  taskIds?: string[];
}

/** A call refused with its sentence: nothing was done (or, said in the sentence, what was). */
export class ToolRefusal extends Error {}

export interface StudioTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  /** Reads only: nothing is sent, written or paid. */
  readOnly?: boolean;
  run(input: never, call: ToolCall): Promise<ToolOutcome>;
}

/** A tool with its input typed by its schema (kept apart so the list of tools can hold any of them). */
export function defineTool<S extends z.ZodType>(tool: {
  name: string;
  title: string;
  description: string;
  input: S;
  readOnly?: boolean;
  run(input: z.output<S>, call: ToolCall): Promise<ToolOutcome>;
}): StudioTool {
  return tool as unknown as StudioTool;
}

function jsonSchemaOf(schema: z.ZodType): Tool['inputSchema'] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return { ...json, type: 'object' } as Tool['inputSchema'];
}

/** Any secret out of a text, and out of every string of a structure (a gateway may echo a header anywhere). */
function scrubbed<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === 'string') return scrubSecretText(value, secrets) as T;
  return JSON.parse(scrubSecretText(JSON.stringify(value), secrets)) as T;
}

function sentenceOf(tool: string, thrown: unknown): { sentence: string; refused: boolean } {
  if (thrown instanceof ToolRefusal) return { sentence: thrown.message, refused: true };
  if (thrown instanceof GatewayError || thrown instanceof BridgeError) {
    return { sentence: thrown.message, refused: true };
  }
  return { sentence: `The ${tool} call failed: ${describeThrown(thrown)}`, refused: false };
}

export interface ToolSession {
  session: () => string;
  ask: (sentence: string, signal: AbortSignal) => Promise<Approval>;
}

/** Serves `tools` on the server's tools/list and tools/call for one agent session. */
export function installTools(
  server: McpServer,
  studio: McpStudio,
  tools: readonly StudioTool[],
  where: ToolSession,
): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed: Tool[] = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input),
    annotations: { readOnlyHint: tool.readOnly ?? false, openWorldHint: !(tool.readOnly ?? false) },
  }));
  server.server.registerCapabilities({ tools: { listChanged: false } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const secrets = studio.secrets();
    const name = String(request.params.name).slice(0, 100);
    const session = where.session();
    const answer = (text: string, outcome: 'done' | 'refused' | 'failed', taskIds: string[] = []) => {
      const clean = scrubbed(text, secrets);
      studio.agents.record(session, { tool: name, outcome, summary: clean.slice(0, 500), taskIds });
      if (outcome === 'failed') studio.logger.warn(clean, { tool: name });
      return clean;
    };
    const tool = byName.get(name);
    if (!tool) {
      const text = answer(`There is no tool called ${name}; tools/list names the ones there are.`, 'refused');
      return { isError: true, content: [{ type: 'text', text }] };
    }
    if (!studio.agents.enabled) {
      const text = answer(
        'Agents are turned off in the studio (Settings › Agents); nothing was done. The person can turn them on there.',
        'refused',
      );
      return { isError: true, content: [{ type: 'text', text }] };
    }
    const parsed = parseToolInput(name, tool.input, request.params.arguments);
    if (!parsed.ok) {
      return { isError: true, content: [{ type: 'text', text: answer(parsed.sentence, 'refused') }] };
    }
    try {
      const outcome = await tool.run(parsed.value as never, {
        studio,
        session,
        requestId: extra.requestId,
        signal: extra.signal,
        ask: (sentence) => where.ask(scrubbed(sentence, secrets), extra.signal),
      });
      const text = answer(outcome.text, 'done', outcome.taskIds ?? []);
      return {
        content: [
          { type: 'text', text },
          ...(outcome.data
            ? [{ type: 'text' as const, text: JSON.stringify(scrubbed(outcome.data, secrets)) }]
            : []),
          ...(outcome.images ?? []).map((image) => ({ type: 'image' as const, ...image })),
        ],
        ...(outcome.data ? { structuredContent: scrubbed(outcome.data, secrets) } : {}),
      };
    } catch (thrown) {
      const { sentence, refused } = sentenceOf(name, thrown);
      const text = answer(sentence, refused ? 'refused' : 'failed');
      return { isError: true, content: [{ type: 'text', text }] };
    }
  });
}
