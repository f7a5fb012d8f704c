// `gateway-studio mcp` as an agent's client starts it: a child process over stdio, driven by the SDK's own
// client against the demo gateway. The key is scanned for in every result and in everything the server wrote
// to stderr.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { readSessionRecords } from '../../electron/core/agents';
import { writeAgentsFile } from '../../electron/host/agents-file';
import { DEFAULT_AGENTS_SETTINGS } from '../../shared/bridge/agent-schemas';
import { startSimulator, SIM_KEYS } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import { tempDir } from '../cli/cli-harness';
import { childArgs } from '../support/child-entry';
import {
  call,
  everyToolRefusesMalformedInput,
  generateRetrySearch,
  overBudgetRefusal,
  setLimits,
  textOf,
} from './mcp-scenario';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
const stderr: string[] = [];
const results: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
  ({ dir, cleanup } = await tempDir());
});

afterAll(async () => {
  await sim.close();
  await cleanup();
});

async function connect(name: string, options: { elicit?: 'accept' | 'decline' } = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...childArgs('electron/cli.ts'), 'mcp'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      GATEWAY_BASE_URL: sim.url,
      GATEWAY_API_KEY: SIM_KEYS.default,
      STUDIO_LIBRARY_DIR: join(dir, 'lib'),
      STUDIO_DATA_DIR: join(dir, 'data'),
    },
    cwd: dir,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client(
    { name, version: '1.0.0' },
    { capabilities: options.elicit ? { elicitation: { form: {} } } : {} },
  );
  if (options.elicit) {
    const action = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action,
      content: { approve: action === 'accept' },
    }));
  }
  // Every result is kept for the key scan at the end.
  const callTool = client.callTool.bind(client);
  client.callTool = async (...params: Parameters<Client['callTool']>) => {
    const result = await callTool(...params);
    results.push(JSON.stringify(result));
    return result;
  };
  await client.connect(transport);
  return client;
}

// Each client starts its own server process (tsx compiles the CLI on start): seconds each on a loaded machine.
describe('gateway-studio mcp over stdio', { timeout: 120_000 }, () => {
  it('lists its tools, generates, answers a retry with the same task charged once, and finds it in the library', async () => {
    const client = await connect('stdio-agent');
    // One poll answered 502: the server's log (stderr) says so, and the key scan below reads that line too.
    sim.faults.set({ rate: 0, paths: ['/v1/tasks/'] });
    sim.faults.enqueue('502');
    try {
      await generateRetrySearch(client, sim);
    } finally {
      sim.faults.clear();
      await client.close();
    }
  });

  it('refuses every malformed call with a sentence', async () => {
    const client = await connect('stdio-agent');
    try {
      await everyToolRefusesMalformedInput(client);
    } finally {
      await client.close();
    }
  });

  it('above the confirmation threshold asks the person where the client can ask, and refuses where it cannot', async () => {
    setLimits(join(dir, 'data', 'studio.db'), sim.url, { confirmAbove: 0.0001 });
    const before = sim.createdTasks().length;
    const mute = await connect('no-questions-agent');
    try {
      const refused = await call(mute, 'generate_image_i3', {
        params: { prompt: 'a harbour' },
        idempotency_key: 'harbour',
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(
        /^Not sent: This will probably cost about [\d.]+ USD, above your confirmation threshold/,
      );
      expect(textOf(refused)).toMatch(/An agent cannot approve it itself/);
    } finally {
      await mute.close();
    }
    const declining = await connect('asking-agent', { elicit: 'decline' });
    try {
      const declined = await call(declining, 'generate_image_i3', {
        params: { prompt: 'a harbour' },
        idempotency_key: 'harbour',
      });
      expect(textOf(declined)).toMatch(/^Not sent: the person declined/);
    } finally {
      await declining.close();
    }
    expect(sim.createdTasks().length).toBe(before);
    const approving = await connect('asking-agent', { elicit: 'accept' });
    try {
      const sent = await call(approving, 'generate_image_i3', {
        params: { prompt: 'a harbour' },
        idempotency_key: 'harbour',
      });
      expect(sent.isError, textOf(sent)).toBeFalsy();
      expect(sim.createdTasks().length).toBe(before + 1);
    } finally {
      await approving.close();
    }
  });

  it('past the budget sends nothing and says why', async () => {
    setLimits(join(dir, 'data', 'studio.db'), sim.url, { monthly: 0.01 });
    const client = await connect('stdio-agent');
    try {
      await overBudgetRefusal(client, sim);
    } finally {
      await client.close();
    }
  });

  it("shows in the app's record of agents with what it did, and the app's switch refuses its next call", async () => {
    const dataDir = join(dir, 'data');
    const client = await connect('record-agent');
    const mine = () =>
      readSessionRecords(dataDir, { exceptPid: process.pid }).find((s) => s.client === 'record-agent');
    try {
      const balance = await call(client, 'balance', {});
      expect(balance.isError, textOf(balance)).toBeFalsy();
      // What the app's Settings › Agents reads beside its own sessions.
      expect(mine()).toMatchObject({ transport: 'stdio', endedAt: null });
      expect(mine()?.activity.map((a) => `${a.tool} ${a.outcome}`)).toEqual(['balance done']);
      // The app turns agents off (its own writer of agents.json): the open stdio session's next call is refused.
      const token = 'a'.repeat(43);
      await writeAgentsFile(dataDir, { settings: { ...DEFAULT_AGENTS_SETTINGS, enabled: false }, token });
      const before = sim.createdTasks().length;
      const refused = await call(client, 'generate_image_i3', {
        params: { prompt: 'a pier' },
        idempotency_key: 'pier',
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(
        /^Agents are turned off in the studio \(Settings › Agents\); nothing was done/,
      );
      expect(sim.createdTasks().length).toBe(before);
      await writeAgentsFile(dataDir, { settings: { ...DEFAULT_AGENTS_SETTINGS, enabled: true }, token });
      const allowed = await call(client, 'balance', {});
      expect(allowed.isError, textOf(allowed)).toBeFalsy();
    } finally {
      await client.close();
    }
    await expect.poll(() => mine()?.endedAt ?? null, { timeout: 15_000 }).not.toBeNull();
  });

  it('never shows the API key in a result or in its log', () => {
    expect(results.length).toBeGreaterThan(20);
    expect(stderr.join('')).toMatch(/502/);
    for (const text of [...results, stderr.join('')]) expect(text).not.toContain(SIM_KEYS.default);
  });
});
