// The engine, through the real gateway client, against a gateway that answers in ways the simulator (a conforming
// peer) never does: a redirect on a status poll, a Retry-After that is negative or unreadable, a 200 whose body
// is an error, result links pointing at other local ports. Each was found failing a charged task, polling
// without end, or fetching from where it should not.
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
import type { TaskEngineOptions } from '../../../electron/core/tasks/task-engine';
import { startScriptedServer } from '../../support/scripted-server';
import type { ScriptedServer } from '../../support/scripted-server';
import { RecordingSink } from '../downloads/download-fixtures';
import { driveUntil } from './engine-rig';

const KEY = 'sk-answers-0123456789';
const I3 = {
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt: 'a fox', size: '16:9', resolution: '1K' },
};
const ack = (id: string) => ({ body: { code: 200, data: [{ status: 'submitted', task_id: id }] } });
const processing = (id: string) => ({ body: { id, status: 'processing', progress: 10 } });
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

let server: ScriptedServer;
let other: ScriptedServer;
let dir: string;
let db: DatabaseSync;
let clock: ManualClock;
const engines: TaskEngine[] = [];

beforeEach(async () => {
  server = await startScriptedServer();
  other = await startScriptedServer();
  dir = mkdtempSync(join(tmpdir(), 'answers-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
});
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  db.close();
  await server.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

function engine(extra: Partial<TaskEngineOptions> = {}): TaskEngine {
  const e = new TaskEngine({
    db,
    gateway: new GatewayClient({ baseUrl: server.url, apiKey: KEY, clock }),
    clock,
    requestTimeoutMs: 2_000,
    random: () => 0.5,
    downloads: null,
    ...extra,
  });
  engines.push(e);
  return e;
}

const polls = (s: ScriptedServer, remoteId: string) =>
  s.requests.filter((r) => r.method === 'GET' && r.url.includes(remoteId));

describe('Retry-After the client cannot use', () => {
  for (const value of ['-5', '0', 'soon', 'Thu, 01 Jan 1970 00:00:00 GMT']) {
    it(`[ERR-9] "${value}" falls back to the normal backoff instead of polling at once, without end`, async () => {
      const e = engine();
      await e.start();
      server.reply(ack('ra-1'));
      server.fallback = {
        status: 503,
        headers: { 'retry-after': value },
        body: { error: { code: 503, message: 'busy', type: 'service_unavailable' } },
      };
      const task = await e.submit(I3);
      await driveUntil({ clock }, e, () => false, { maxSimMs: 60_000 });
      // The normal backoff (1 s doubling, jittered) asks about 7 times in a minute; "at once" asked hundreds.
      const asked = polls(server, 'ra-1').length;
      expect(asked).toBeGreaterThan(2);
      expect(asked).toBeLessThan(12);
      expect(e.get(task.id)?.state).toBe('submitted');
    });
  }
});

describe('a redirect on a status poll', () => {
  it('[EP-TASK-1] is followed on the same origin with the key, and the charged task completes', async () => {
    const e = engine();
    await e.start();
    server.reply(
      ack('moved-1'),
      { status: 302, headers: { location: `${server.url}/v2/tasks/moved-1` } },
      { body: { id: 'moved-1', status: 'completed', progress: 100, cost: 0.02, result: { images: [] } } },
    );
    const task = await e.submit(I3);
    await driveUntil({ clock }, e, () => e.get(task.id)?.state !== 'submitted', { maxSimMs: 60_000 });
    expect(e.get(task.id)).toMatchObject({ state: 'completed', cost: 0.02 });
    const followed = server.requests.find((r) => r.url === '/v2/tasks/moved-1');
    expect(followed?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('[AUTH-1] to another origin never carries the key there and does not fail the task: it is asked again', async () => {
    const e = engine();
    await e.start();
    server.reply(ack('away-1'), {
      status: 302,
      headers: { location: `${other.url}/v1/tasks/away-1` },
    });
    server.fallback = processing('away-1');
    const task = await e.submit(I3);
    await driveUntil({ clock }, e, () => polls(server, 'away-1').length >= 3, { maxSimMs: 120_000 });
    expect(e.get(task.id)?.state).toBe('processing');
    for (const r of other.requests) expect(r.headers.authorization).toBeUndefined();
  });
});

/** The same client, presented as a gateway on a public address (as a real one is), or on another address. */
class PublicGateway implements GatewayPort {
  constructor(
    private readonly inner: GatewayClient,
    readonly baseUrl = 'https://gateway.example.com',
  ) {}
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

const completedWith = (id: string, url: string) => ({
  body: { id, status: 'completed', progress: 100, cost: 0.02, result: { images: [{ url: [url] }] } },
});

describe('result links on local addresses', () => {
  const downloads = () => ({
    libraryDir: join(dir, 'library'),
    sink: new RecordingSink(),
    maxAttempts: 1,
  });

  for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
    it(`[TASK-10] a public gateway's link to another local port (${host}) is refused with a sentence, and nothing is fetched`, async () => {
      const e = engine({
        gateway: new PublicGateway(new GatewayClient({ baseUrl: server.url, apiKey: KEY, clock })),
        downloads: downloads(),
      });
      await e.start();
      const port = new URL(other.url).port;
      server.reply(ack('local-1'), completedWith('local-1', `http://${host}:${port}/admin.png`));
      other.fallback = { headers: { 'content-type': 'image/png' }, body: PNG };
      const task = await e.submit(I3);
      await driveUntil({ clock }, e, () => {
        const t = e.get(task.id);
        return t !== null && e.isSettled(t);
      });
      expect(other.requests).toHaveLength(0);
      const [file] = e.files(task.id);
      expect(file).toMatchObject({ state: 'failed' });
      expect(file?.error).toMatch(
        /refusing to fetch a result from .*a local or private network address: result files are fetched from such addresses only when the gateway itself is on one/,
      );
    });
  }

  // A gateway on one local address made every local address fair game: a self-hosted gateway on
  // the network could point at this machine's other ports, and the demo on this machine into the network.
  it('[TASK-10] a gateway on the network around this machine may not point at this machine', async () => {
    const e = engine({
      gateway: new PublicGateway(
        new GatewayClient({ baseUrl: server.url, apiKey: KEY, clock }),
        'http://192.168.1.20:8080',
      ),
      downloads: downloads(),
    });
    await e.start();
    server.reply(ack('lan-1'), completedWith('lan-1', `${other.url}/admin.png`));
    other.fallback = { headers: { 'content-type': 'image/png' }, body: PNG };
    const task = await e.submit(I3);
    await driveUntil({ clock }, e, () => {
      const t = e.get(task.id);
      return t !== null && e.isSettled(t);
    });
    expect(other.requests).toHaveLength(0);
    expect(e.files(task.id)[0]?.error).toMatch(
      /refusing to fetch a result from 127\.0\.0\.1, .* of the same kind/,
    );
  });

  it('[TASK-10] a gateway on this machine (the demo) may not point into the network around it', async () => {
    const e = engine({ downloads: downloads() });
    await e.start();
    server.reply(ack('into-lan'), completedWith('into-lan', 'http://[::ffff:a00:5]:9/router.png'));
    const task = await e.submit(I3);
    await driveUntil({ clock }, e, () => {
      const t = e.get(task.id);
      return t !== null && e.isSettled(t);
    });
    expect(e.files(task.id)[0]?.error).toMatch(
      /refusing to fetch a result from ::ffff:a00:5, .* of the same kind/,
    );
  });

  it('[TASK-10] a gateway on a local address (the demo) may send its files from one', async () => {
    const e = engine({ downloads: downloads() });
    await e.start();
    server.reply(ack('demo-1'), completedWith('demo-1', `${other.url}/file.png`));
    other.fallback = { headers: { 'content-type': 'image/png' }, body: PNG };
    const task = await e.submit(I3);
    await driveUntil({ clock }, e, () => {
      const t = e.get(task.id);
      return t !== null && e.isSettled(t);
    });
    expect(e.files(task.id)[0]).toMatchObject({ state: 'done' });
    expect(other.requests).toHaveLength(1);
  });
});

describe('a status answer of 200 whose body is an error', () => {
  const errorAnswer = {
    body: { error: { message: 'upstream exploded', type: 'server_error', code: 500 } },
  };

  it('[EP-TASK-1] is transient with backoff, the task says so, and polling stops after its deadline with a sentence', async () => {
    const e = engine({ polling: { errorAnswerDeadlineMs: 1_800_000 } });
    await e.start();
    server.reply(ack('err-1'));
    server.fallback = errorAnswer;
    const task = await e.submit(I3);
    await driveUntil({ clock }, e, () => false, { maxSimMs: 300_000 });
    expect(e.get(task.id)).toMatchObject({
      state: 'submitted',
      error: { message: 'The gateway answered with an error, retrying: upstream exploded' },
    });
    // Backed off (1 s doubling up to 2 min), not asked at once again and again.
    expect(polls(server, 'err-1').length).toBeLessThan(15);

    await driveUntil({ clock }, e, () => e.get(task.id)?.state !== 'submitted', { maxSimMs: 3_600_000 });
    const stopped = e.get(task.id);
    expect(stopped?.state).toBe('stopped');
    expect(stopped?.error?.message).toMatch(
      /^The gateway answered only with errors for 30 min \(last: upstream exploded\), so the app stopped asking\. The task may still finish and be charged upstream\./,
    );
    // Stopped at the deadline, measured from the first error answer (the ack came at the start).
    expect(clock.now() - task.createdAt).toBeLessThan(1_800_000 + 150_000);
    const asked = polls(server, 'err-1').length;
    await driveUntil({ clock }, e, () => false, { maxSimMs: 600_000 });
    expect(polls(server, 'err-1').length).toBe(asked);
  });

  it('[EP-TASK-1] a good answer after error answers clears the sentence and the task goes on', async () => {
    const e = engine();
    await e.start();
    server.reply(ack('err-2'), errorAnswer, errorAnswer, processing('err-2'));
    server.fallback = {
      body: { id: 'err-2', status: 'completed', progress: 100, cost: 0.02, result: { images: [] } },
    };
    const task = await e.submit(I3);
    await driveUntil({ clock }, e, () => polls(server, 'err-2').length >= 2, { maxSimMs: 120_000 });
    expect(e.get(task.id)?.error?.message).toMatch(/answered with an error, retrying/);
    await driveUntil({ clock }, e, () => e.get(task.id)?.state === 'completed', { maxSimMs: 600_000 });
    expect(e.get(task.id)).toMatchObject({ state: 'completed', error: null });
  });
});
