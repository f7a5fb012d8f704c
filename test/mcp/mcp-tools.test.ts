// Each tool's happy path through the SDK's own client against the demo gateway (the loopback endpoint over the
// core the CLI composes): speech, presets, recipes (a retry after a restart runs nothing again), the account,
// the library's edits, cancelling what has not left the studio, the resources, and what a session spent as the
// gateway charged it. The key is scanned for in every result and log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startSimulator, SIM_KEYS, type RunningSimulator } from '../../electron/simulator';
import { tempDir } from '../cli/cli-harness';
import { openHarness, type McpHarness } from './mcp-harness';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, textOf } from './mcp-scenario';

/** The sentence a result leads with (the data follows it as JSON). */
const said = (result: CallToolResult) => textOf({ content: result.content.slice(0, 1) });

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
let harness: McpHarness;
let client: Client;
const shared = { log: [] as string[], results: [] as string[] };

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
  ({ dir, cleanup } = await tempDir());
  harness = await openHarness(sim, dir, shared);
  // Asked above the threshold or without an estimate, this client's person says yes.
  client = await harness.connect('tools-agent', { elicit: true });
  client.setRequestHandler((await import('@modelcontextprotocol/sdk/types.js')).ElicitRequestSchema, () => ({
    action: 'accept',
    content: { approve: true },
  }));
});

afterAll(async () => {
  await harness.close();
  await sim.close();
  await cleanup();
});

const session = () => harness.studio.agents.list().find((s) => s.client === 'tools-agent' && !s.endedAt);

describe('the MCP tools, each on its happy path', { timeout: 120_000 }, () => {
  it('speaks a text through generate_speech, and a retry under the same key takes nothing new', async () => {
    const speechItems = () => harness.core.library.query({ kind: 'speech', limit: 50 }).total;
    const args = { params: { input: 'Hello from an agent.' }, fresh: true, idempotency_key: 'hello-1' };
    const first = await call(client, 'generate_speech', args);
    expect(first.isError, textOf(first)).toBeFalsy();
    const item = (first.structuredContent as { item: { id: string; kind: string; path: string } }).item;
    expect(item.kind).toBe('speech');
    expect(textOf(first)).toMatch(/^speech .+ at \//);
    expect(speechItems()).toBe(1);
    // fresh: true would pay for a new take: the key holds it to the first one.
    const retried = await call(client, 'generate_speech', args);
    expect((retried.structuredContent as { item: { id: string } }).item.id).toBe(item.id);
    expect(speechItems()).toBe(1);
    expect(session()?.activity[0]?.tool).toBe('generate_speech');
    const listed = await call(client, 'list_models', { family: 'speech' });
    expect(textOf(listed)).toMatch(/1 model families/);
  });

  it('runs a saved preset with the agent prompt in its place, once per key', async () => {
    harness.core.studio.presets.savePreset({
      name: 'Square lighthouse',
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { size: '1:1', prompt: 'placeholder' },
    });
    const before = sim.createdTasks().length;
    const args = {
      preset: 'Square lighthouse',
      prompt: 'a lighthouse, square',
      wait: true,
      idempotency_key: 'p1',
    };
    const ran = await call(client, 'run_preset', args);
    expect(ran.isError, textOf(ran)).toBeFalsy();
    const task = (ran.structuredContent as { task: { id: string; state: string } }).task;
    expect(task.state).toBe('completed');
    expect(harness.core.engine.get(task.id)?.params).toMatchObject({
      size: '1:1',
      prompt: 'a lighthouse, square',
    });
    const again = await call(client, 'run_preset', args);
    expect((again.structuredContent as { task: { id: string } }).task.id).toBe(task.id);
    expect(sim.createdTasks().length - before).toBe(1);
  });

  it('tags and favourites a library item', async () => {
    const [item] = harness.core.library.query({ kind: 'image', limit: 1 }).items;
    expect(item).toBeDefined();
    const id = item?.id ?? '';
    const tagged = await call(client, 'tag_item', { id, add: ['Coast', 'night'] });
    expect(said(tagged)).toBe(`Item ${id} is tagged Coast, night.`);
    const untagged = await call(client, 'tag_item', { id, remove: ['coast'] });
    expect(said(untagged)).toBe(`Item ${id} is tagged night.`);
    const starred = await call(client, 'favourite_item', { id, favourite: true });
    expect(said(starred)).toBe(`Item ${id} is a favourite.`);
    expect(harness.core.library.get(id)?.favourite).toBe(true);
    const found = await call(client, 'search_library', { favourite: true, tags: ['night'] });
    expect((found.structuredContent as { total: number }).total).toBe(1);
    const unstarred = await call(client, 'favourite_item', { id, favourite: false });
    expect(said(unstarred)).toBe(`Item ${id} is no longer a favourite.`);
  });

  it('reads the balance and the usage', async () => {
    const balance = await call(client, 'balance', {});
    expect(balance.isError, textOf(balance)).toBeFalsy();
    expect(textOf(balance)).toMatch(
      /^Key: .+\. Account: .+ remaining\. This session has spent about .+, with a cap of 5\.00/,
    );
    const now = Math.floor(Date.now() / 1000);
    const usage = await call(client, 'usage', { start: now - 3 * 86_400, end: now, group_by: 'model' });
    expect(usage.isError, textOf(usage)).toBeFalsy();
    expect(said(usage)).toBe('Usage read in 1 window.');
    const report = (usage.structuredContent as { usage: { total: { requests: number } } }).usage;
    expect(report.total.requests).toBeGreaterThan(0);
  });

  it('cancels a queued item for nothing, and says why a task the gateway accepted cannot be', async () => {
    const before = sim.createdTasks().length;
    const queued = await call(client, 'generate_image_i3', {
      params: { prompt: 'a queued gull' },
      queue: true,
      idempotency_key: 'gull-q',
    });
    expect(queued.isError, textOf(queued)).toBeFalsy();
    const id = (queued.structuredContent as { queued: string }).queued;
    expect(textOf(queued)).toMatch(/^Queued as item .+, not sent: nothing is charged/);
    const cancelled = await call(client, 'cancel', { id });
    expect(said(cancelled)).toBe(`Cancelled queued item ${id} before it was sent: nothing is charged.`);
    const twice = await call(client, 'cancel', { id });
    expect(twice.isError).toBe(true);
    expect(sim.createdTasks().length).toBe(before);

    const sent = await call(client, 'generate_image_i3', {
      params: { prompt: 'a sent gull' },
      idempotency_key: 'g2',
    });
    const taskId = (sent.structuredContent as { task: { id: string } }).task.id;
    const refused = await call(client, 'cancel', { id: taskId });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /^(Not cancelled: task .+ was already accepted by the gateway\. The gateway's API has no cancel request \(its task endpoint only reads a task, \[EP-TASK-1\], and how a task moves between states is not shown, \[STATE-6\]\)|task .+ has already ended)/,
    );
    expect(textOf(refused)).toMatch(/Nothing was changed/);
  });

  it('counts what a task really cost, not its estimate: a task cancelled upstream costs nothing', async () => {
    const spentBefore = session()?.spent ?? 0;
    const ended = await call(client, 'generate_image_i3', {
      params: { prompt: 'a storm [cancel]' },
      wait: true,
      idempotency_key: 'storm',
    });
    expect(textOf(ended)).toMatch(/cancelled/);
    expect(session()?.spent).toBeCloseTo(spentBefore, 6);
    const completed = await call(client, 'generate_image_i3', {
      params: { prompt: 'a calm sea' },
      wait: true,
      idempotency_key: 'calm',
    });
    const task = (completed.structuredContent as { task: { id: string; cost: number } }).task;
    expect(task.cost).toBeGreaterThan(0);
    expect(session()?.spent).toBeCloseTo(spentBefore + task.cost, 6);
  });

  it('reads items (with thumbnails as images), presets and recipes as resources', async () => {
    const { resources } = await client.listResources();
    const itemUri = resources.find((r) => r.uri.startsWith('studio://library/'))?.uri ?? '';
    expect(itemUri).not.toBe('');
    const withImage = await Promise.all(
      resources
        .filter((r) => r.uri.startsWith('studio://library/'))
        .map((r) => client.readResource({ uri: r.uri })),
    );
    const image = withImage.flatMap((r) => r.contents).find((c) => 'blob' in c);
    expect(image?.mimeType).toMatch(/^image\/(jpeg|png|webp)$/);
    expect(Buffer.from(String((image as { blob: string }).blob), 'base64').length).toBeGreaterThan(100);
    const presets = await client.readResource({ uri: 'studio://presets' });
    expect(JSON.parse(String((presets.contents[0] as { text: string }).text))).toMatchObject({
      presets: [{ name: 'Square lighthouse' }],
    });
    harness.core.studio.recipes.save({
      name: 'Two pictures',
      steps: [{ family: 'image.i3', model: 'image_model_id_i3', params: { size: '16:9' } }],
    });
    const recipes = await client.readResource({ uri: 'studio://recipes' });
    expect(JSON.parse(String((recipes.contents[0] as { text: string }).text))).toMatchObject({
      recipes: [{ name: 'Two pictures' }],
    });
  });

  it('runs a recipe once per key, and a restart with the same key runs nothing again', async () => {
    const before = sim.createdTasks().length;
    const args = { recipe: 'Two pictures', prompts: ['a dune', 'a reef'], idempotency_key: 'recipe-1' };
    const ran = await call(client, 'run_recipe', args);
    expect(ran.isError, textOf(ran)).toBeFalsy();
    expect(said(ran)).toBe('Recipe Two pictures: 2 runs started.');
    const runs = (ran.structuredContent as { runs: { id: string }[] }).runs.map((r) => r.id);
    const again = await call(client, 'run_recipe', args);
    expect((again.structuredContent as { runs: { id: string }[] }).runs.map((r) => r.id)).toEqual(runs);
    await expect.poll(() => sim.createdTasks().length - before, { timeout: 30_000 }).toBe(2);
    const { runner } = harness.core.studio;
    await expect
      .poll(() => runs.every((id) => runner.get(id)?.state === 'completed'), { timeout: 30_000 })
      .toBe(true);
    // A restart (or a second process over the same data folder): the key is in the database.
    await harness.close();
    harness = await openHarness(sim, dir, shared);
    client = await harness.connect('tools-agent');
    const afterRestart = await call(client, 'run_recipe', args);
    expect(afterRestart.isError, textOf(afterRestart)).toBeFalsy();
    expect((afterRestart.structuredContent as { runs: { id: string }[] }).runs.map((r) => r.id)).toEqual(
      runs,
    );
    expect(sim.createdTasks().length - before).toBe(2);
  });

  it('never shows the API key in a result or a log line', () => {
    expect(shared.results.length).toBeGreaterThan(15);
    for (const text of [...shared.results, ...shared.log]) expect(text).not.toContain(SIM_KEYS.default);
  });
});
