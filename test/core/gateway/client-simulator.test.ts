// The client against the real simulator on 127.0.0.1: every family's acknowledgement, both task endpoints,
// flat and enveloped task bodies, speech bytes, balances, usage, the gateway's own refusals and its injected
// faults. The simulator runs on a manual clock (tasks finish when the test says); the client's retry waits
// run on a StepClock, so nothing really waits.
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { GatewayClient, type GatewayClientOptions } from '../../../electron/core/gateway';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/index';
import type { FamilyId } from '../../../shared/catalog';
import { failure } from '../../support/gateway-failure';
import { StepClock } from '../../support/step-clock';

let sim: RunningSimulator;
let simClock: ManualClock;
let clock: StepClock;

beforeAll(async () => {
  simClock = new ManualClock(Date.UTC(2026, 4, 20, 12, 0, 0));
  sim = await startSimulator({ clock: simClock, seed: 11 });
});
afterAll(() => sim.close());
afterEach(() => sim.faults.clear());

function client(extra: Partial<GatewayClientOptions> = {}): GatewayClient {
  clock = new StepClock(simClock.now());
  return new GatewayClient({
    baseUrl: sim.url,
    apiKey: sim.keys.default,
    clock,
    random: () => 0.5,
    // StepClock leaves sleeps of 60 s and more pending, so the request timeout never fires by itself.
    timeoutMs: 60_000,
    ...extra,
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Moves the simulator's time until the task is terminal (tasks there are clock-derived). */
async function finish(c: GatewayClient, id: string, endpoint: 'tasks' | 'music') {
  for (let i = 0; i < 200; i++) {
    const t = await c.getTask(id, endpoint);
    if (t.status === 'completed' || t.status === 'failed') return t;
    await simClock.advance(5_000);
  }
  throw new Error(`task ${id} never finished`);
}

describe('acknowledgements and results', () => {
  it('[ACK-4] [EP-IMAGE-1] I1 answers Shape C and completes with images', async () => {
    const c = client();
    const ack = await c.submit('image.i1', { model: 'image_model_id_i1_pro', prompt: 'a red fox' });
    expect(ack).toMatchObject({ status: 'processing', endpoint: 'tasks', requestId: null });
    const t = await finish(c, ack.taskId, 'tasks');
    expect(t.status).toBe('completed');
    expect(t.files.length).toBeGreaterThan(0);
    expect(t.files.every((f) => f.kind === 'image' && f.url.startsWith('http'))).toBe(true);
  });

  it('[ACK-3] [TASK-13] [EP-IMAGE-I2RES-1] I2 answers Shape B and its task comes enveloped', async () => {
    const c = client();
    const ack = await c.submit('image.i2', { model: 'image_model_id_i2', prompt: 'two cats', n: 2 });
    expect(ack).toMatchObject({ status: 'pending', endpoint: 'tasks' });
    expect(ack.requestId).toEqual(expect.any(String));
    const t = await finish(c, ack.taskId, 'tasks');
    expect(t.files.filter((f) => f.kind === 'image')).toHaveLength(2);
    expect(t.files.every((f) => f.expiresAt !== null)).toBe(true);
  });

  it('[ACK-2] [EP-VIDEO-0] [EP-VIDEO-6] video answers Shape A and completes with a video', async () => {
    const c = client();
    const ack = await c.submit('video.s', {
      model: 'video_model_id_s_fast',
      prompt: 'a paper boat',
      duration: 5,
    });
    expect(ack).toMatchObject({ status: 'submitted', endpoint: 'tasks' });
    const t = await finish(c, ack.taskId, 'tasks');
    expect(t.files.some((f) => f.kind === 'video')).toBe(true);
    expect(t.cost).not.toBeNull();
  });

  it('[EP-MUSIC-1] [EP-MUSIC-2] [SRC-1] concat of the seeded extend product polls the music endpoint', async () => {
    const c = client();
    const ack = await c.submit('music.concat', {
      model: 'music_model_id',
      task_id: sim.seeds.musicExtend,
      audio_index: 1,
    });
    expect(ack.endpoint).toBe('music');
    const t = await finish(c, ack.taskId, 'music');
    expect(t.files.some((f) => f.kind === 'audio' && f.index === 0)).toBe(true);
  });

  it('[EP-GRID-1] upscales a seeded grid (Shape A)', async () => {
    const c = client();
    const ack = await c.submit('grid.upscale', { task_id: sim.seeds.grid, index: 3, speed: 'fast' });
    const t = await finish(c, ack.taskId, 'tasks');
    expect(t.files.filter((f) => f.kind === 'image')).toHaveLength(1);
  });

  it('[SVC-2] [EP-SPEECH-1] speech streams audio bytes', async () => {
    const out = await client().speech({
      model: 'speech_model_id',
      input: 'Hello there.',
      response_format: 'wav',
    });
    expect(out.contentType).toMatch(/audio/);
    const bytes = await readAll(out.stream);
    expect(bytes.length).toBeGreaterThan(44);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('[EP-VIDEO-NSFW-2] every family the catalog lists submits without a refusal', async () => {
    const c = client();
    const bodies: [FamilyId, Record<string, unknown>][] = [
      ['image.i3', { model: 'image_model_id_i3', prompt: 'a bowl of fruit', size: '3:2', resolution: '2K' }],
      ['image.i4', { model: 'image_model_id_i4', prompt: 'a skyline', size: '16:9' }],
      ['image.i5', { model: 'image_model_id_i5_alias', prompt: 'a tower', size: '1:8' }],
      ['image.i6', { model: 'image_model_id_i6', prompt: 'a desk', n: 2 }],
      ['video.v1', { model: 'video_model_id_v1_turbo', prompt: 'rain', duration: 16, resolution: '720p' }],
      ['video.v2', { model: 'video_model_id_v2', prompt: 'walk', image_urls: ['https://example.com/a.png'] }],
      ['video.h', { model: 'video_model_id_h', prompt: 'snow', duration: 10 }],
      ['video.w', { model: 'video_model_id_w', prompt: 'fog', duration: 5, resolution: '480p' }],
      ['video.k', { model: 'video_model_id_k', prompt: 'sun', mode: 'std' }],
      ['music.generateMp4', { model: 'music_model_id', task_id: sim.seeds.musicGenerated }],
      ['music.adjustSpeed', { model: 'music_model_id', task_id: sim.seeds.musicGenerated, speed: 1.25 }],
      ['music.addInstrumental', { model: 'music_model_id', task_id: sim.seeds.musicUpload, tags: 'piano' }],
    ];
    for (const [family, body] of bodies) {
      const ack = await c.submit(family, body);
      expect(ack.taskId, family).toEqual(expect.any(String));
    }
  });
});

describe('balances and usage', () => {
  it('[TBAL-1..7] [EP-TBAL-1] token balance on both paths; unlimited shows -1', async () => {
    const c = client();
    const a = await c.tokenBalance();
    expect(a).toMatchObject({ success: true, unlimited_quota: false });
    expect(await c.tokenBalance({ path: '/balance' })).toMatchObject({ remain_balance: a.remain_balance });
    const u = await client({ apiKey: sim.keys.unlimited }).tokenBalance();
    expect(u).toMatchObject({ unlimited_quota: true, remain_balance: -1, remain_credits: -1 });
  });

  it('[EP-TBAL-2] [EP-UBAL-2] [ERR-OTHER-1] missing records are typed errors', async () => {
    expect(await failure(client({ apiKey: sim.keys.orphan }).tokenBalance())).toMatchObject({
      httpStatus: 200,
      type: 'balance_lookup_failed',
    });
    expect((await failure(client({ apiKey: sim.keys.userQuotaMissing }).userBalance())).type).toBe(
      'balance_lookup_failed',
    );
    expect(await client().userBalance()).toMatchObject({ success: true });
  });

  it('[EP-USAGE-1] [EP-USAGE-3] an RFC 3339 offset with + reaches the gateway intact; the cache header comes back', async () => {
    const c = client();
    const end = new Date(simClock.now()).toISOString().replace(/\.\d+Z$/, 'Z');
    const start = new Date(simClock.now() - 6 * 3_600_000 + 8 * 3_600_000)
      .toISOString()
      .replace(/\.\d+Z$/, '+08:00');
    const first = await c.usage({ start, end, group_by: 'model', tz: 'UTC' });
    expect(first.cache).toBe('miss');
    expect(first.report.end - first.report.start).toBe(6 * 3600);
    expect((await c.usage({ start, end, group_by: 'model', tz: 'UTC' })).cache).toBe('hit'); // [LIM-2]
  });

  it('[ERR-OTHER-2] [ERR-USAGE-2] [ERR-USAGE-4] the gateway range and timezone refusals', async () => {
    const c = client();
    expect(await failure(c.usage({ start: 1779000000, end: 1778000000 }))).toMatchObject({
      httpStatus: 400,
      type: 'usage_query_error',
      code: 'invalid_range',
    });
    expect((await failure(c.usage({ tz: 'Mars/Olympus' }))).code).toBe('invalid_tz');
  });

  it('[EP-USAGE-4] usage works with a zero balance', async () => {
    expect((await client({ apiKey: sim.keys.empty }).usage()).report.total.requests).toEqual(
      expect.any(Number),
    );
  });
});

describe('refusals', () => {
  it('[ERR-4] [AUTH-2] an unknown key is 401 authentication_error', async () => {
    expect(await failure(client({ apiKey: 'sk-nope' }).tokenBalance())).toMatchObject({
      httpStatus: 401,
      type: 'authentication_error',
      retryable: false,
    });
  });

  it('[ERR-5] [SVC-5] a zero balance is 402 payment_required', async () => {
    const e = await failure(
      client({ apiKey: sim.keys.empty }).submit('image.i4', { model: 'image_model_id_i4', prompt: 'x' }),
    );
    expect(e).toMatchObject({ httpStatus: 402, type: 'payment_required', retryable: false });
  });

  it('[ERR-6] [AUTH-5] another user reading a task is 403', async () => {
    const ack = await client().submit('image.i4', { model: 'image_model_id_i4', prompt: 'x' });
    expect((await failure(client({ apiKey: sim.keys.other }).getTask(ack.taskId, 'tasks'))).httpStatus).toBe(
      403,
    );
  });

  it('[ERR-7] [EP-GRID-1] upscaling a task that does not exist is 404 not_found_error', async () => {
    const e = await failure(client().submit('grid.upscale', { task_id: 'no-such-task', index: 1 }));
    expect(e).toMatchObject({ httpStatus: 404, type: 'not_found_error' });
  });

  it('[ERR-2] [EP-MUSIC-2] concat of a source that is not an extend product is 400', async () => {
    const e = await failure(
      client().submit('music.concat', { model: 'music_model_id', task_id: sim.seeds.musicGenerated }),
    );
    expect(e).toMatchObject({ httpStatus: 400, type: 'invalid_request_error' });
  });

  it('[ERR-3] [EP-VIDEO-NSFW-4] flagged content is 400 nsfw_content_detected with the categories', async () => {
    const e = await failure(
      client().submit('video.s', {
        model: 'video_model_id_s',
        prompt: 'a scene [nsfw:violence]',
        nsfw_check: true,
      }),
    );
    expect(e).toMatchObject({
      httpStatus: 400,
      type: 'nsfw_content_detected',
      code: 'nsfw_content_detected',
      param: null,
    });
    expect(e.message).toContain('violence');
  });
});

describe('faults', () => {
  it('[ERR-9] a 429 on a poll is waited out by its Retry-After, then retried', async () => {
    const c = client();
    const ack = await c.submit('image.i4', { model: 'image_model_id_i4', prompt: 'x' });
    sim.faults.set({ paths: ['/v1/tasks/'], retryAfterSeconds: 3 });
    sim.faults.enqueue('429');
    expect((await c.getTask(ack.taskId, 'tasks')).id).toBe(ack.taskId);
    expect(clock.sleeps).toEqual([3000]);
    expect(sim.faults.injected['429']).toBeGreaterThan(0);
  });

  it('[ERR-11] a 502 and a reset on a poll are retried with backoff', async () => {
    const c = client();
    const ack = await c.submit('image.i4', { model: 'image_model_id_i4', prompt: 'x' });
    sim.faults.set({ paths: ['/v1/tasks/'] });
    sim.faults.enqueue('502', 'reset');
    expect((await c.getTask(ack.taskId, 'tasks')).id).toBe(ack.taskId);
    expect(clock.sleeps).toEqual([375, 750]);
  });

  it('a hung poll times out on the client clock and is retried', async () => {
    const manual = new ManualClock(simClock.now());
    const c = new GatewayClient({
      baseUrl: sim.url,
      apiKey: sim.keys.default,
      clock: manual,
      random: () => 0,
      timeoutMs: 5_000,
    });
    const ack = await c.submit('image.i4', { model: 'image_model_id_i4', prompt: 'x' });
    sim.faults.set({ paths: ['/v1/tasks/'] });
    sim.faults.enqueue('hang');
    const pending = c.getTask(ack.taskId, 'tasks');
    await sim.faults.whenInjected('hang');
    await manual.advance(5_000);
    await manual.advance(500);
    expect((await pending).id).toBe(ack.taskId);
  });

  it('[EP-IMAGE-I2HDR-1] an I2 submission whose answer was lost is retried with its key: one task, not two', async () => {
    const c = client();
    const before = (await c.tokenBalance()).used_balance;
    sim.faults.set({ paths: ['/v1/images/'] });
    sim.faults.enqueue('reset');
    const ack = await c.submit(
      'image.i2',
      { model: 'image_model_id_i2', prompt: 'lost answer' },
      { idempotencyKey: 'op-lost-1' },
    );
    expect(sim.faults.injected.reset).toBeGreaterThan(0);
    // the same key and body again: the original task comes back
    const again = await c.submit(
      'image.i2',
      { model: 'image_model_id_i2', prompt: 'lost answer' },
      { idempotencyKey: 'op-lost-1' },
    );
    expect(again.taskId).toBe(ack.taskId);
    await finish(c, ack.taskId, 'tasks');
    sim.settle();
    const after = (await c.tokenBalance()).used_balance;
    const one = await c.getTask(ack.taskId, 'tasks');
    expect(after - before).toBeCloseTo(one.cost ?? Number.NaN, 6);
  });

  it('a non-idempotent submission is not retried after a reset: the caller learns the outcome is unknown', async () => {
    sim.faults.set({ paths: ['/v1/videos/'] });
    sim.faults.enqueue('reset');
    const e = await failure(
      client().submit('video.h', { model: 'video_model_id_h', prompt: 'x', duration: 5 }),
    );
    expect(e).toMatchObject({ type: 'network_error', httpStatus: null, retryable: true });
    expect(clock.sleeps).toEqual([]);
  });
});
