// Conformance: authentication and both balance endpoints, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS } from '../../electron/simulator/index';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('authentication', () => {
  it('[AUTH-2] [ERR-4] a missing header answers 401 saying no Authorization header was provided', async () => {
    const { status, body } = await h.getJson<{ error: { code: number; type: string; message: string } }>(
      '/v1/balance',
      null,
    );
    expect(status).toBe(401);
    expect(body.error.type).toBe('authentication_error');
    expect(body.error.code).toBe(401); // [ERR-1] generic body: code equals the HTTP status
    expect(body.error.message).toMatch(/no authorization header was provided/i);
  });

  it('[AUTH-1] [AUTH-2] [EP-TBAL-3] an unknown key answers 401 authentication_error on every endpoint [EP-0]', async () => {
    for (const path of ['/v1/balance', '/v1/user/balance', '/v1/usage', '/v1/tasks/grid-1']) {
      const { status, body } = await h.getJson<{ error: { type: string } }>(path, 'sk-not-a-key');
      expect(status, path).toBe(401);
      expect(body.error.type).toBe('authentication_error');
    }
    const post = await h.postJson<{ error: { type: string } }>(
      '/v1/images/generations',
      { model: 'image_model_id_i3', prompt: 'x' },
      'nope',
    );
    expect(post.status).toBe(401);
  });

  it('[AUTH-6] a key is a secret: no answer echoes the key that was sent', async () => {
    const secret = 'sk-live-0123456789abcdef';
    for (const path of ['/v1/balance', '/v1/usage', '/v1/tasks/grid-1']) {
      const res = await h.call(path, { key: secret });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain(secret);
    }
    const res = await h.call('/v1/tasks/grid-1', { key: SIM_KEYS.other });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain(SIM_KEYS.other);
  });
});

describe('key and account checks on every endpoint', () => {
  const everyEndpoint = async (key: string): Promise<{ path: string; status: number; type: string }[]> => {
    const out: { path: string; status: number; type: string }[] = [];
    for (const path of [
      '/v1/balance',
      '/balance',
      '/v1/user/balance',
      '/v1/usage',
      '/usage',
      '/v1/tasks/grid-1',
    ]) {
      const { status, body } = await h.getJson<{ error: { type: string } }>(path, key);
      out.push({ path, status, type: body.error.type });
    }
    for (const [path, json] of [
      ['/v1/images/generations', { model: 'image_model_id_i3', prompt: 'x' }],
      ['/v1/videos/generations', { model: 'video_model_id_h', prompt: 'x', duration: 5 }],
      ['/v1/audio/speech', { model: 'speech_model_id', input: 'x' }],
    ] as const) {
      const { status, body } = await h.postJson<{ error: { type: string } }>(path, json, key);
      out.push({ path, status, type: body.error.type });
    }
    return out;
  };

  it('[AUTH-3] [ERR-4] an expired key answers 401 authentication_error everywhere', async () => {
    for (const r of await everyEndpoint(SIM_KEYS.expired)) {
      expect(r, r.path).toMatchObject({ status: 401, type: 'authentication_error' });
    }
  });

  it('[AUTH-3] [ERR-6] a disabled account or a key used from outside its IP allowlist answers 403 everywhere', async () => {
    for (const key of [SIM_KEYS.disabledAccount, SIM_KEYS.ipRestricted]) {
      for (const r of await everyEndpoint(key)) {
        expect(r, `${key} ${r.path}`).toMatchObject({ status: 403, type: 'permission_error' });
      }
    }
  });
});

describe('token balance', () => {
  it('[EP-TBAL-1] [VER-1] [SVC-3] /v1/balance and /balance answer the same token balance [TBAL-1] [TBAL-5] [TBAL-6]', async () => {
    const a = await h.getJson('/v1/balance');
    const b = await h.getJson('/balance');
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({
      success: true,
      remain_balance: 50,
      remain_credits: 500,
      unlimited_quota: false,
    });
    expect(a.body.success).toBe(true); // [TBAL-1]
    expect(a.body.used_balance).toBeGreaterThan(0); // [TBAL-5] a float, from the seeded history
    expect(Number.isInteger(a.body.used_credits)).toBe(true); // [TBAL-6]
    expect(a.body.used_credits).toBeGreaterThan(0); // [TBAL-6]
    expect(a.body).not.toHaveProperty('message'); // [TBAL-2] only on failure
    // [TBAL-8] the simulator's unit is US dollars, with credits at ten per dollar
    expect(a.body.used_credits).toBe(Math.round(Number(a.body.used_balance) * 10));
  });

  it('[TBAL-3] [TBAL-4] [TBAL-7] an unlimited token reports -1 remaining', async () => {
    const { body } = await h.getJson('/v1/balance', SIM_KEYS.unlimited);
    expect(body).toMatchObject({
      success: true,
      unlimited_quota: true,
      remain_balance: -1,
      remain_credits: -1,
    });
  });

  it('[EP-TBAL-2] [ERR-OTHER-1] a missing token record answers 200 success:false with a message', async () => {
    const { status, body } = await h.getJson('/v1/balance', SIM_KEYS.orphan);
    expect(status).toBe(200);
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
    expect(body).not.toHaveProperty('remain_balance');
  });

  it('[TBAL-3] the second key of a user has its own token balance', async () => {
    const { body } = await h.getJson('/v1/balance', SIM_KEYS.default2);
    expect(body.remain_balance).toBe(25);
  });
});

describe('user balance', () => {
  it('[EP-UBAL-1] [UBAL-1] answers the account balance without unlimited_quota', async () => {
    const { status, body } = await h.getJson('/v1/user/balance');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, remain_balance: 50, remain_credits: 500 });
    expect(body).not.toHaveProperty('unlimited_quota');
    const key1 = await h.getJson('/v1/balance');
    const key2 = await h.getJson('/v1/balance', SIM_KEYS.default2);
    // account-level used balance spans both keys of the user
    expect(body.used_balance).toBeCloseTo(Number(key1.body.used_balance) + Number(key2.body.used_balance), 5);
  });

  it('[EP-UBAL-2] failed quota and used-quota lookups answer 200 success:false with distinct messages', async () => {
    const quota = await h.getJson('/v1/user/balance', SIM_KEYS.userQuotaMissing);
    const used = await h.getJson('/v1/user/balance', SIM_KEYS.userUsedMissing);
    for (const r of [quota, used]) {
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.message).toBe('string');
    }
    expect(quota.body.message).not.toEqual(used.body.message);
  });

  it('[SVC-6] [EP-USAGE-1] balance and usage support CORS, including preflight', async () => {
    const pre = await fetch(`${h.sim.url}/v1/balance`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    for (const path of ['/balance', '/v1/user/balance', '/usage', '/v1/usage']) {
      const res = await h.call(path, { headers: { Origin: 'https://app.example' } });
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
    const usage = await h.call('/v1/usage');
    expect(usage.headers.get('access-control-expose-headers')).toContain('X-Usage-Cache');
  });
});
