// Conformance: Idempotency-Key replays, fault injection, the download blob and the time scale.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobByteAt, ManualClock, SIM_KEYS, startSimulator } from '../../electron/simulator/index';
import { HOUR, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const I2 = { model: 'image_model_id_i2', prompt: 'idempotent', n: 2 };
const B_HEADERS = { 'X-Service-Response-Version': '2026-07-27' };

const remain = async (): Promise<number> => (await h.getJson('/v1/balance')).body.remain_balance as number;

describe('Idempotency-Key', () => {
  it('[EP-IMAGE-I2HDR-1] a replay with the same key and body returns the original task and charges once', async () => {
    const before = await remain();
    const first = await h.postJson('/v1/images/generations', I2, SIM_KEYS.default, {
      ...B_HEADERS,
      'Idempotency-Key': 'op-1',
    });
    expect(first.status).toBe(202);
    // same body, keys in another order
    const replay = await h.postJson(
      '/v1/images/generations',
      { n: 2, prompt: 'idempotent', model: 'image_model_id_i2' },
      SIM_KEYS.default,
      {
        ...B_HEADERS,
        'Idempotency-Key': 'op-1',
      },
    );
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual(first.body);
    expect(await remain()).toBeCloseTo(before - 0.08, 6);
    const another = await h.postJson('/v1/images/generations', I2, SIM_KEYS.default, {
      ...B_HEADERS,
      'Idempotency-Key': 'op-2',
    });
    expect((another.body.data as { id: string }).id).not.toBe((first.body.data as { id: string }).id);
  });

  it('[EP-IMAGE-I2HDR-1] the same key with another body answers 409 in the I2 error body', async () => {
    await h.postJson('/v1/images/generations', I2, SIM_KEYS.default, { 'Idempotency-Key': 'op-3' });
    const conflict = await h.postJson<{ error: Record<string, unknown> }>(
      '/v1/images/generations',
      { ...I2, n: 3 },
      SIM_KEYS.default,
      {
        'Idempotency-Key': 'op-3',
      },
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({
      type: 'idempotency_error',
      param: 'Idempotency-Key',
      code: expect.any(String),
    });
  });

  it('a call whose answer was lost (reset) is replayed from its key instead of creating a second task', async () => {
    const before = await remain();
    const lost = await h
      .call('/v1/images/generations', {
        method: 'POST',
        json: I2,
        headers: { 'Idempotency-Key': 'op-4', 'X-Sim-Fault': 'reset' },
      })
      .then(async (r) => r.json())
      .catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(Error);
    const retry = await h.postJson('/v1/images/generations', I2, SIM_KEYS.default, {
      'Idempotency-Key': 'op-4',
    });
    expect(retry.status).toBe(200);
    expect(retry.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await remain()).toBeCloseTo(before - 0.08, 6);
  });
});

describe('fault injection', () => {
  it('X-Sim-Fault: 429 answers rate_limit_error with Retry-After, 502 answers bad_gateway [ERR-9] [ERR-11]', async () => {
    const limited = await h.call('/v1/balance', { headers: { 'X-Sim-Fault': '429' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({
      error: { code: 429, message: expect.any(String), type: 'rate_limit_error' },
    });
    const bad = await h.call('/v1/tasks/grid-1', { headers: { 'X-Sim-Fault': '502' } });
    expect(bad.status).toBe(502);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe('bad_gateway');
  });

  it('[ERR-10] X-Sim-Fault: 500 answers server_error in the generic body', async () => {
    const res = await h.call('/v1/user/balance', { headers: { 'X-Sim-Fault': '500' } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: { code: 500, message: expect.any(String), type: 'server_error' },
    });
  });

  it('X-Sim-Fault: hang never answers, so the caller times out', async () => {
    const outcome = await h
      .call('/v1/balance', { headers: { 'X-Sim-Fault': 'hang' }, signal: AbortSignal.timeout(200) })
      .then(() => 'answered')
      .catch((e: unknown) => (e as Error).name);
    expect(outcome).toBe('TimeoutError');
  });

  it('X-Sim-Fault: reset cuts a download mid-body after Content-Length promised more', async () => {
    const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i3', prompt: 'cut' });
    h.clock.advance(HOUR);
    const { body } = await h.getJson<{ result: { images: { url: string[] }[] } }>(`/v1/tasks/${id}`);
    const url = new URL(body.result.images[0]?.url[0] ?? '');
    const received = await new Promise<{ length: number; promised: number; error: boolean }>((resolve) => {
      let length = 0;
      let promised = 0;
      const req = request(url, { headers: { 'X-Sim-Fault': 'reset' } }, (res) => {
        promised = Number(res.headers['content-length']);
        res.on('data', (c: Buffer) => (length += c.length));
        res.on('error', () => resolve({ length, promised, error: true }));
        res.on('end', () => resolve({ length, promised, error: false }));
      });
      req.on('error', () => resolve({ length, promised, error: true }));
      req.end();
    });
    expect(received.error).toBe(true);
    expect(received.length).toBeLessThan(received.promised);
  });

  it('faults.set({ rate, kinds, paths }) fails a share of matching calls; enqueue fails the next ones in order', async () => {
    h.sim.faults.set({ rate: 0.5, kinds: ['502'], paths: ['/v1/balance'] });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await h.call('/v1/balance')).status);
    const failed = statuses.filter((s) => s === 502).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    expect(statuses.every((s) => s === 200 || s === 502)).toBe(true);
    expect((await h.call('/v1/user/balance')).status).toBe(200); // outside the path filter
    h.sim.faults.clear();
    h.sim.faults.enqueue('429', '502');
    expect((await h.call('/v1/user/balance')).status).toBe(429);
    expect((await h.call('/v1/user/balance')).status).toBe(502);
    expect((await h.call('/v1/user/balance')).status).toBe(200);
    expect(h.sim.faults.injected['502']).toBeGreaterThan(failed - 1);
  });
});

describe('fault injection: a share of calls, by header and by start option', () => {
  it('X-Sim-Fault: 502; rate=0.5 fails about half of the calls that carry it, the rest are served', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await h.call('/v1/balance', { headers: { 'X-Sim-Fault': '502; rate=0.5' } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    const failed = statuses.filter((s) => s === 502).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    expect(statuses.every((s) => s === 200 || s === 502)).toBe(true);
  });

  it('X-Sim-Fault: 429,502 draws one of the listed faults for every call', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const res = await h.call('/v1/user/balance', { headers: { 'X-Sim-Fault': '429,502' } });
      statuses.add(res.status);
      await res.arrayBuffer();
    }
    expect([...statuses].sort()).toEqual([429, 502]);
  });

  it('a malformed X-Sim-Fault header answers 400 naming the grammar instead of passing silently', async () => {
    for (const header of ['bogus', '502; rate=2', '502; often', '429,teapot']) {
      const res = await h.call('/v1/balance', { headers: { 'X-Sim-Fault': header } });
      expect(res.status, header).toBe(400);
      const body = (await res.json()) as { error: { code: number; type: string; message: string } };
      expect(body.error).toMatchObject({ code: 400, type: 'invalid_request_error' });
      expect(body.error.message).toContain('X-Sim-Fault must be');
    }
  });

  it('startSimulator({ faults }) applies from the first call; bad options are refused', async () => {
    const sim = await startSimulator({
      clock: new ManualClock(),
      faults: { rate: 1, kinds: ['429'], paths: ['/v1/balance'], retryAfterSeconds: 7 },
    });
    try {
      const auth = { Authorization: `Bearer ${SIM_KEYS.default}` };
      const limited = await fetch(`${sim.url}/v1/balance`, { headers: auth });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      await limited.arrayBuffer();
      expect((await fetch(`${sim.url}/v1/user/balance`, { headers: auth })).status).toBe(200);
      expect(sim.faults.injected['429']).toBe(1);
      expect(() => sim.faults.set({ rate: 1.5 })).toThrow(/rate/);
      expect(() => sim.faults.set({ retryAfterSeconds: -1 })).toThrow(/retryAfterSeconds/);
      expect(() => sim.faults.set({ kinds: [] })).toThrow(/kinds/);
    } finally {
      await sim.close();
    }
  });
});

describe('download blob', () => {
  it('GET /sim/blob/<bytes> streams a deterministic file of that size with ranges', async () => {
    const size = 3 * 1024 * 1024 + 17;
    const whole = await fetch(`${h.sim.url}/sim/blob/${size}`);
    expect(whole.headers.get('content-length')).toBe(String(size));
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes.length).toBe(size);
    expect(bytes[size - 1]).toBe(blobByteAt(size - 1));
    expect(bytes[123_457]).toBe(blobByteAt(123_457));
    const part = await fetch(`${h.sim.url}/sim/blob/${size}`, {
      headers: { Range: 'bytes=1000000-1000009' },
    });
    expect(part.status).toBe(206);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual(
      Array.from({ length: 10 }, (_, i) => blobByteAt(1_000_000 + i)),
    );
  });
});

describe('time scale', () => {
  it('scales task durations and estimated_time, and link lifetimes [LIM-12]', async () => {
    const fast = await startHarness({ timeScale: 0.02 });
    try {
      const video = await fast.submit('/v1/videos/generations', {
        model: 'video_model_id_v1_pro',
        prompt: 'quick',
        duration: 5,
      });
      const first = await fast.getJson<{ estimated_time: number }>(`/v1/tasks/${video}`);
      expect(first.body.estimated_time).toBeLessThanOrEqual(3); // 120 s x 0.02
      const image = await fast.submit('/v1/images/generations', {
        model: 'image_model_id_i4',
        prompt: 'quick',
      });
      fast.clock.advance(3000);
      const done = await fast.getJson<{
        status: string;
        completed: number;
        result: { images: { expires_at: number }[] };
      }>(`/v1/tasks/${image}`);
      expect(done.body.status).toBe('completed');
      const lifetime = (done.body.result.images[0]?.expires_at ?? 0) - done.body.completed;
      expect(Math.abs(lifetime - 24 * 3600 * 0.02)).toBeLessThanOrEqual(1);
    } finally {
      await fast.close();
    }
  });

  it('rejects nonsense options', async () => {
    await expect(startSimulator({ timeScale: 0 })).rejects.toThrow(/timeScale/);
    await expect(startSimulator({ seed: 1.5 })).rejects.toThrow(/seed/);
    await expect(startSimulator({ fixturesDir: '/nonexistent/fixtures' })).rejects.toThrow(
      /fixtures not found.*\/nonexistent/,
    );
  });
});

describe('closing', () => {
  it('leaves no timers on a clock shared with the caller', async () => {
    const shared = new ManualClock();
    const sim = await startSimulator({ clock: shared });
    const res = await fetch(`${sim.url}/v1/images/generations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SIM_KEYS.default}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'image_model_id_i3', prompt: 'pending at close' }),
    });
    expect(res.status).toBe(200);
    expect(shared.pendingTimers()).toBe(1);
    await sim.close();
    expect(shared.pendingTimers()).toBe(0);
  });
});
