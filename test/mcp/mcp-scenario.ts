// What every transport's test asks of the studio's MCP server, through the SDK's own client against the demo
// gateway: the tools listed, a generate waited for, a retry under the same key answered with the same task and
// charged once, a library search, malformed input refused with a sentence by every tool, and a refusal over the
// budget. The transports differ only in how the client is connected (mcp-stdio.test.ts, mcp-http.test.ts).
import { expect } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { PriceBook } from '../../electron/core/pricing';
import { SpendingGuard } from '../../electron/core/spending';
import type { SpendingLimits } from '../../shared/studio/spending';
import type { RunningSimulator } from '../../electron/simulator';

export function textOf(result: unknown): string {
  const { content } = result as CallToolResult;
  return content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Sets the spending limits in the database the server reads, as the app's Settings would. */
export function setLimits(databasePath: string, gateway: string, limits: Partial<SpendingLimits>): void {
  const db = openStudioDatabase(databasePath);
  try {
    const book = new PriceBook({ db, gateway });
    new SpendingGuard({ db, prices: () => book }).setLimits({
      unit: 'usd',
      confirmAbove: null,
      daily: null,
      monthly: null,
      timeZone: 'UTC',
      ...limits,
    });
  } finally {
    db.close();
  }
}

/** Every tool refuses a malformed call with a sentence (never a crash, never a JSON dump of issues). */
export async function everyToolRefusesMalformedInput(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  for (const tool of tools) {
    for (const bad of [
      { unexpected_field: 1, params: 'not an object' },
      { id: 42, params: [] },
    ]) {
      const result = await call(client, tool.name, bad);
      expect(result.isError, tool.name).toBe(true);
      const text = textOf(result);
      expect(text, tool.name).toMatch(new RegExp(`^The ${tool.name} call was refused`));
      expect(text, tool.name).toMatch(/\.$/);
      expect(text, tool.name).not.toMatch(/[{[]\s*"/);
    }
  }
  const deep = await call(client, 'search_library', {
    query: JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown,
  });
  expect(textOf(deep)).toMatch(/nest more than 20 levels deep/);
  const huge = await call(client, 'generate_image_i3', { params: { prompt: 'x'.repeat(70_000) } });
  expect(textOf(huge)).toMatch(/more than the 65536 a call may carry/);
  const unknown = await call(client, 'no_such_tool', {});
  expect(textOf(unknown)).toMatch(/There is no tool called no_such_tool/);
}

/** list tools, generate and wait, retry with the same key (one charge), search the library for it. */
export async function generateRetrySearch(client: Client, sim: RunningSimulator): Promise<string> {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  for (const name of [
    'list_models',
    'estimate',
    'generate_image_i3',
    'task_status',
    'cancel',
    'search_library',
    'get_item',
    'tag_item',
    'favourite_item',
    'run_preset',
    'run_recipe',
    'balance',
    'usage',
  ]) {
    expect(names).toContain(name);
  }
  // The generate tool's params are the catalog's I3 fields, as JSON Schema.
  const i3 = tools.find((t) => t.name === 'generate_image_i3');
  const params = (i3?.inputSchema.properties as Record<string, { properties?: Record<string, unknown> }>)
    .params;
  expect(Object.keys(params?.properties ?? {})).toEqual(
    expect.arrayContaining(['prompt', 'size', 'resolution']),
  );

  const before = sim.createdTasks().length;
  const args = { params: { prompt: 'a lighthouse at dusk' }, wait: true, idempotency_key: 'lighthouse-1' };
  const first = await call(client, 'generate_image_i3', args);
  expect(first.isError, textOf(first)).toBeFalsy();
  const firstTask = (first.structuredContent as { task: { id: string; state: string } }).task;
  expect(firstTask.state).toBe('completed');
  const retried = await call(client, 'generate_image_i3', args);
  expect(retried.isError, textOf(retried)).toBeFalsy();
  expect((retried.structuredContent as { task: { id: string } }).task.id).toBe(firstTask.id);
  expect(sim.createdTasks().length - before).toBe(1);

  const found = await call(client, 'search_library', { query: 'lighthouse' });
  const page = found.structuredContent as { total: number; items: { id: string; taskId: string }[] };
  expect(page.total).toBe(1);
  expect(page.items[0]?.taskId).toBe(firstTask.id);
  const item = await call(client, 'get_item', { id: page.items[0]?.id });
  expect(textOf(item)).toMatch(/at .+lighthouse|at \//);
  const tagged = await call(client, 'tag_item', { id: page.items[0]?.id, add: ['coast'] });
  expect(textOf(tagged)).toMatch(/tagged coast/);
  return firstTask.id;
}

/** Past the monthly budget the server sends nothing and says why, in the core's words. */
export async function overBudgetRefusal(client: Client, sim: RunningSimulator): Promise<void> {
  const before = sim.createdTasks().length;
  const refused = await call(client, 'generate_image_i3', {
    params: { prompt: 'a kite' },
    idempotency_key: 'kite-1',
  });
  expect(refused.isError).toBe(true);
  expect(textOf(refused)).toMatch(/^Not sent: your monthly budget is 0\.01(00)? USD/);
  expect(textOf(refused)).toMatch(/An agent never sends past a budget/);
  expect(sim.createdTasks().length).toBe(before);
}
