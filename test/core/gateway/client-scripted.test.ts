// The client against a scripted HTTP server on 127.0.0.1, for what the simulator cannot show: the exact bytes
// that left the client (headers, raw query, body), exact retry sequences, and answers a conforming gateway never
// gives (HTML on 200, a redirect, the key echoed back, error bodies for requests the client refuses to send).
// Retry waits run on a StepClock: nothing really waits.
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import {
  GatewayClient,
  GatewayError,
  type GatewayCallEvent,
  type GatewayClientOptions,
} from '../../../electron/core/gateway';
import { startScriptedServer, type ScriptedServer } from '../../support/scripted-server';
import { failure } from '../../support/gateway-failure';
import { StepClock } from '../../support/step-clock';

const KEY = 'sk-live-SECRET-0123456789abcdef';
const ackA = { code: 200, data: [{ status: 'submitted', task_id: 'task-a' }] };
const ackB = {
  code: 202,
  request_id: 'req-1',
  data: {
    id: 'task-b',
    object: 'generation.task',
    type: 'image',
    status: 'pending',
    progress: 0,
    poll_url: '/v1/tasks/task-b',
  },
};
const i2 = { model: 'image_model_id_i2', prompt: 'a lighthouse at dusk' };
const video = { model: 'video_model_id_v1_pro', prompt: 'waves', duration: 5 };

let server: ScriptedServer;
let clock: StepClock;
let events: GatewayCallEvent[];

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.fallback = { status: 200, body: {} };
});

function client(extra: Partial<GatewayClientOptions> = {}): GatewayClient {
  clock = new StepClock();
  events = [];
  return new GatewayClient({
    baseUrl: server.url,
    apiKey: KEY,
    clock,
    random: () => 0.5,
    timeoutMs: 60_000,
    onCall: (e) => events.push(e),
    ...extra,
  });
}

describe('requests', () => {
  it('[AUTH-1] [EP-IMAGE-I2HDR-2] [VER-2] sends the key as a Bearer token and the I2 response-version header', async () => {
    server.reply({ status: 202, body: ackB });
    const ack = await client().submit('image.i2', i2);
    expect(ack).toEqual({ taskId: 'task-b', status: 'pending', endpoint: 'tasks', requestId: 'req-1' }); // [ACK-3]
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/images/generations');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers['x-service-response-version']).toBe('2026-07-27');
    expect(req?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual(i2);
  });

  it('[EP-IMAGE-I2HDR-3] accepts Shape A from I2 too', async () => {
    server.reply({ status: 200, body: ackA });
    expect((await client().submit('image.i2', i2)).taskId).toBe('task-a');
  });

  it('[EP-IMAGE-0] only I2 gets its extra headers (every family an Idempotency-Key); the body goes to the catalog path', async () => {
    server.reply({ status: 200, body: ackA });
    await client().submit('video.v1', video);
    const [req] = server.requests;
    expect(req?.url).toBe('/v1/videos/generations');
    expect(req?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(req?.headers['x-service-response-version']).toBeUndefined();
  });

  it('validates with the family schema before sending: nothing invalid leaves the machine', async () => {
    const c = client();
    for (const [family, body] of [
      ['image.i2', { ...i2, n: 5 }], // [LIM-9]
      ['image.i3', { model: 'image_model_id_i3', prompt: 'x'.repeat(801) }], // [LIM-8]
      ['image.i4', { model: 'image_model_id_i4', prompt: 'x', image_urls: ['https://e.com/a.png'] }], // [EP-IMAGE-4]
      ['video.h', { model: 'video_model_id_h', prompt: 'x', duration: 7 }], // [LIM-11]
      ['image.i2', { ...i2, size: '7:3' }], // [EP-IMAGE-2] enum
      ['image.i2', { ...i2, image_urls: Array(17).fill('https://e.com/a.png') }], // [LIM-10]
      ['video.v2', { model: 'video_model_id_v2', prompt: 'x' }], // [LIM-10] 1 to 7 references
      ['video.s', { model: 'video_model_id_s', prompt: 'x'.repeat(4001) }], // [LIM-8]
      ['video.v1', { ...video, nsfw_check: true }], // [COMMON-2]
      ['image.i3', { model: 'image_model_id_i3', prompt: 'x', webhook: 'http://127.0.0.1/hook' }], // [EVT-9]
    ] as const) {
      const e = await failure(c.submit(family, body));
      expect(e).toMatchObject({ type: 'validation_error', httpStatus: null, retryable: false });
      expect(e.param).not.toBeNull();
    }
    const speech = await failure(c.speech({ model: 'speech_model_id', input: 'x'.repeat(4097) })); // [LIM-7]
    expect(speech.param).toBe('input');
    expect(server.requests).toHaveLength(0);
  });

  it('[EP-VIDEO-6] model-specific rules follow the configured model ids, read at call time', async () => {
    server.fallback = { status: 200, body: ackA };
    let models = {};
    const c = client({ models: () => models });
    const long = { model: 'acme-s-mini-2', prompt: 'x'.repeat(5000) };
    // not yet configured: an unknown model id gets the strict 4000-character limit
    expect(await failure(c.submit('video.s', long))).toMatchObject({
      type: 'validation_error',
      param: 'prompt',
    });
    expect(server.requests).toHaveLength(0);
    models = { 'video.s': { mini: 'acme-s-mini-2' } }; // the mini variant has no limit
    expect((await c.submit('video.s', long)).taskId).toBe('task-a');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(long);
  });

  it('[EP-GRID-1] drops a model the grid body does not have; refuses speech through submit', async () => {
    server.reply({ status: 200, body: ackA });
    await client().submit('grid.upscale', { model: '', task_id: 'grid-1', index: 2, speed: 'fast' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      task_id: 'grid-1',
      index: 2,
      speed: 'fast',
    });
    expect((await failure(client().submit('speech', { model: 'speech_model_id', input: 'hi' }))).type).toBe(
      'validation_error',
    );
  });

  it('[EP-TASK-1] [EP-MUSIC-1] polls the right endpoint with the id encoded', async () => {
    server.reply(
      { body: { id: 'a/b', status: 'processing', progress: 40 } },
      {
        body: {
          code: 200,
          data: { id: 'm1', status: 'completed', result: { music: [{ audio_url: 'https://cdn/1.mp3' }] } },
        },
      },
    );
    const c = client();
    expect(await c.getTask('a/b', 'tasks')).toMatchObject({ id: 'a/b', status: 'processing', progress: 40 });
    const music = await c.getTask('m1', 'music');
    expect(music.files).toEqual([
      expect.objectContaining({ kind: 'audio', url: 'https://cdn/1.mp3', index: 0 }),
    ]);
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/v1/tasks/a%2Fb'],
      ['GET', '/v1/music/tasks/m1'],
    ]);
  });

  it('keeps a path prefix in the base URL', async () => {
    server.reply({ body: { id: 't', status: 'pending' } });
    await client({ baseUrl: `${server.url}/gw/` }).getTask('t', 'tasks');
    expect(server.requests[0]?.url).toBe('/gw/v1/tasks/t');
  });
});

describe('[EP-USAGE-1] usage query encoding', () => {
  const report = {
    success: true,
    data: {
      scope: 'account',
      start: 1777593600,
      end: 1777680000,
      tz: 'UTC',
      group_by: 'model',
      total: { amount_usd: 0.5, credits: 5, requests: 2, prompt_tokens: 0, completion_tokens: 0 },
      items: [
        { model: 'm', amount_usd: 0.5, credits: 5, requests: 2, prompt_tokens: 0, completion_tokens: 0 },
      ],
    },
  };

  it('sends + in RFC 3339 values as %2B and returns X-Usage-Cache [EP-USAGE-3]', async () => {
    server.reply({ body: report, headers: { 'x-usage-cache': 'HIT' } });
    const out = await client().usage({
      start: '2026-05-01T08:00:00+08:00',
      end: '2026-05-02T00:00:00Z',
      model: ['m', 'n'],
      group_by: 'model,date',
      tz: 'Asia/Shanghai',
      scope: 'account',
    });
    expect(out.cache).toBe('hit');
    expect(out.report.items[0]?.model).toBe('m');
    const url = server.requests[0]?.url ?? '';
    expect(url.startsWith('/v1/usage?')).toBe(true);
    expect(url).toContain('start=2026-05-01T08%3A00%3A00%2B08%3A00');
    expect(url).not.toContain('+');
    const params = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      start: '2026-05-01T08:00:00+08:00',
      end: '2026-05-02T00:00:00Z',
      model: 'm,n',
      group_by: 'model,date',
      tz: 'Asia/Shanghai',
      scope: 'account',
    });
  });

  it('uses /usage when asked, and refuses milliseconds before sending [EP-USAGE-PARAM-1]', async () => {
    server.reply({ body: report, headers: { 'x-usage-cache': 'miss' } });
    const c = client();
    expect((await c.usage({ start: 1777593600 }, { path: '/usage' })).cache).toBe('miss');
    expect(server.requests[0]?.url).toBe('/usage?start=1777593600');
    const e = await failure(c.usage({ start: 1777593600000 }));
    expect(e).toMatchObject({ type: 'validation_error', param: 'start' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('balances', () => {
  it('[EP-TBAL-1] /v1/balance by default, /balance on request', async () => {
    const body = {
      success: true,
      remain_balance: 1,
      remain_credits: 10,
      used_balance: 0,
      used_credits: 0,
      unlimited_quota: false,
    };
    server.reply({ body }, { body });
    const c = client();
    await c.tokenBalance();
    await c.tokenBalance({ path: '/balance' });
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/balance', '/balance']);
  });
});

describe('error bodies', () => {
  it('[ERR-OTHER-3] [EP-IMAGE-I2HDR-4] I2 body with param', async () => {
    server.reply({
      status: 400,
      body: {
        error: {
          message: 'version unknown',
          type: 'invalid_request_error',
          param: 'version',
          code: 'invalid_request_error',
        },
      },
    });
    const e = await failure(client().submit('image.i2', i2));
    expect(e).toMatchObject({ httpStatus: 400, param: 'version', code: 'invalid_request_error' });
  });

  it('[AUTH-2] [ERR-4] a bare message body on 401', async () => {
    server.reply({ status: 401, body: { message: 'No Authorization header was provided' } });
    const e = await failure(client().tokenBalance());
    expect(e).toMatchObject({
      httpStatus: 401,
      type: 'authentication_error',
      message: 'No Authorization header was provided',
    });
  });

  it('[ERR-8] [EP-SPEECH-1] speech 413 from the gateway', async () => {
    server.reply({
      status: 413,
      body: { error: { code: 413, message: 'input too long', type: 'invalid_request_error' } },
    });
    const e = await failure(client().speech({ model: 'speech_model_id', input: 'hello' }));
    expect(e).toMatchObject({ httpStatus: 413, type: 'invalid_request_error', message: 'input too long' });
  });

  it('a 2xx body that is not JSON, or not a known shape, is invalid_response and not retried', async () => {
    server.reply(
      { status: 200, body: '<html>maintenance</html>' },
      { status: 200, body: { code: 200, data: [] } },
    );
    const c = client();
    expect(await failure(c.getTask('t', 'tasks'))).toMatchObject({
      type: 'invalid_response',
      httpStatus: 200,
    });
    expect(await failure(c.submit('video.v1', video))).toMatchObject({ type: 'invalid_response' });
    expect(server.requests).toHaveLength(2);
  });

  it('a body over maxBodyBytes is invalid_response and not retried', async () => {
    server.reply({ body: { id: 't', status: 'pending', padding: 'x'.repeat(4096) } });
    const e = await failure(client({ maxBodyBytes: 1024 }).getTask('t', 'tasks'));
    expect(e).toMatchObject({ type: 'invalid_response', retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('does not follow a redirect to another origin (it would carry the key elsewhere)', async () => {
    server.reply({ status: 302, headers: { location: 'http://127.0.0.1:1/steal' } });
    const e = await failure(client().tokenBalance());
    expect(e.httpStatus).toBe(302);
    expect(server.requests).toHaveLength(1);
  });
});

describe('speech', () => {
  it('a JSON body on 200 is not taken for audio', async () => {
    server.reply({ status: 200, body: { ok: true } });
    expect(await failure(client().speech({ model: 'speech_model_id', input: 'hi' }))).toMatchObject({
      type: 'invalid_response',
    });
  });

  it('an error body on 200 is the refusal it says, not an answer that may have been charged', async () => {
    server.reply({
      status: 200,
      body: { error: { code: 402, message: 'Insufficient balance.', type: 'payment_required' } },
    });
    expect(await failure(client().speech({ model: 'speech_model_id', input: 'hi' }))).toMatchObject({
      httpStatus: 402,
      type: 'payment_required',
      retryable: false,
    });
  });

  const audio = { 'content-type': 'audio/wav' };
  const speechBody = { model: 'speech_model_id', input: 'hi' };

  /** Reads the stream to its end; resolves with the error it failed with, or null. */
  async function drain(stream: Readable, onChunk?: () => void): Promise<unknown> {
    try {
      for await (const _chunk of stream) onChunk?.();
      return null;
    } catch (e) {
      return e;
    }
  }

  it('[EP-SPEECH-1] [AUTH-6] cancelling mid-stream fails the stream with an aborted GatewayError, never the axios error that holds the key', async () => {
    server.reply({ headers: audio, body: Buffer.alloc(256, 1), cut: 'hang' });
    const controller = new AbortController();
    const out = await client().speech(speechBody, { signal: controller.signal });
    const e = await drain(out.stream, () => controller.abort());
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toMatchObject({ type: 'aborted', retryable: false });
    expect(inspect(e, { depth: 20, showHidden: true })).not.toContain(KEY);
  });

  it('[EP-SPEECH-1] a body that stops arriving times out on the injected clock (idle timeout)', async () => {
    const manual = new ManualClock();
    server.reply({ headers: audio, body: Buffer.alloc(256, 1), cut: 'hang' });
    const c = new GatewayClient({ baseUrl: server.url, apiKey: KEY, clock: manual, timeoutMs: 10_000 });
    const out = await c.speech(speechBody);
    let firstChunk = (): void => undefined;
    const arrived = new Promise<void>((resolve) => (firstChunk = resolve));
    const pending = drain(out.stream, () => firstChunk());
    await arrived;
    await manual.advance(9_000);
    expect(out.stream.destroyed).toBe(false); // bytes came 9 s ago: not idle long enough yet
    await manual.advance(1_000);
    const e = await pending;
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toMatchObject({ type: 'timeout', httpStatus: null });
  });

  it('[EP-SPEECH-1] a body that drips one byte at a time ends at a deadline proportional to its size', async () => {
    const manual = new ManualClock();
    // 32 KiB announced: due within the 10 s timeout plus 2 s (at 16 KiB/s); bytes keep coming, so the idle
    // timeout alone would never fire.
    server.reply({ headers: audio, body: Buffer.alloc(32 * 1024, 1), drip: 2 });
    const c = new GatewayClient({ baseUrl: server.url, apiKey: KEY, clock: manual, timeoutMs: 10_000 });
    const out = await c.speech(speechBody);
    let chunkArrived = (): void => undefined;
    const pending = drain(out.stream, () => chunkArrived());
    // The next chunk, or the end of the stream (the deadline may end it while we wait).
    const nextChunk = () =>
      new Promise<void>((resolve) => {
        chunkArrived = resolve;
        out.stream.once('close', resolve);
      });
    let steps = 0;
    while (!out.stream.destroyed && steps < 20) {
      await nextChunk();
      await manual.advance(3_000);
      steps++;
    }
    const e = await pending;
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toMatchObject({ type: 'timeout', httpStatus: null });
    expect((e as GatewayError).message).toMatch(/too slowly/);
    expect(steps).toBe(4); // 12 s of dripping passed the 12 s deadline
  });

  it('[EP-SPEECH-1] an answer announcing 50 TiB is refused before it is read', async () => {
    server.reply({
      headers: { ...audio, 'content-length': String(50 * 2 ** 40) },
      body: Buffer.alloc(256, 1),
      cut: 'hang',
    });
    const out = await client().speech(speechBody);
    const e = await drain(out.stream);
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toMatchObject({ type: 'invalid_response' });
    expect((e as GatewayError).message).toMatch(/more than/);
  });

  it('[EP-SPEECH-1] a connection reset mid-body is a network_error GatewayError on the stream', async () => {
    server.reply({ headers: audio, body: Buffer.alloc(256, 1), cut: 'reset' });
    const out = await client().speech(speechBody);
    const e = await drain(out.stream);
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toMatchObject({ type: 'network_error', httpStatus: null });
    expect(inspect(e, { depth: 20, showHidden: true })).not.toContain(KEY);
  });

  it('[EP-SPEECH-1] a reset before anyone reads the stream is kept for the reader, not thrown at the process', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown): void => void uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      server.reply({ headers: audio, body: Buffer.alloc(256, 1), cut: 'reset' });
      const out = await client().speech(speechBody);
      // The caller does other work first (the speech service allocates a file path): the socket fails meanwhile.
      // 'close' follows the error; listening for it handles nothing, so an unhandled error would still be seen.
      if (!out.stream.errored) await new Promise((resolve) => out.stream.once('close', resolve));
      expect(out.stream.errored).toBeTruthy();
      const e = await pipeline(out.stream, new Writable({ write: (_c, _e, cb) => cb() })).then(
        () => null,
        (error: unknown) => error,
      );
      expect(e).toBeInstanceOf(GatewayError);
      expect(e).toMatchObject({ type: 'network_error', httpStatus: null });
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('[SVC-2] a whole body arrives intact through the stream', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    server.reply({ headers: audio, body: bytes });
    const out = await client().speech(speechBody);
    const chunks: Buffer[] = [];
    for await (const chunk of out.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(out.contentType).toBe('audio/wav');
  });

  it('is never retried (billed, not idempotent)', async () => {
    server.reply({ status: 502, body: 'bad gateway' });
    expect((await failure(client().speech({ model: 'speech_model_id', input: 'hi' }))).retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

describe('retries', () => {
  const rateLimited = (retryAfter: string) => ({
    status: 429,
    headers: { 'retry-after': retryAfter },
    body: { error: { code: 429, message: 'slow down', type: 'rate_limit_error' } },
  });

  it('[ERR-9] honours Retry-After as an HTTP-date', async () => {
    const c = client();
    server.reply(rateLimited(new Date(clock.now() + 5000).toUTCString()), {
      body: { id: 't', status: 'pending' },
    });
    await c.getTask('t', 'tasks');
    expect(clock.sleeps).toEqual([5000]);
  });

  it('[ERR-11] backs off exponentially with jitter, capped, then gives up with the last error', async () => {
    server.fallback = { status: 503, body: 'unavailable' };
    const c = client({ retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 3000 } });
    const e = await failure(c.getTask('t', 'tasks'));
    // random() = 0.5: each wait is 3/4 of the step 1000, 2000, 3000 (capped), 3000
    expect(clock.sleeps).toEqual([750, 1500, 2250, 2250]);
    expect(server.requests).toHaveLength(5);
    expect(e).toMatchObject({ httpStatus: 503, retryable: true });
  });

  it('jitter follows the injected random source', async () => {
    server.reply(
      { status: 502, body: '' },
      { status: 502, body: '' },
      { body: { id: 't', status: 'pending' } },
    );
    const draws = [0, 1];
    const c = client({ random: () => draws.shift() ?? 0, retry: { baseDelayMs: 1000 } });
    await c.getTask('t', 'tasks');
    expect(clock.sleeps).toEqual([500, 2000]);
  });

  it('a Retry-After beyond the cap is not waited out: the caller gets it', async () => {
    server.reply(rateLimited('3600'));
    const e = await failure(client().getTask('t', 'tasks'));
    expect(e).toMatchObject({ httpStatus: 429, retryable: true, retryAfterMs: 3_600_000 });
    expect(clock.sleeps).toEqual([]);
  });

  it('maxAttempts 1 (the engine paces itself) means no retry', async () => {
    server.reply({ status: 502, body: '' });
    await failure(client().getTask('t', 'tasks', { maxAttempts: 1 }));
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry 500, 4xx, or a non-idempotent POST', async () => {
    server.reply(
      { status: 500, body: '' },
      { status: 404, body: '' },
      { status: 502, body: '' },
      { reset: true },
    );
    const c = client();
    expect((await failure(c.getTask('t', 'tasks'))).httpStatus).toBe(500);
    expect((await failure(c.getTask('t', 'tasks'))).httpStatus).toBe(404);
    expect((await failure(c.submit('video.v1', video))).httpStatus).toBe(502);
    expect(await failure(c.submit('video.v1', video))).toMatchObject({
      type: 'network_error',
      retryable: true,
    });
    expect(server.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([]);
  });

  it('[EP-IMAGE-I2HDR-1] retries an I2 POST with the same Idempotency-Key and body', async () => {
    server.reply({ reset: true }, rateLimited('1'), { status: 502, body: '' }, { status: 202, body: ackB });
    const ack = await client().submit('image.i2', i2);
    expect(ack.taskId).toBe('task-b');
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
  });

  it('[EP-IMAGE-I2HDR-1] uses the caller key when given, and a new key per operation otherwise', async () => {
    server.fallback = { status: 202, body: ackB };
    const c = client();
    await c.submit('image.i2', i2, { idempotencyKey: 'op-42' });
    await c.submit('image.i2', i2);
    await c.submit('image.i2', i2);
    const [given, first, second] = server.requests.map((r) => r.headers['idempotency-key']);
    expect(given).toBe('op-42');
    expect(first).not.toBe(second);
  });

  it('every submission carries an Idempotency-Key, yet a non-I2 POST is never resent on it', async () => {
    server.reply({ status: 502, body: '' }, { status: 202, body: ackB });
    const c = client();
    expect((await failure(c.submit('video.v1', video, { idempotencyKey: 'op-v1' }))).httpStatus).toBe(502);
    await c.submit('image.i2', i2);
    const [v1, fox] = server.requests.map((r) => r.headers['idempotency-key']);
    expect(v1).toBe('op-v1');
    expect(fox).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('timeouts and cancellation', () => {
  it('every call times out on the injected clock', async () => {
    const manual = new ManualClock();
    server.reply({ hang: true });
    const c = new GatewayClient({
      baseUrl: server.url,
      apiKey: KEY,
      clock: manual,
      timeoutMs: 10_000,
      retry: { maxAttempts: 1 },
    });
    const pending = failure(c.getTask('t', 'tasks'));
    await server.received(1);
    await manual.advance(10_000);
    expect(await pending).toMatchObject({ type: 'timeout', httpStatus: null, retryable: true });
  });

  it('a timed-out GET is retried; a per-call timeout overrides the default', async () => {
    const manual = new ManualClock();
    server.reply({ hang: true }, { body: { id: 't', status: 'pending' } });
    const c = new GatewayClient({
      baseUrl: server.url,
      apiKey: KEY,
      clock: manual,
      random: () => 0,
      timeoutMs: 99_000,
    });
    const pending = c.getTask('t', 'tasks', { timeoutMs: 2_000 });
    await server.received(1);
    await manual.advance(2_000); // the timeout fires
    await manual.advance(1_000); // the backoff (500 ms with random 0) passes
    expect((await pending).status).toBe('pending');
  });

  it('an AbortSignal cancels the request and the retry wait', async () => {
    server.reply({ hang: true });
    const c = client();
    const controller = new AbortController();
    const pending = failure(c.getTask('t', 'tasks', { signal: controller.signal }));
    await server.received(1);
    controller.abort();
    expect(await pending).toMatchObject({ type: 'aborted', retryable: false });
    expect((await failure(c.getTask('t', 'tasks', { signal: AbortSignal.abort() }))).type).toBe('aborted');
    expect(server.requests).toHaveLength(1);
  });

  it('an unreachable gateway is a network error', async () => {
    const c = client({ baseUrl: 'http://127.0.0.1:1', retry: { maxAttempts: 2 } });
    const e = await failure(c.tokenBalance());
    expect(e).toMatchObject({
      type: 'network_error',
      httpStatus: null,
      code: 'ECONNREFUSED',
      retryable: true,
    });
    expect(clock.sleeps).toHaveLength(1);
  });
});

describe('[AUTH-6] the key never leaks', () => {
  const leaks = (value: unknown): boolean =>
    [
      JSON.stringify(value),
      String(value),
      inspect(value, { depth: 20, showHidden: true }),
      (value as Error)?.stack ?? '',
    ].some((s) => s?.includes(KEY));

  it('not from network errors (axios errors carry config.headers)', async () => {
    const e = await failure(
      client({ baseUrl: 'http://127.0.0.1:1', retry: { maxAttempts: 1 } }).tokenBalance(),
    );
    expect(leaks(e)).toBe(false);
    expect(Object.keys(e)).not.toContain('cause');
    expect(Object.keys(e)).not.toContain('config');
  });

  it('not from timeouts, HTTP errors, invalid bodies or validation', async () => {
    server.reply(
      {
        status: 401,
        body: { error: { code: 401, message: `Invalid key ${KEY}`, type: 'authentication_error' } },
      },
      { status: 200, body: `{"echo":"${KEY}"` },
      { status: 500, body: `<pre>Authorization: Bearer ${KEY}</pre>` },
    );
    const c = client();
    const errors = [
      await failure(c.tokenBalance()),
      await failure(c.getTask('t', 'tasks')),
      await failure(c.getTask('t', 'tasks')),
      await failure(c.submit('image.i2', { ...i2, prompt: '' })),
    ];
    for (const e of errors) expect(leaks(e)).toBe(false);
    expect(errors[0]?.message).toBe('Invalid key [redacted]');
    expect(leaks(events)).toBe(false);
  });

  it('not when the key comes from a function, and a missing key sends nothing', async () => {
    server.reply({
      body: { success: true, remain_balance: 1, remain_credits: 10, used_balance: 0, used_credits: 0 },
    });
    await client({ apiKey: async () => KEY }).userBalance();
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const e = await failure(client({ apiKey: () => '' }).userBalance());
    expect(e).toMatchObject({ type: 'authentication_error', code: 'missing_api_key', httpStatus: null });
    const unreadable = await failure(
      client({
        apiKey: () => {
          throw new Error(`keychain locked while holding ${KEY}`);
        },
      }).userBalance(),
    );
    expect(unreadable).toMatchObject({ type: 'authentication_error', code: 'api_key_unavailable' });
    expect(leaks(unreadable)).toBe(false);
    expect(server.requests).toHaveLength(1);
  });
});
