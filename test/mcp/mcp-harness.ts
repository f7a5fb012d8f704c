// The studio's MCP server as the app serves it (the loopback endpoint over the core the CLI composes, the same
// composition root as the app), against the demo gateway, for tests that need the studio's own objects beside
// the agent: open() starts a studio over a data folder, reopen() ends it and starts another over the same folder
// (a restart, or a second process after the first). Every result and log line is kept for the key scan.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { resolveConfig } from '../../electron/cli/cli-config';
import type { Clock } from '../../electron/core/clock';
import { openStudio, type OpenedStudio } from '../../electron/cli/compose';
import { studioOverCore } from '../../electron/cli/commands/mcp';
import { startMcpHttp, type McpHttpEndpoint } from '../../electron/mcp/http-endpoint';
import type { McpStudio } from '../../electron/mcp/studio-port';
import { SIM_KEYS, type RunningSimulator } from '../../electron/simulator';

export const TOKEN = 'harness-token-0123456789abcdef';

export interface McpHarness {
  core: OpenedStudio;
  studio: McpStudio;
  endpoint: McpHttpEndpoint;
  log: string[];
  results: string[];
  connect(name?: string, options?: { elicit?: boolean }): Promise<Client>;
  close(): Promise<void>;
}

export async function openHarness(
  sim: RunningSimulator,
  dir: string,
  shared: { log: string[]; results: string[] } = { log: [], results: [] },
  extraEnv: Record<string, string> = {},
  endpointClock?: Clock,
): Promise<McpHarness> {
  const { log, results } = shared;
  const config = resolveConfig(
    {},
    {
      GATEWAY_BASE_URL: sim.url,
      GATEWAY_API_KEY: SIM_KEYS.default,
      STUDIO_LIBRARY_DIR: join(dir, 'lib'),
      STUDIO_DATA_DIR: join(dir, 'data'),
      HOME: dir,
      ...extraEnv,
    },
    dir,
  );
  const core = openStudio(config, { log: (line) => log.push(line), signal: new AbortController().signal });
  const studio = studioOverCore(core, { apiKey: config.apiKey, log: (line) => log.push(line) });
  await core.engine.start();
  const endpoint = await startMcpHttp({
    studio: () => studio,
    token: TOKEN,
    port: 0,
    version: '1.0.0',
    ...(endpointClock && { clock: endpointClock }),
  });
  const clients: Client[] = [];
  return {
    core,
    studio,
    endpoint,
    log,
    results,
    async connect(name = 'harness-agent', options = {}) {
      const client = new Client(
        { name, version: '1.0.0' },
        { capabilities: options.elicit ? { elicitation: { form: {} } } : {} },
      );
      const callTool = client.callTool.bind(client);
      client.callTool = async (...params: Parameters<Client['callTool']>) => {
        const result = await callTool(...params);
        results.push(JSON.stringify(result));
        return result;
      };
      await client.connect(
        new StreamableHTTPClientTransport(new URL(endpoint.url), {
          requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.allSettled(clients.map((c) => c.close()));
      await endpoint.close();
      await core.close();
    },
  };
}
