import { describe, expect, it } from 'vitest';
import { judgeSubmissionError } from '../../electron/core/tasks/gateway-errors';
import {
  GatewayError,
  errorFromHttp,
  errorFromTransport,
  errorSentence,
  flaggedCategories,
  parseAck,
  parseRetryAfter,
  parseTask,
  parseTokenBalance,
  parseUsageReport,
  parseUserBalance,
  usageQuerySchema,
  usageQueryString,
  type GatewayErrorInfo,
} from '../../shared/gateway';

const thrown = (fn: () => unknown): GatewayError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof GatewayError) return e;
    throw e;
  }
  throw new Error('did not throw');
};

describe('acknowledgements', () => {
  it('[ACK-2] [STATE-1] Shape A', () => {
    expect(parseAck({ code: 200, data: [{ status: 'submitted', task_id: 'ta' }] }, 'tasks')).toEqual({
      taskId: 'ta',
      status: 'submitted',
      endpoint: 'tasks',
      requestId: null,
    });
    expect(parseAck({ code: 200, data: [{ status: 'submitted', task_id: 'm1' }] }, 'music').endpoint).toBe(
      'music',
    );
  });

  it('[ACK-3] [STATE-2] Shape B with request id and poll url', () => {
    const body = {
      code: 202,
      request_id: 'req-1',
      data: {
        id: 'tb',
        object: 'generation.task',
        type: 'image',
        status: 'pending',
        progress: 0,
        poll_url: '/v1/tasks/tb',
      },
    };
    expect(parseAck(body, 'tasks')).toEqual({
      taskId: 'tb',
      status: 'pending',
      endpoint: 'tasks',
      requestId: 'req-1',
    });
  });

  it('[ACK-4] [STATE-3] Shape C', () => {
    expect(
      parseAck({ code: 'success', data: [{ task_id: 'tc', status: 'processing' }] }, 'tasks'),
    ).toMatchObject({
      taskId: 'tc',
      status: 'processing',
    });
  });

  it('tolerates a numeric task id and an unknown status, refuses a body without a task id', () => {
    expect(parseAck({ code: 200, data: [{ task_id: 42, status: 'moderating' }] }, 'tasks')).toMatchObject({
      taskId: '42',
      status: 'submitted',
    });
    // The words public clients meet are read as what they mean, any case.
    expect(parseAck({ code: 200, data: [{ task_id: 42, status: 'QUEUED' }] }, 'tasks').status).toBe(
      'pending',
    );
    expect(parseAck({ code: 200, data: [{ task_id: 42, status: 'created' }] }, 'tasks').status).toBe(
      'submitted',
    );
    for (const bad of [
      { code: 200, data: [] },
      { code: 500, data: [{ task_id: 'x' }] },
      'ok',
      null,
      { data: { id: 'x' } },
    ]) {
      const e = thrown(() => parseAck(bad, 'tasks'));
      expect(e.type).toBe('invalid_response');
      expect(e.retryable).toBe(false);
    }
  });
});

describe('task results', () => {
  const completed = {
    id: 't1',
    status: 'completed',
    progress: 100,
    created: 1780000000,
    completed: 1780000030,
    actual_time: 30,
    estimated_time: 25,
    cost: 0.04,
    credits_cost: 0.4,
    result: {
      images: [
        { url: ['https://cdn/a.png', 'https://cdn/b.png'], expires_at: 1780086400 },
        { url: 'https://cdn/c.png' },
      ],
    },
  };

  it('[TASK-1..10] a flat completed task, one file per URL', () => {
    const t = parseTask(completed);
    expect(t).toMatchObject({
      id: 't1', // [TASK-1]
      status: 'completed', // [TASK-2] [STATE-4]
      progress: 100,
      created: 1780000000, // [TASK-4]
      completed: 1780000030,
      actualTime: 30,
      estimatedTime: 25,
      cost: 0.04,
      creditsCost: 0.4,
      error: null,
    });
    expect(t.files.map((f) => [f.kind, f.url, f.index, f.expiresAt])).toEqual([
      ['image', 'https://cdn/a.png', 0, 1780086400],
      ['image', 'https://cdn/b.png', 1, 1780086400],
      ['image', 'https://cdn/c.png', 2, null],
    ]);
  });

  it('[TASK-13] [EP-IMAGE-I2RES-1] the I2 envelope {code: 200, data}', () => {
    expect(parseTask({ code: 200, data: completed })).toEqual(parseTask(completed));
  });

  it('[TASK-11] [STATE-5] a failed task carries message and code (code may be empty or a number)', () => {
    expect(parseTask({ id: 'f', status: 'failed', error: { message: 'boom', code: '' } })).toMatchObject({
      status: 'failed',
      progress: 100,
      files: [],
      error: { message: 'boom', code: '' },
    });
    expect(parseTask({ id: 'f', status: 'failed', error: { message: 'x', code: 500 } }).error).toEqual({
      message: 'x',
      code: '500',
    });
    expect(parseTask({ id: 'f', status: 'failed' }).error).toEqual({ message: '', code: '' });
  });

  it('[TASK-12] videos and audios entries: url as string or array, or a bare string', () => {
    const t = parseTask({
      id: 'v',
      status: 'COMPLETED',
      result: {
        videos: [{ url: 'https://cdn/v.mp4' }, 'https://cdn/w.mp4'],
        audios: [{ url: ['https://cdn/a.mp3'] }],
      },
    });
    expect(t.status).toBe('completed');
    expect(t.files.map((f) => [f.kind, f.url, f.index])).toEqual([
      ['video', 'https://cdn/v.mp4', 0],
      ['video', 'https://cdn/w.mp4', 1],
      ['audio', 'https://cdn/a.mp3', 0],
    ]);
  });

  it('[SRC-1] [EP-MUSIC-1] music entries keep their list position and carry title, duration, cover and video', () => {
    const body = {
      code: 200,
      data: {
        task_id: 'm',
        status: 'completed',
        result: {
          music: [
            {
              audio_url: 'https://cdn/1.mp3',
              image_url: 'https://cdn/1.jpg',
              title: 'One',
              duration: '181.5',
            },
            { audio_url: 'https://cdn/2.mp3', video_url: 'https://cdn/2.mp4', title: 'Two', duration: 90 },
          ],
        },
      },
    };
    const t = parseTask(body, 'm');
    expect(t.id).toBe('m');
    expect(t.files.map((f) => [f.kind, f.url, f.index, f.title, f.durationSeconds])).toEqual([
      ['audio', 'https://cdn/1.mp3', 0, 'One', 181.5],
      ['image', 'https://cdn/1.jpg', 0, 'One', 181.5],
      ['audio', 'https://cdn/2.mp3', 1, 'Two', 90],
      ['video', 'https://cdn/2.mp4', 1, 'Two', 90],
    ]);
  });

  it('accepts expires_at in milliseconds or ISO form and the id from the request when the body has none', () => {
    const t = parseTask(
      {
        status: 'completed',
        result: {
          images: [
            { url: 'https://cdn/a.png', expires_at: '2026-06-01T00:00:00Z' },
            { url: 'https://cdn/b.png', expires_at: 1780000000000 },
          ],
        },
      },
      'asked',
    );
    expect(t.id).toBe('asked');
    expect(t.files.map((f) => f.expiresAt)).toEqual([Date.UTC(2026, 5, 1) / 1000, 1780000000]);
  });

  it('[EP-MUSIC-1] [STATE-6] a not-shown endpoint may name the states in other plausible words', () => {
    const status = (s: string) => parseTask({ id: 'm', status: s }).status;
    expect(['queued', 'Waiting'].map(status)).toEqual(['pending', 'pending']);
    expect(['running', 'IN_PROGRESS', 'in-progress', 'generating'].map(status)).toEqual(
      Array(4).fill('processing'),
    );
    expect(['SUCCESS', 'succeeded', 'complete'].map(status)).toEqual(Array(3).fill('completed'));
    expect(['failure', 'error', 'FAILURE'].map(status)).toEqual(Array(3).fill('failed'));
    // Cancelled is its own state (shown, not charged), in either spelling.
    expect(['cancelled', 'canceled', 'CANCELED'].map(status)).toEqual(Array(3).fill('cancelled'));
    expect(['created', 'Submitted'].map(status)).toEqual(['submitted', 'submitted']);
  });

  it('[TASK-10] [TASK-11] [SRC-1] anything outside the tolerated variants is refused with invalid_response', () => {
    for (const bad of [
      { id: 'x', status: 'completed', result: { music: [{ audio_url: 5 }] } }, // a URL must be text
      { id: 'x', status: 'completed', result: { audios: [{ url: [1, 2] }] } },
      { id: 'x', status: 'completed', result: { images: 'https://cdn/a.png' } }, // a list, not a string
      { id: 'x', status: 'completed', result: 'https://cdn/a.png' },
      {
        id: 'x',
        status: 'completed',
        result: { music: [{ audio_url: 'https://cdn/1.mp3', duration: 'long' }] },
      },
      { id: 'x', status: 'failed', error: { message: 'x', code: true } }, // code: number or string only
      { id: 'x', status: 'failed', error: 42 },
      { id: '', status: 'pending' },
      { code: 500, data: { id: 'x', status: 'pending' } }, // [TASK-13] the envelope's code is 200
      { code: 200, data: [] },
      {
        code: 200,
        data: [
          { id: 'a', status: 'pending' },
          { id: 'b', status: 'pending' },
        ],
      },
    ]) {
      const e = thrown(() => parseTask(bad));
      expect(e, JSON.stringify(bad)).toBeInstanceOf(GatewayError);
      expect(e).toMatchObject({ type: 'invalid_response', retryable: false });
    }
  });

  it('[STATE-1..5] rejects unknown states and shapes with a typed error', () => {
    // An unknown word is no terminal guess: the task reads as processing and keeps the word to show.
    expect(parseTask({ id: 'x', status: 'Exploded' })).toMatchObject({
      status: 'processing',
      statusWord: 'Exploded',
      progress: 0,
    });
    for (const bad of [
      { id: 'x', status: '' },
      { id: 'x', status: 7 },
      { id: 'x' },
      { code: 200, data: { id: 'x' } },
      '<html>',
      { id: 'x', status: 'completed', result: { images: [{ url: 5 }] } },
    ]) {
      expect(thrown(() => parseTask(bad)).type).toBe('invalid_response');
    }
    expect(thrown(() => parseTask({ status: 'pending' })).message).toMatch(/no id/);
  });

  it('[TASK-3] pending progress defaults to 0 and is clamped', () => {
    expect(parseTask({ id: 'p', status: 'pending' }).progress).toBe(0);
    expect(parseTask({ id: 'p', status: 'processing', progress: 140 }).progress).toBe(100);
  });
});

describe('balances', () => {
  it('[TBAL-1..7] token balance, unlimited quota', () => {
    const b = {
      success: true,
      remain_balance: -1,
      remain_credits: -1,
      used_balance: 1.5,
      used_credits: 15,
      unlimited_quota: true,
    };
    expect(parseTokenBalance(b)).toMatchObject(b); // [TBAL-1] [TBAL-3] [TBAL-4] [TBAL-5] [TBAL-6] [TBAL-7]
    // numeric strings are read as numbers; a balance that is not a number at all is refused
    expect(parseTokenBalance({ ...b, used_balance: '1.5', used_credits: '15' })).toMatchObject(b);
    expect(thrown(() => parseTokenBalance({ ...b, remain_balance: 'lots' })).type).toBe('invalid_response');
    // Credits may carry decimals; the unit is the gateway's word, never assumed.
    expect(parseTokenBalance({ ...b, used_credits: 1.5 }).used_credits).toBe(1.5);
    expect(parseTokenBalance(b).unit).toBeNull();
    expect(parseTokenBalance({ ...b, unit: 'CNY' }).unit).toBe('CNY');
    expect(parseTokenBalance({ ...b, currency: 'credits' }).unit).toBe('credits');
  });

  it('[UBAL-1] user balance', () => {
    const b = { success: true, remain_balance: 9.5, remain_credits: 95, used_balance: 0.5, used_credits: 5 };
    expect(parseUserBalance(b)).toMatchObject(b);
  });

  it('[EP-TBAL-2] [EP-UBAL-2] [ERR-OTHER-1] success false becomes a typed error with the message', () => {
    for (const parse of [parseTokenBalance, parseUserBalance]) {
      const e = thrown(() => parse({ success: false, message: 'token not found' }));
      expect(e).toMatchObject({
        httpStatus: 200,
        type: 'balance_lookup_failed',
        message: 'token not found',
        retryable: false,
      });
    }
    expect(thrown(() => parseTokenBalance({ success: true })).type).toBe('invalid_response');
  });
});

describe('usage', () => {
  const report = {
    success: true,
    data: {
      scope: 'key',
      start: 1780000000,
      end: 1780086400,
      tz: 'Asia/Shanghai',
      group_by: 'model,date',
      total: { amount_usd: 1.234567, credits: 12.34567, requests: 3, prompt_tokens: 0, completion_tokens: 0 },
      items: [
        {
          model: 'm',
          date: '2026-05-28',
          amount_usd: 1.234567,
          credits: 12.34567,
          requests: 3,
          prompt_tokens: 0,
          completion_tokens: 0,
        },
      ],
    },
  };

  it('[UREP-1..9] [UREP-STAT-1..5] parses the report', () => {
    const d = parseUsageReport(report); // [UREP-1]
    expect(d).toMatchObject({
      scope: 'key', // [UREP-2]
      start: 1780000000, // [UREP-3]
      end: 1780086400, // [UREP-4]
      tz: 'Asia/Shanghai', // [UREP-5]
      group_by: 'model,date', // [UREP-6]
    });
    expect(d.total.credits).toBe(12.34567);
    expect(d.items[0]).toMatchObject({ model: 'm', date: '2026-05-28', requests: 3 });
    expect(thrown(() => parseUsageReport({ success: true, data: { scope: 'key' } })).type).toBe(
      'invalid_response',
    );
  });

  it('[EP-USAGE-1] encodes + in RFC 3339 values as %2B', () => {
    const q = usageQuerySchema.parse({
      start: '2026-05-01T00:00:00+08:00',
      end: 1780000000,
      group_by: 'model,date',
      model: ['a', 'b'],
    });
    const qs = usageQueryString(q);
    expect(qs).toContain('start=2026-05-01T00%3A00%3A00%2B08%3A00');
    expect(qs).not.toContain('+');
    expect(new URLSearchParams(qs).get('start')).toBe('2026-05-01T00:00:00+08:00');
    expect(new URLSearchParams(qs).get('model')).toBe('a,b');
  });

  it('[EP-USAGE-PARAM-1..6] [LIM-5] checks formats and allowed values', () => {
    const bad = (q: unknown) => usageQuerySchema.safeParse(q).success === false;
    expect(bad({ start: 1780000000000 })).toBe(true); // milliseconds
    expect(bad({ start: '2026-05-01T00:00:00' })).toBe(true); // no timezone
    expect(bad({ group_by: 'day' })).toBe(true);
    expect(bad({ scope: 'team' })).toBe(true);
    expect(bad({ model: Array.from({ length: 51 }, (_, i) => `m${i}`) })).toBe(true);
    expect(bad({ start: '2026-05-01T00:00:00Z', scope: 'account', tz: 'UTC', group_by: 'none' })).toBe(false);
    // the refusals say what is allowed
    const message = (q: unknown) => usageQuerySchema.safeParse(q).error?.issues[0]?.message;
    expect(message({ group_by: 'day' })).toBe('Must be one of none, model, date, model,date.'); // [EP-USAGE-PARAM-4]
    expect(message({ scope: 'team' })).toBe('Must be one of key, account.'); // [EP-USAGE-PARAM-6]
  });
});

describe('error mapping', () => {
  const now = Date.UTC(2026, 4, 1);
  const http = (status: number, body: unknown, retryAfter?: string): GatewayErrorInfo =>
    errorFromHttp({ status, body, retryAfter, nowMs: now });

  it('[ERR-1] [ERR-2] generic body: integer code equal to the status', () => {
    expect(http(400, { error: { code: 400, message: 'bad n', type: 'invalid_request_error' } })).toEqual({
      httpStatus: 400,
      type: 'invalid_request_error',
      code: '400',
      message: 'bad n',
      param: null,
      retryable: false,
      retryAfterMs: null,
    });
  });

  it('[ERR-OTHER-3] [EP-IMAGE-I2HDR-4] I2 body with param', () => {
    const e = http(400, {
      error: {
        message: 'n must be 1..4',
        type: 'invalid_request_error',
        param: 'n',
        code: 'invalid_request_error',
      },
    });
    expect(e).toMatchObject({ param: 'n', code: 'invalid_request_error' });
  });

  it('[ERR-OTHER-2] [ERR-USAGE-1..5] usage body', () => {
    const e = http(400, {
      success: false,
      error: { code: 'range_too_large', message: 'too long', type: 'usage_query_error' },
    });
    expect(e).toMatchObject({
      type: 'usage_query_error',
      code: 'range_too_large',
      message: 'too long',
      retryable: false,
    });
  });

  it('[ERR-3] [EP-VIDEO-NSFW-4] nsfw: empty param, categories in the sentence', () => {
    const e = http(400, {
      error: {
        type: 'nsfw_content_detected',
        code: 'nsfw_content_detected',
        message: 'Flagged categories: violence, gore',
        param: '',
      },
    });
    expect(e).toMatchObject({ type: 'nsfw_content_detected', param: null });
    expect(errorSentence(e)).toEqual({
      key: 'errors.nsfw',
      values: { message: e.message, categories: 'violence, gore' },
    });
    expect(flaggedCategories('Content flagged by moderation (text): sexual, violence')).toBe(
      'sexual, violence',
    );
    expect(flaggedCategories('flagged categories: [violence, hate].')).toBe('violence, hate');
    expect(flaggedCategories('no list here')).toBeNull();
    // without a list the sentence still carries what the gateway said
    expect(errorSentence({ ...e, message: 'Flagged by moderation' }).values.categories).toBe(
      'Flagged by moderation',
    );
  });

  it('[ERR-4..11] types by status when the body does not say, retryable only for 429/502/503/504', () => {
    const table: [number, string, boolean][] = [
      [401, 'authentication_error', false],
      [402, 'payment_required', false],
      [403, 'permission_error', false],
      [404, 'not_found_error', false],
      [413, 'invalid_request_error', false],
      [429, 'rate_limit_error', true],
      [500, 'server_error', false],
      [502, 'bad_gateway', true],
      [503, 'service_unavailable', true],
      [504, 'gateway_timeout', true],
    ];
    for (const [status, type, retryable] of table) {
      expect(http(status, '<html>oops</html>')).toMatchObject({ httpStatus: status, type, retryable });
    }
    expect(http(502, null).message).toMatch(/temporarily unavailable/);
  });

  it('[AUTH-2] a bare message body', () => {
    expect(http(401, { message: 'No Authorization header was provided' }).message).toBe(
      'No Authorization header was provided',
    );
    expect(http(401, { error: 'invalid key' }).message).toBe('invalid key');
  });

  it('[ERR-9] Retry-After as seconds or HTTP-date', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(new Date(now + 7000).toUTCString(), now)).toBe(7000);
    expect(parseRetryAfter(new Date(now - 7000).toUTCString(), now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('0', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(
      http(429, { error: { code: 429, message: 'slow', type: 'rate_limit_error' } }, '2').retryAfterMs,
    ).toBe(2000);
  });

  it('gives a sentence key for what the user can act on', () => {
    expect(
      errorSentence(http(402, { error: { code: 402, message: 'x', type: 'payment_required' } })).key,
    ).toBe('errors.paymentRequired');
    // A connection refused never sent anything: its sentence says nothing was charged; a reset may have.
    expect(errorSentence(errorFromTransport('network', 'connect ECONNREFUSED', 'ECONNREFUSED')).key).toBe(
      'errors.networkNotSent',
    );
    expect(errorSentence(errorFromTransport('network', 'socket hang up', 'ECONNRESET')).key).toBe(
      'errors.network',
    );
    expect(errorSentence(errorFromTransport('timeout', 'no answer in 30 s')).key).toBe('errors.timeout');
    expect(errorSentence(http(503, null))).toEqual({
      key: 'errors.server',
      values: { message: expect.any(String), status: 503 },
    });
    expect(errorFromTransport('network', 'reset', 'ECONNRESET')).toMatchObject({
      type: 'network_error',
      code: 'ECONNRESET',
      retryable: true,
    });
    expect(errorFromTransport('aborted', 'stopped').retryable).toBe(false);
  });
});

describe('what the real gateway sends beyond the spec', () => {
  it('an error body under HTTP 200 is the refusal its code says, the code a number or a numeric string', () => {
    for (const body of [
      { code: 402, message: 'Insufficient balance' },
      { code: '402', message: 'Insufficient balance' },
      { error: { message: 'Insufficient balance', type: 'insufficient_quota', code: '402', param: null } },
    ]) {
      const e = thrown(() => parseAck(body, 'tasks', 200));
      expect(e, JSON.stringify(body)).toMatchObject({
        httpStatus: 402,
        type: 'payment_required',
        retryable: false,
        message: 'Insufficient balance',
      });
    }
    // No status and no type: the gateway refused the request in its own words ([ERR-2]'s 400), no task exists.
    const said = thrown(() => parseAck({ success: false, message: 'model is busy' }, 'tasks', 200));
    expect(said).toMatchObject({ httpStatus: 400, type: 'invalid_request_error', message: 'model is busy' });
    expect(judgeSubmissionError(said.info).action).toBe('refused');
  });

  it('[EP-VIDEO-NSFW-4] [ERR-3] a moderation refusal under HTTP 200 is the 400 its type is, so the press is refused, never "may have charged"', () => {
    const body = {
      error: {
        message: 'Content flagged by moderation (text): violence',
        type: 'nsfw_content_detected',
        param: '',
        code: 'nsfw_content_detected',
      },
    };
    const e = thrown(() => parseAck(body, 'tasks', 200));
    expect(e).toMatchObject({ httpStatus: 400, type: 'nsfw_content_detected', retryable: false });
    expect(judgeSubmissionError(e.info).action).toBe('refused');
    expect(errorSentence(e).key).toBe('errors.nsfw');
    // An I2 refusal names its type and a string code: [ERR-2]'s 400 too.
    const i2 = {
      error: {
        message: 'n must be 1 to 4',
        type: 'invalid_request_error',
        param: 'n',
        code: 'invalid_request_error',
      },
    };
    expect(judgeSubmissionError(thrown(() => parseAck(i2, 'tasks', 200)).info).action).toBe('refused');
    // A server error said under 200 stays what the spec makes of a 500: its outcome unknown.
    const down = { error: { message: 'boom', type: 'server_error', code: 'server_error' } };
    expect(judgeSubmissionError(thrown(() => parseAck(down, 'tasks', 200)).info).action).toBe('unknown');
    // A 200 that is no error body and no acknowledgement cannot be read: unknown, not refused.
    expect(judgeSubmissionError(thrown(() => parseAck({ hello: 1 }, 'tasks', 200)).info).action).toBe(
      'unknown',
    );
  });

  it('{code: 402, message} with HTTP 402 keeps its message; a proxy HTML page is never the message', () => {
    expect(errorFromHttp({ status: 402, body: { code: 402, message: 'Top up' }, nowMs: 0 })).toMatchObject({
      type: 'payment_required',
      code: '402',
      message: 'Top up',
    });
    const html =
      '<html>\r\n<head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
    const e = errorFromHttp({ status: 502, body: html, nowMs: 0 });
    expect(e).toMatchObject({ type: 'bad_gateway', message: 'The gateway is temporarily unavailable.' });
    expect(errorSentence(e).key).toBe('errors.server');
  });

  it('the object envelope: task_info.estimated_time, and generation.result holding the finished task', () => {
    const polled = parseAck(
      {
        code: 200,
        data: {
          id: 't9',
          status: 'queued',
          object: 'generation.task',
          task_info: { estimated_time: 42, can_cancel: true },
          poll_url: '/v1/music/tasks/t9',
        },
      },
      'tasks',
    );
    expect(polled).toMatchObject({ taskId: 't9', status: 'pending', endpoint: 'music', estimatedTime: 42 });
    expect(polled.result).toBeUndefined();
    const inline = parseAck(
      {
        data: {
          id: 't10',
          status: 'SUCCEEDED',
          object: 'generation.result',
          task_info: { estimated_time: 3, can_cancel: false },
          result: { images: [{ url: ['https://cdn/a.png'], expires_at: 1780000000 }] },
        },
      },
      'tasks',
    );
    expect(inline.status).toBe('completed');
    expect(inline.result?.files.map((f) => f.url)).toEqual(['https://cdn/a.png']);
  });

  it("Shape A's array with several tasks keeps every one of them", () => {
    const ack = parseAck(
      {
        code: 200,
        data: [
          { task_id: 'a', status: 'submitted' },
          { task_id: 'b', status: 'QUEUED' },
        ],
      },
      'tasks',
    );
    expect(ack.taskId).toBe('a');
    expect(ack.siblings).toEqual([{ taskId: 'b', status: 'pending' }]);
  });
});
