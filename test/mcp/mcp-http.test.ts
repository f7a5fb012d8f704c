// The loopback endpoint as the app serves it: Streamable HTTP on 127.0.0.1 with a bearer token, over the core
// the CLI composes (openStudio, the same composition root as the app), driven by the SDK's own client against the demo
// gateway. The key is scanned for in every result and every log line.
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { resolveConfig } from '../../electron/cli/cli-config';
import { openStudio, type OpenedStudio } from '../../electron/cli/compose';
import { studioOverCore } from '../../electron/cli/commands/mcp';
import { GatewayProgress } from '../../electron/cli/gateway-progress';
import { startMcpHttp, type McpHttpEndpoint } from '../../electron/mcp/http-endpoint';
import type { McpStudio } from '../../electron/mcp/studio-port';
import { startSimulator, SIM_KEYS } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import { tempDir } from '../cli/cli-harness';
import {
  call,
  everyToolRefusesMalformedInput,
  generateRetrySearch,
  overBudgetRefusal,
  setLimits,
  textOf,
} from './mcp-scenario';

const TOKEN = 'test-token-0123456789abcdef';
let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
let core: OpenedStudio;
let studio: McpStudio;
let endpoint: McpHttpEndpoint;
const log: string[] = [];
const results: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
  ({ dir, cleanup } = await tempDir());
  const config = resolveConfig(
    {},
    {
      GATEWAY_BASE_URL: sim.url,
      GATEWAY_API_KEY: SIM_KEYS.default,
      STUDIO_LIBRARY_DIR: join(dir, 'lib'),
      STUDIO_DATA_DIR: join(dir, 'data'),
      HOME: dir,
    },
    dir,
  );
  core = openStudio(config, { log: (line) => log.push(line), signal: new AbortController().signal });
  // What the CLI tells its stderr of every failed gateway call, here kept for the key scan.
  core.onGatewayCall(
    new GatewayProgress(
      (line) => log.push(line),
      (line) => log.push(line),
    ).onCall,
  );
  studio = studioOverCore(core, {
    apiKey: config.apiKey,
    log: (line) => log.push(line),
  });
  await core.engine.start();
  endpoint = await startMcpHttp({ studio: () => studio, token: TOKEN, port: 0, version: '1.0.0' });
});

afterAll(async () => {
  await endpoint.close();
  await core.close();
  await sim.close();
  await cleanup();
});

async function connect(token = TOKEN): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'http-agent', version: '2.0.0' });
  const callTool = client.callTool.bind(client);
  client.callTool = async (...params: Parameters<Client['callTool']>) => {
    const result = await callTool(...params);
    results.push(JSON.stringify(result));
    return result;
  };
  await client.connect(transport);
  return client;
}

/** A raw request, for what the SDK's client never sends (a wrong token, another Host). */
function raw(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      endpoint.url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }));
  });
}

describe('the loopback MCP endpoint', { timeout: 120_000 }, () => {
  it('binds 127.0.0.1 and refuses a request without the token, or naming another host', async () => {
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect((await raw({})).status).toBe(401);
    expect((await raw({ authorization: 'Bearer wrong' })).status).toBe(401);
    const rebound = await raw({ authorization: `Bearer ${TOKEN}`, host: 'attacker.example' });
    expect(rebound.status).toBe(403);
    await expect(connect('wrong-token')).rejects.toThrow();
  });

  it('lists its tools, generates, answers a retry with the same task charged once, and finds it in the library', async () => {
    const client = await connect();
    sim.faults.set({ rate: 0, paths: ['/v1/tasks/'] });
    sim.faults.enqueue('502');
    try {
      await generateRetrySearch(client, sim);
      // The session is the app's to show: which agent, what it did and what it spent.
      const session = studio.agents.list().find((s) => s.endedAt === null && s.transport === 'http');
      expect(session?.client).toBe('http-agent');
      expect(session?.spent).toBeGreaterThan(0);
      expect(session?.activity.map((a) => a.tool)).toContain('generate_image_i3');
    } finally {
      sim.faults.clear();
      await client.close();
    }
  });

  it('refuses every malformed call with a sentence', async () => {
    const client = await connect();
    try {
      await everyToolRefusesMalformedInput(client);
    } finally {
      await client.close();
    }
  });

  it('past the budget sends nothing and says why', async () => {
    setLimits(join(dir, 'data', 'studio.db'), sim.url, { monthly: 0.01 });
    const client = await connect();
    try {
      await overBudgetRefusal(client, sim);
    } finally {
      await client.close();
    }
  });

  it('past the session cap sends nothing, and says so', async () => {
    setLimits(join(dir, 'data', 'studio.db'), sim.url, {});
    const client = await connect();
    try {
      const sessionId = studio.agents.list().find((s) => s.endedAt === null)?.id ?? '';
      studio.agents.count(sessionId, 'spent-elsewhere', 4.99);
      const before = sim.createdTasks().length;
      const refused = await call(client, 'generate_image_i3', {
        params: { prompt: 'a gull' },
        idempotency_key: 'gull',
      });
      expect(textOf(refused)).toMatch(/^Not sent: this agent session may spend at most 5\.00(00)? USD/);
      expect(sim.createdTasks().length).toBe(before);
    } finally {
      await client.close();
    }
  });

  it('never shows the API key in a result or a log line', () => {
    expect(results.length).toBeGreaterThan(20);
    expect(log.join('\n')).toMatch(/502/);
    for (const text of [...results, ...log]) expect(text).not.toContain(SIM_KEYS.default);
  });
});
