// Conformance: image submissions, acknowledgement shapes, task progression and real PNG results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS } from '../../electron/simulator/index';
import { HOUR, pngDimensions, SECOND, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Task = {
  id: string;
  status: string;
  progress: number;
  created: number;
  completed?: number;
  actual_time?: number;
  estimated_time: number;
  cost: number;
  credits_cost: number;
  result?: { images: { url: string[]; expires_at: number }[] };
  error?: { message: string; code: string };
};

async function task(id: string, key: string = SIM_KEYS.default): Promise<Task> {
  const { status, body } = await h.getJson<Task>(`/v1/tasks/${id}`, key);
  expect(status).toBe(200);
  return body;
}

async function download(url: string): Promise<Response> {
  return fetch(url);
}

describe('[ACK-1] [EP-IMAGE-0] acknowledgement shapes', () => {
  it('[ACK-4] [EP-IMAGE-1] family I1 answers Shape C with status processing [STATE-3]', async () => {
    const { status, body } = await h.postJson('/v1/images/generations', {
      model: 'image_model_id_i1',
      prompt: 'a fox',
    });
    expect(status).toBe(200);
    expect(body.code).toBe('success');
    expect(body.data).toEqual([{ task_id: expect.any(String), status: 'processing' }]);
  });

  it('[ACK-2] [STATE-1] most image families answer Shape A with status submitted', async () => {
    for (const model of [
      'image_model_id_i3',
      'image_model_id_i4',
      'image_model_id_i5',
      'image_model_id_i5_alias',
      'image_model_id_i6',
    ]) {
      const { status, body } = await h.postJson('/v1/images/generations', { model, prompt: 'a fox' });
      expect(status, model).toBe(200);
      expect(body).toEqual({ code: 200, data: [{ status: 'submitted', task_id: expect.any(String) }] });
    }
  });

  it('[ACK-3] [EP-IMAGE-I2HDR-2] [VER-2] I2 answers Shape B (202, pending) with X-Service-Response-Version 2026-07-27 [STATE-2]', async () => {
    const { status, body } = await h.postJson(
      '/v1/images/generations',
      { model: 'image_model_id_i2', prompt: 'a fox' },
      SIM_KEYS.default,
      { 'X-Service-Response-Version': '2026-07-27' },
    );
    expect(status).toBe(202);
    expect(body).toMatchObject({ code: 202, request_id: expect.any(String) });
    const data = body.data as Record<string, unknown>;
    expect(data).toMatchObject({ object: 'generation.task', type: 'image', status: 'pending', progress: 0 });
    expect(data.poll_url).toBe(`/v1/tasks/${String(data.id)}`);
  });

  it('[EP-IMAGE-I2HDR-3] I2 answers Shape A (200) without the version header', async () => {
    const { status, body } = await h.postJson('/v1/images/generations', {
      model: 'image_model_id_i2',
      prompt: 'a fox',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, data: [{ status: 'submitted', task_id: expect.any(String) }] });
    // Only the value 2026-07-27 selects Shape B ([VER-2]); another version is answered in Shape A.
    const other = await h.postJson(
      '/v1/images/generations',
      { model: 'image_model_id_i2', prompt: 'a fox' },
      undefined,
      { 'X-Service-Response-Version': '2025-01-01' },
    );
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ code: 200, data: [{ status: 'submitted', task_id: expect.any(String) }] });
  });
});

describe('[SVC-1] [STATE-6] task progression (transitions chosen: acknowledged state, then processing, then terminal)', () => {
  it('[TASK-1] [TASK-2] [TASK-4] [TASK-7] [STATE-4] an I3 task rises through processing to completed, then serves a PNG', async () => {
    const id = await h.submit('/v1/images/generations', {
      model: 'image_model_id_i3',
      prompt: 'a lighthouse',
      size: '16:9',
    });
    const first = await task(id);
    expect(first).toMatchObject({ id, status: 'submitted', progress: 0 }); // [TASK-1] [TASK-2] [TASK-3]
    expect(first.created).toBe(Math.floor(h.clock.now() / 1000)); // [TASK-4] Unix seconds
    expect(Number.isInteger(first.estimated_time)).toBe(true); // [TASK-7]
    expect(first.estimated_time).toBeGreaterThan(0); // [TASK-7]
    expect(first).not.toHaveProperty('result');
    expect(first).not.toHaveProperty('completed');

    h.clock.advance(first.estimated_time * SECOND * 0.5);
    const middle = await task(id);
    expect(middle.status).toBe('processing');
    expect(middle.progress).toBeGreaterThan(0);
    expect(middle.progress).toBeLessThan(100);

    h.clock.advance(first.estimated_time * SECOND);
    const done = await task(id);
    expect(done.status).toBe('completed'); // [TASK-2]
    expect(done.progress).toBe(100); // [TASK-3]
    expect(done.completed).toBeGreaterThanOrEqual(done.created); // [TASK-5]
    expect(done.actual_time).toBe((done.completed ?? 0) - done.created); // [TASK-6]
    expect(done.cost).toBeGreaterThan(0); // [TASK-8]
    expect(done.credits_cost).toBeCloseTo(done.cost * 10, 6); // [TASK-9]
    const [images] = done.result?.images ?? [];
    expect(images?.url).toHaveLength(1);
    expect(images?.expires_at).toBeGreaterThan(Math.floor(h.clock.now() / 1000)); // [TASK-10]
    const res = await download(images?.url[0] ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(pngDimensions(bytes)).toEqual({ width: 1280, height: 720 }); // [EP-IMAGE-I3SIZE-4]
  });

  it('[TASK-11] [STATE-5] a [fail] prompt fails with a message and a code, and is not charged [STATE-7]', async () => {
    const before = (await h.getJson('/v1/balance')).body.remain_balance as number;
    const id = await h.submit('/v1/images/generations', {
      model: 'image_model_id_i3',
      prompt: 'please [fail]',
    });
    h.clock.advance(HOUR);
    const failed = await task(id);
    expect(failed.status).toBe('failed');
    expect(failed.progress).toBe(100);
    expect(failed.error?.message).toEqual(expect.any(String));
    expect(typeof failed.error?.code).toBe('string');
    expect(failed).not.toHaveProperty('result');
    const after = (await h.getJson('/v1/balance')).body.remain_balance as number;
    expect(after).toBeCloseTo(before, 6);
  });

  it('a [fail-once] body fails the first time and succeeds sent again (a failure a retry mends)', async () => {
    const body = { model: 'image_model_id_i3', prompt: 'a retry mends this [fail-once]' };
    const first = await h.submit('/v1/images/generations', body);
    h.clock.advance(HOUR);
    expect((await task(first)).status).toBe('failed');
    expect((await task(first)).error?.message).toContain('[fail-once]');
    const again = await h.submit('/v1/images/generations', body);
    h.clock.advance(HOUR);
    expect((await task(again)).status).toBe('completed');
  });

  it('[SVC-5] a completed task lowers both the token and the user balance by its cost', async () => {
    const token = (await h.getJson('/v1/balance')).body.remain_balance as number;
    const user = (await h.getJson('/v1/user/balance')).body.remain_balance as number;
    const id = await h.submit('/v1/images/generations', {
      model: 'image_model_id_i5',
      prompt: 'cost',
      n: 2,
      resolution: '2K',
    });
    h.clock.advance(HOUR);
    const done = await task(id);
    expect(done.cost).toBeCloseTo(0.1, 6);
    expect((await h.getJson('/v1/balance')).body.remain_balance).toBeCloseTo(token - done.cost, 6);
    expect((await h.getJson('/v1/user/balance')).body.remain_balance).toBeCloseTo(user - done.cost, 6);
  });

  it('[TASK-13] [EP-TASK-1] the I2 task query wraps the task in {code: 200, data}', async () => {
    const id = await h.submit('/v1/images/generations', {
      model: 'image_model_id_i2',
      prompt: 'wrapped',
      n: 3,
      size: '16:9',
      resolution: '2K',
    });
    h.clock.advance(HOUR);
    const { body } = await h.getJson<{ code: number; data: Task }>(`/v1/tasks/${id}`);
    expect(body.code).toBe(200);
    expect(body.data.status).toBe('completed');
    const urls = body.data.result?.images[0]?.url ?? []; // [EP-IMAGE-I2RES-1]
    expect(urls).toHaveLength(3);
    const bytes = new Uint8Array(await (await download(urls[2] ?? '')).arrayBuffer());
    expect(pngDimensions(bytes)).toEqual({ width: 2048, height: 1152 });
  });

  it('[AUTH-5] [ERR-6] another user reading the task answers 403 permission_error; unknown ids 404 [ERR-7]', async () => {
    const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i6', prompt: 'mine' });
    const other = await h.getJson<{ error: { type: string; code: number } }>(
      `/v1/tasks/${id}`,
      SIM_KEYS.other,
    );
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ type: 'permission_error', code: 403 });
    const sameUser = await h.getJson(`/v1/tasks/${id}`, SIM_KEYS.default2);
    expect(sameUser.status).toBe(200);
    const missing = await h.getJson<{ error: { type: string } }>('/v1/tasks/task_does_not_exist');
    expect(missing.status).toBe(404);
    expect(missing.body.error.type).toBe('not_found_error');
    // An id with a malformed %-escape names no task either: 404 on both task paths, 401 still comes first.
    for (const path of ['/v1/tasks/%E0%A4%A', '/v1/music/tasks/%ZZ']) {
      const bad = await h.getJson<{ error: { type: string } }>(path);
      expect(bad.status, path).toBe(404);
      expect(bad.body.error.type).toBe('not_found_error');
      expect((await h.getJson(path, null)).status, path).toBe(401);
    }
  });
});

describe('sizes and counts', () => {
  // The whole table: every ratio at both tiers, and the 1K default when resolution is omitted.
  const table: [string, string, string, number, number][] = [
    ['[EP-IMAGE-I3SIZE-1]', '1:1', '1K', 1024, 1024],
    ['[EP-IMAGE-I3SIZE-1]', '1:1', '2K', 2048, 2048],
    ['[EP-IMAGE-I3SIZE-2]', '4:3', '1K', 1152, 864],
    ['[EP-IMAGE-I3SIZE-2]', '4:3', '2K', 2048, 1536],
    ['[EP-IMAGE-I3SIZE-3]', '3:4', '1K', 864, 1152],
    ['[EP-IMAGE-I3SIZE-3]', '3:4', '2K', 1536, 2048],
    ['[EP-IMAGE-I3SIZE-4]', '16:9', '1K', 1280, 720],
    ['[EP-IMAGE-I3SIZE-4]', '16:9', '2K', 2048, 1152],
    ['[EP-IMAGE-I3SIZE-5]', '9:16', '1K', 720, 1280],
    ['[EP-IMAGE-I3SIZE-5]', '9:16', '2K', 1152, 2048],
    ['[EP-IMAGE-I3SIZE-6]', '3:2', '1K', 1248, 832],
    ['[EP-IMAGE-I3SIZE-6]', '3:2', '2K', 2048, 1360],
    ['[EP-IMAGE-I3SIZE-7]', '2:3', '1K', 832, 1248],
    ['[EP-IMAGE-I3SIZE-7]', '2:3', '2K', 1360, 2048],
  ];
  it.each(table)('%s I3 %s at %s is %ix%i', async (_clause, size, resolution, width, height) => {
    const id = await h.submit('/v1/images/generations', {
      model: 'image_model_id_i3',
      prompt: 'size',
      size,
      resolution,
    });
    h.clock.advance(HOUR);
    const done = await task(id);
    const url = done.result?.images[0]?.url[0] ?? '';
    expect(pngDimensions(new Uint8Array(await (await download(url)).arrayBuffer()))).toEqual({
      width,
      height,
    });
  });

  it('[EP-IMAGE-3] [EP-IMAGE-I3SIZE-1] I3 defaults to 1:1 at 1K', async () => {
    const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i3', prompt: 'default' });
    h.clock.advance(HOUR);
    const url = (await task(id)).result?.images[0]?.url[0] ?? '';
    expect(pngDimensions(new Uint8Array(await (await download(url)).arrayBuffer()))).toEqual({
      width: 1024,
      height: 1024,
    });
  });

  it('[EP-IMAGE-5] I5 honours extreme ratios and n', async () => {
    const id = await h.submit('/v1/images/generations', {
      model: 'image_model_id_i5_alias',
      prompt: 'tall',
      size: '1:8',
      n: 2,
    });
    h.clock.advance(HOUR);
    const urls = (await task(id)).result?.images[0]?.url ?? [];
    expect(urls).toHaveLength(2);
    const dims = pngDimensions(new Uint8Array(await (await download(urls[0] ?? '')).arrayBuffer()));
    expect(dims.height).toBe(1024);
    expect(dims.width).toBe(128);
  });

  it('[EP-IMAGE-1] I1 ignores a size that is not a usable ratio and still serves a real square PNG', async () => {
    const id = await h.submit('/v1/images/generations', {
      model: 'image_model_id_i1',
      prompt: 'zero ratio',
      size: '0:0',
    });
    h.clock.advance(HOUR);
    const url = (await task(id)).result?.images[0]?.url[0] ?? '';
    const res = await download(url);
    expect(res.status).toBe(200);
    expect(pngDimensions(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1024, height: 1024 });
  });
});

describe('result links', () => {
  it('[LIM-12] [EP-IMAGE-4] [EP-IMAGE-6] I4 and I6 links live 24 hours and stop working after expires_at', async () => {
    for (const model of ['image_model_id_i4', 'image_model_id_i6']) {
      const id = await h.submit('/v1/images/generations', { model, prompt: 'ephemeral' });
      h.clock.advance(HOUR / 60);
      const done = await task(id);
      const entry = done.result?.images[0];
      expect(entry?.expires_at, model).toBe((done.completed ?? 0) + 24 * 3600);
      expect((await download(entry?.url[0] ?? '')).status).toBe(200);
      h.clock.set((entry?.expires_at ?? 0) * 1000 - 1000);
      expect((await download(entry?.url[0] ?? '')).status).toBe(200);
      h.clock.advance(1000);
      const expired = await download(entry?.url[0] ?? '');
      expect(expired.status).toBe(403);
      await expired.body?.cancel();
    }
  });

  it('file downloads support Range requests with Content-Range and 416 past the end', async () => {
    const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i3', prompt: 'ranged' });
    h.clock.advance(HOUR / 60);
    const url = (await task(id)).result?.images[0]?.url[0] ?? '';
    const whole = new Uint8Array(await (await download(url)).arrayBuffer());
    const part = await fetch(url, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.length}`);
    expect(part.headers.get('content-length')).toBe('10');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.slice(10, 20));
    const tail = await fetch(url, { headers: { Range: `bytes=${whole.length - 5}-` } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(-5));
    const beyond = await fetch(url, { headers: { Range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('HEAD on a file answers its Content-Length without a body', async () => {
    const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i3', prompt: 'head' });
    h.clock.advance(HOUR / 60);
    const url = (await task(id)).result?.images[0]?.url[0] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    const whole = new Uint8Array(await (await download(url)).arrayBuffer());
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(whole.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
  });
});

describe('[VER-3] model versions', () => {
  it('[EP-IMAGE-2] I2 bills by version and resolution: sunburst costs more than flare', async () => {
    const cost = async (body: Record<string, unknown>): Promise<number> => {
      const id = await h.submit('/v1/images/generations', {
        model: 'image_model_id_i2',
        prompt: 'bill',
        ...body,
      });
      h.clock.advance(HOUR);
      return (await h.getJson<{ data: Task }>(`/v1/tasks/${id}`)).body.data.cost;
    };
    const flare = await cost({});
    expect(await cost({ version: 'sunburst' })).toBeGreaterThan(flare);
    expect(await cost({ resolution: '4K' })).toBeGreaterThan(flare);
    expect(await cost({ n: 2 })).toBeCloseTo(flare * 2, 6);
  });
});
