// Conformance: the usage query, from a ledger of billed calls and the seeded history.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIM_KEYS } from '../../electron/simulator/index';
import { HOUR, MINUTE, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
// A fresh rate-limit window and cache for every test.
beforeEach(() => h.clock.advance(MINUTE + 1000));

interface StatsBody {
  amount_usd: number;
  credits: number;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
}
interface Item extends StatsBody {
  model?: string;
  date?: string;
}
interface Report {
  success: boolean;
  data: {
    scope: string;
    start: number;
    end: number;
    tz: string;
    group_by: string;
    total: StatsBody;
    items: Item[];
  };
}
type UsageError = { success: false; error: { code: string; message: string; type: string } };

const usage = (query: string, key: string = SIM_KEYS.default) => h.getJson<Report>(`/v1/usage${query}`, key);

async function usageError(query: string, code: string): Promise<void> {
  const { status, body } = await h.getJson<UsageError>(`/v1/usage${query}`);
  expect(status, query).toBe(400);
  expect(body.success).toBe(false);
  expect(body.error, query).toMatchObject({ code, type: 'usage_query_error', message: expect.any(String) });
}

const nowS = () => Math.floor(h.clock.now() / 1000);

/** Bills one speech call of `chars` characters at the clock's current instant. */
async function speak(chars: number, key: string = SIM_KEYS.default): Promise<void> {
  const res = await h.call('/v1/audio/speech', {
    method: 'POST',
    key,
    json: { model: 'speech_model_id', input: 'x'.repeat(chars) },
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

describe('report shape', () => {
  it('[SVC-4] [EP-USAGE-1] [UREP-1] [UREP-2] [UREP-3] [UREP-4] [UREP-5] [UREP-6] [UREP-7] [UREP-8] /v1/usage and /usage answer the same report, defaults key scope, last 24 h, Asia/Shanghai', async () => {
    const a = await usage('');
    const b = await h.getJson<Report>('/usage');
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.success).toBe(true); // [UREP-1]
    expect(a.body).not.toHaveProperty('error'); // [UREP-1] error only on failure
    const d = a.body.data;
    expect(d).toMatchObject({ scope: 'key', tz: 'Asia/Shanghai', group_by: 'none', items: [] }); // [UREP-2] [UREP-5] [UREP-6] [UREP-8]
    expect(Number.isInteger(d.start) && Number.isInteger(d.end)).toBe(true); // [UREP-3] [UREP-4] Unix seconds
    expect(Object.keys(d.total).sort()).toEqual([
      'amount_usd',
      'completion_tokens',
      'credits',
      'prompt_tokens',
      'requests',
    ]); // [UREP-7]
    expect(d.end - d.start).toBe(86_400); // [EP-USAGE-PARAM-1]
    expect(Math.abs(d.end - nowS())).toBeLessThanOrEqual(1); // [EP-USAGE-PARAM-2]
    expect(a.res.headers.get('x-usage-cache')).toMatch(/^(hit|miss)$/); // [EP-USAGE-3]
  });

  it('[UREP-9] [UREP-STAT-1..5] [EP-USAGE-PARAM-4] seeded history groups by model and date, sorted by amount_usd desc', async () => {
    const { body } = await usage(
      `?start=${nowS() - 30 * 86_400}&end=${nowS()}&group_by=model,date&scope=account`,
    );
    const { items, total } = body.data;
    expect(items.length).toBeGreaterThan(10);
    expect(new Set(items.map((i) => i.model)).size).toBeGreaterThan(3);
    for (const item of items) {
      expect(item.model).toEqual(expect.any(String));
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.credits).toBeCloseTo(item.amount_usd * 10, 6); // [UREP-STAT-2]
      expect(Math.round(item.amount_usd * 1e6) / 1e6).toBe(item.amount_usd); // [UREP-STAT-1]
      expect(Number.isInteger(item.requests)).toBe(true); // [UREP-STAT-3]
      expect(item.completion_tokens).toBe(0); // [UREP-STAT-5]
    }
    for (let i = 1; i < items.length; i++)
      expect(items[i - 1]?.amount_usd).toBeGreaterThanOrEqual(items[i]?.amount_usd ?? 0); // [UREP-8]
    expect(items.reduce((s, i) => s + i.requests, 0)).toBe(total.requests);
    expect(items.reduce((s, i) => s + i.amount_usd, 0)).toBeCloseTo(total.amount_usd, 4);
    const models = await usage(`?start=${nowS() - 30 * 86_400}&end=${nowS()}&group_by=model&scope=account`);
    for (const item of models.body.data.items) expect(item).not.toHaveProperty('date');
    const speech = models.body.data.items.find((i) => i.model === 'speech_model_id');
    expect(speech?.prompt_tokens).toBeGreaterThan(0); // [UREP-STAT-4]
    const dates = await usage(`?start=${nowS() - 30 * 86_400}&end=${nowS()}&group_by=date&scope=account`);
    for (const item of dates.body.data.items) expect(item).not.toHaveProperty('model');
    // The seeded history covers several weeks, so a month's chart has most of its days.
    expect(dates.body.data.items.length).toBeGreaterThanOrEqual(21);
  });

  it('[EP-USAGE-PARAM-6] scope=account spans both keys of the user; scope=key only the calling key', async () => {
    const range = `start=${nowS() - 20 * 86_400}&end=${nowS()}`;
    const key1 = (await usage(`?${range}&scope=key`)).body.data.total;
    const key2 = (await usage(`?${range}&scope=key`, SIM_KEYS.default2)).body.data.total;
    const account = (await usage(`?${range}&scope=account`)).body.data.total;
    expect(key1.requests).toBeGreaterThan(0);
    expect(key2.requests).toBeGreaterThan(0);
    expect(account.requests).toBe(key1.requests + key2.requests);
    expect(account.amount_usd).toBeCloseTo(key1.amount_usd + key2.amount_usd, 5);
    const other = (await usage(`?${range}&scope=account`, SIM_KEYS.other)).body.data.total;
    expect(other.amount_usd).not.toBe(account.amount_usd);
  });

  it('[EP-USAGE-4] [AUTH-3] usage works with a zero balance', async () => {
    const { status, body } = await usage(`?start=${nowS() - 30 * 86_400}&end=${nowS()}`, SIM_KEYS.empty);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
  });

  it('[AUTH-3] [AUTH-4] an expired key (401) and a disabled account (403) are refused with the generic body', async () => {
    const expired = await h.getJson<{ error: { code: number; type: string } }>('/v1/usage', SIM_KEYS.expired);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 401, type: 'authentication_error' });
    const disabled = await h.getJson<{ error: { code: number; type: string } }>(
      '/v1/usage',
      SIM_KEYS.disabledAccount,
    );
    expect(disabled.status).toBe(403);
    expect(disabled.body).not.toHaveProperty('success');
    expect(disabled.body.error).toMatchObject({ code: 403, type: 'permission_error' });
  });

  it('[AUTH-3] [AUTH-4] a key whose IP allowlist excludes the caller is refused with 403 in the generic body', async () => {
    const { status, body } = await h.getJson<{ error: { code: number; type: string; message: string } }>(
      '/v1/usage',
      SIM_KEYS.ipRestricted,
    );
    expect(status).toBe(403);
    expect(body).not.toHaveProperty('success');
    expect(body.error).toMatchObject({ code: 403, type: 'permission_error' });
    expect(body.error.message).toContain('127.0.0.1');
  });

  it('[AUTH-4] 401 on the usage endpoint uses the generic error body', async () => {
    const { status, body } = await h.getJson<{ error: { code: number; type: string } }>(
      '/v1/usage',
      'sk-bad',
    );
    expect(status).toBe(401);
    expect(body).not.toHaveProperty('success');
    expect(body.error).toMatchObject({ code: 401, type: 'authentication_error' });
  });
});

describe('the ledger', () => {
  it('[LIM-6] the seeded history starts after April 27, 2026', async () => {
    const floor = Date.UTC(2026, 3, 27) / 1000;
    const before = await usage(`?start=${floor - 20 * 86_400}&end=${floor}&scope=account`);
    expect(before.body.data.total.requests).toBe(0);
    const after = await usage(`?start=${floor}&end=${floor + 31 * 86_400}&scope=account`);
    expect(after.body.data.total.requests).toBeGreaterThan(0);
  });

  it('[STATE-7] [UREP-STAT-3] completed tasks are counted at completion, failed ones never', async () => {
    const start = nowS();
    await h.submit('/v1/images/generations', { model: 'image_model_id_i6', prompt: 'ok' });
    await h.submit('/v1/images/generations', { model: 'image_model_id_i6', prompt: '[fail]' });
    const pending = await usage(`?start=${start}&model=image_model_id_i6&group_by=model`);
    expect(pending.body.data.total.requests).toBe(0);
    h.clock.advance(HOUR);
    const done = await usage(`?start=${start}&model=image_model_id_i6&group_by=model`);
    expect(done.body.data.total.requests).toBe(1);
    expect(done.body.data.items).toEqual([
      expect.objectContaining({ model: 'image_model_id_i6', requests: 1, amount_usd: 0.03, credits: 0.3 }),
    ]);
  });

  it('[EP-USAGE-PARAM-3] [LIM-5] the model filter is exact, case-insensitive, comma-separated, without wildcards', async () => {
    const start = nowS();
    await speak(100);
    h.clock.advance(5000);
    const q = (model: string) => usage(`?start=${start}&model=${encodeURIComponent(model)}`);
    expect((await q('SPEECH_MODEL_ID')).body.data.total.requests).toBe(1);
    expect((await q('image_model_id_i1, speech_model_id')).body.data.total.requests).toBe(1);
    expect((await q('speech*')).body.data.total.requests).toBe(0);
    expect((await q('speech_model')).body.data.total.requests).toBe(0);
    const fifty = Array.from({ length: 49 }, (_, i) => `m${i}`)
      .concat('speech_model_id')
      .join(',');
    expect((await q(fifty)).body.data.total.requests).toBe(1);
    await usageError(`?model=${Array.from({ length: 51 }, (_, i) => `m${i}`).join(',')}`, 'invalid_model'); // [ERR-USAGE-6]
  });
});

describe('time parameters', () => {
  it('[EP-USAGE-2] [LIM-4] [start, end): the same instant as one end and the next start counts once', async () => {
    h.clock.set(Math.ceil(h.clock.now() / 60_000) * 60_000 + 60_000);
    const t = nowS();
    await speak(10);
    h.clock.advance(2000);
    const before = await usage(`?start=${t - 60}&end=${t}&model=speech_model_id`);
    const after = await usage(`?start=${t}&end=${t + 60}&model=speech_model_id`);
    expect(before.body.data.total.requests + after.body.data.total.requests).toBe(1);
    expect(after.body.data.total.requests).toBe(1);
  });

  it('[EP-USAGE-PARAM-1] [EP-USAGE-PARAM-5] RFC 3339 with offsets (+ sent as %2B), Z, and Unix seconds select the same range', async () => {
    const t = Date.UTC(2026, 5, 20, 17, 30, 0);
    h.clock.set(t);
    await speak(20);
    h.clock.advance(1000);
    const unix = await usage(`?start=${t / 1000 - 600}&end=${t / 1000 + 600}&model=speech_model_id`);
    const zulu = await usage('?start=2026-06-20T17:20:00Z&end=2026-06-20T17:40:00Z&model=speech_model_id');
    const offset = await usage(
      '?start=2026-06-21T01:20:00%2B08:00&end=2026-06-20T13:40:00-04:00&model=speech_model_id',
    );
    expect(unix.body.data.total.requests).toBe(1);
    expect(zulu.body.data).toMatchObject({
      start: t / 1000 - 600,
      end: t / 1000 + 600,
      total: { requests: 1 },
    });
    expect(offset.body.data).toMatchObject({
      start: t / 1000 - 600,
      end: t / 1000 + 600,
      total: { requests: 1 },
    });
  });

  it('[EP-USAGE-PARAM-1] [EP-USAGE-PARAM-2] start defaults to end minus 24 hours, end to now', async () => {
    const end = nowS() - 5 * 86_400;
    const onlyEnd = await usage(`?end=${end}`);
    expect(onlyEnd.body.data).toMatchObject({ start: end - 86_400, end });
    const start = nowS() - 3 * 86_400;
    const onlyStart = await usage(`?start=${start}`);
    expect(onlyStart.body.data.start).toBe(start);
    expect(Math.abs(onlyStart.body.data.end - nowS())).toBeLessThanOrEqual(1);
    await usageError(`?start=${nowS() + 3600}`, 'invalid_range'); // a start after the default end
  });

  it('[EP-USAGE-1] a raw "+" (decoded as a space) is refused with a hint to send %2B', async () => {
    const { status, body } = await h.getJson<UsageError>('/v1/usage?start=2026-06-21T01:20:00+08:00');
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_start');
    expect(body.error.message).toMatch(/%2B/);
  });

  it('[UREP-9] [EP-USAGE-PARAM-5] tz decides calendar-day boundaries of date groups', async () => {
    const t = Date.UTC(2026, 5, 22, 17, 30, 0); // 01:30 on the 23rd in Shanghai, 13:30 on the 22nd in New York
    h.clock.set(t);
    await speak(30);
    h.clock.advance(1000);
    const range = `start=${t / 1000 - 60}&end=${t / 1000 + 60}&model=speech_model_id&group_by=date`;
    const shanghai = await usage(`?${range}`);
    const newYork = await usage(`?${range}&tz=America/New_York`);
    expect(shanghai.body.data.items.map((i) => i.date)).toEqual(['2026-06-23']);
    expect(newYork.body.data.items.map((i) => i.date)).toEqual(['2026-06-22']);
    expect(newYork.body.data.tz).toBe('America/New_York');
  });
});

describe('usage errors', () => {
  it('[ERR-OTHER-2] [ERR-USAGE-1] invalid_start and invalid_end for bad formats, milliseconds and timezone-less RFC 3339', async () => {
    await usageError('?start=yesterday', 'invalid_start');
    await usageError(`?start=${Date.UTC(2026, 5, 1)}`, 'invalid_start'); // milliseconds
    await usageError('?start=2026-06-01T00:00:00', 'invalid_start'); // no timezone
    await usageError('?start=2026-02-30T00:00:00Z', 'invalid_start');
    await usageError('?end=1.5', 'invalid_end');
  });

  it('[ERR-USAGE-2] [ERR-USAGE-3] invalid_range when end is not after start; range_too_large past 31 days', async () => {
    const t = nowS();
    await usageError(`?start=${t - 10}&end=${t - 10}`, 'invalid_range');
    await usageError(`?start=${t}&end=${t - 10}`, 'invalid_range');
    await usageError(`?start=${t - 31 * 86_400 - 1}&end=${t}`, 'range_too_large');
    expect((await usage(`?start=${t - 31 * 86_400}&end=${t}`)).status).toBe(200);
  });

  it('[ERR-USAGE-4] [ERR-USAGE-5] [ERR-USAGE-6] invalid_tz, invalid_group_by and invalid_scope', async () => {
    await usageError('?tz=Mars/Olympus_Mons', 'invalid_tz');
    await usageError('?tz=%2B08:00', 'invalid_tz');
    await usageError('?group_by=day', 'invalid_group_by');
    await usageError('?group_by=date,model', 'invalid_group_by');
    await usageError('?scope=team', 'invalid_scope');
  });
});

describe('limits', () => {
  it('[LIM-2] [EP-USAGE-3] identical parameters within 60 s are served from cache (X-Usage-Cache: hit)', async () => {
    const query = `?start=${nowS() - 3600}&model=speech_model_id`;
    const first = await usage(query);
    expect(first.res.headers.get('x-usage-cache')).toBe('miss');
    await speak(40);
    const second = await usage(query);
    expect(second.res.headers.get('x-usage-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
    const otherKey = await usage(query, SIM_KEYS.default2);
    expect(otherKey.res.headers.get('x-usage-cache')).toBe('miss');
    h.clock.advance(MINUTE);
    const third = await usage(query);
    expect(third.res.headers.get('x-usage-cache')).toBe('miss');
    expect(third.body.data.total.requests).toBe(first.body.data.total.requests + 1);
  });

  it('[LIM-1] [ERR-9] the 61st query of a key within a minute answers 429 with Retry-After', async () => {
    for (let i = 0; i < 60; i++) expect((await usage(`?n=${i}`)).status).toBe(200);
    const limited = await h.getJson<{ error: { code: number; type: string } }>('/v1/usage?n=61');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 429, type: 'rate_limit_error' });
    const retryAfter = Number(limited.res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await usage('?n=62', SIM_KEYS.default2)).status).toBe(200); // per key
    h.clock.advance(retryAfter * 1000);
    expect((await usage('?n=63')).status).toBe(200);
  });

  it('[LIM-1] [LIM-2] both windows follow --time-scale: at 0.1 the cache and the rate limit last 6 s', async () => {
    const fast = await startHarness({ timeScale: 0.1 });
    try {
      const get = (query: string) => fast.getJson<Report>(`/v1/usage${query}`);
      expect((await get('?group_by=model&scope=account')).res.headers.get('x-usage-cache')).toBe('miss');
      fast.clock.advance(5_900);
      // Parameter order does not make a different query.
      expect((await get('?scope=account&group_by=model')).res.headers.get('x-usage-cache')).toBe('hit');
      fast.clock.advance(200);
      expect((await get('?group_by=model&scope=account')).res.headers.get('x-usage-cache')).toBe('miss');

      fast.clock.advance(10_000);
      for (let i = 0; i < 60; i++) expect((await get(`?n=${i}`)).status).toBe(200);
      const limited = await get('?n=60');
      expect(limited.status).toBe(429);
      expect(Number(limited.res.headers.get('retry-after'))).toBeLessThanOrEqual(6);
      fast.clock.advance(6_000);
      expect((await get('?n=61')).status).toBe(200);
    } finally {
      await fast.close();
    }
  });
});
