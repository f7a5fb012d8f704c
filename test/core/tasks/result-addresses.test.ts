// Where result files may come from, with the creator's additions (Settings › Result files, the CLI's
// --result-addresses): a public gateway's link to an address on this machine is refused by default and fetched
// once the creator allows it, by address, range or host name. The engine's downloads ask the one rule
// (downloads/local-addresses.ts) with the setting read for each file, so the queue and recipes, which send
// through the engine, follow it too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import type { GatewayPort } from '../../../electron/core/gateway/gateway-port';
import { TaskEngine } from '../../../electron/core/tasks/task-engine';
import { startScriptedServer } from '../../support/scripted-server';
import type { ScriptedServer } from '../../support/scripted-server';
import { RecordingSink } from '../downloads/download-fixtures';
import { driveUntil } from './engine-rig';

const I3 = {
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt: 'a fox', size: '16:9', resolution: '1K' },
};
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

let gatewayServer: ScriptedServer;
let fileServer: ScriptedServer;
let dir: string;
let db: DatabaseSync;
let clock: ManualClock;
const engines: TaskEngine[] = [];

beforeEach(async () => {
  gatewayServer = await startScriptedServer();
  fileServer = await startScriptedServer();
  fileServer.fallback = { headers: { 'content-type': 'image/png' }, body: PNG };
  dir = mkdtempSync(join(tmpdir(), 'result-addresses-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
});
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  db.close();
  await gatewayServer.close();
  await fileServer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The scripted gateway presented as one on a public address (as a real one is): its own kind allows nothing. */
class PublicGateway implements GatewayPort {
  readonly baseUrl = 'https://203.0.113.10';
  constructor(private readonly inner: GatewayClient) {}
  submit(...args: Parameters<GatewayPort['submit']>): ReturnType<GatewayPort['submit']> {
    return this.inner.submit(...args);
  }
  getTask(...args: Parameters<GatewayPort['getTask']>): ReturnType<GatewayPort['getTask']> {
    return this.inner.getTask(...args);
  }
  speech(...args: Parameters<GatewayPort['speech']>): ReturnType<GatewayPort['speech']> {
    return this.inner.speech(...args);
  }
}

/** One picture whose result link is `url`, sent through an engine allowing `allowed`; its one file afterwards. */
async function fetchResult(url: string, allowed: readonly string[] | null) {
  const e = new TaskEngine({
    db,
    gateway: new PublicGateway(new GatewayClient({ baseUrl: gatewayServer.url, apiKey: 'sk-x', clock })),
    clock,
    requestTimeoutMs: 2_000,
    random: () => 0.5,
    downloads: {
      libraryDir: join(dir, 'library'),
      sink: new RecordingSink(),
      maxAttempts: 1,
      ...(allowed ? { resultAddresses: () => allowed } : {}),
    },
  });
  engines.push(e);
  await e.start();
  const id = `task-${engines.length}`;
  gatewayServer.reply(
    { body: { code: 200, data: [{ status: 'submitted', task_id: id }] } },
    { body: { id, status: 'completed', progress: 100, cost: 0.02, result: { images: [{ url: [url] }] } } },
  );
  const task = await e.submit(I3);
  await driveUntil({ clock }, e, () => {
    const t = e.get(task.id);
    return t !== null && e.isSettled(t);
  });
  return e.files(task.id)[0];
}

describe("the creator's result addresses", () => {
  it('a link to this machine from a public gateway is refused by default, nothing fetched', async () => {
    const file = await fetchResult(`${fileServer.url}/result.png`, null);
    expect(file).toMatchObject({ state: 'failed' });
    expect(file?.error).toMatch(/refusing to fetch a result from 127\.0\.0\.1/);
    expect(fileServer.requests).toHaveLength(0);
  });

  it('is fetched once the creator allows its address', async () => {
    const file = await fetchResult(`${fileServer.url}/result.png`, ['127.0.0.1']);
    expect(file).toMatchObject({ state: 'done' });
    expect(fileServer.requests).toHaveLength(1);
  });

  it('is fetched once the creator allows a range holding it, and refused outside the range', async () => {
    expect(await fetchResult(`${fileServer.url}/a.png`, ['10.0.0.0/8'])).toMatchObject({ state: 'failed' });
    expect(fileServer.requests).toHaveLength(0);
    expect(await fetchResult(`${fileServer.url}/b.png`, ['127.0.0.0/8'])).toMatchObject({ state: 'done' });
    expect(fileServer.requests).toHaveLength(1);
  });

  it('a host name allowed is trusted wherever it points; another name is not', async () => {
    const { port } = new URL(fileServer.url);
    expect(await fetchResult(`http://localhost:${port}/a.png`, ['files.lan'])).toMatchObject({
      state: 'failed',
    });
    expect(await fetchResult(`http://localhost:${port}/b.png`, ['LOCALHOST.'])).toMatchObject({
      state: 'done',
    });
    expect(fileServer.requests).toHaveLength(1);
  });
});
