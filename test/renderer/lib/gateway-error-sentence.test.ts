import { describe, expect, it } from 'vitest';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import { gatewayErrorSentence } from '../../../renderer/lib/gateway-error-sentence';
import { translator } from '../i18n-instance';
import { localError, notFound, toErrorInfo, trpcCodeFor } from '../../../shared/bridge/errors';
import { ERROR_TYPES, typeForStatus } from '../../../shared/gateway/error-types';
import { en } from '../../../renderer/i18n/en';
import { zhCN } from '../../../renderer/i18n/zh-cn';

const base: GatewayErrorInfo = {
  httpStatus: 400,
  type: 'invalid_request_error',
  code: 'invalid_request_error',
  message: 'bad',
  param: null,
  retryable: false,
  retryAfterMs: null,
};

describe('gateway errors read as sentences', () => {
  it('[ERR-5] a 402 says the balance is too low', async () => {
    const t = await translator();
    const text = gatewayErrorSentence(
      {
        ...base,
        httpStatus: 402,
        type: 'payment_required',
        code: 'payment_required',
        message: 'Insufficient quota',
      },
      t,
    );
    expect(text).toMatch(/balance is too low/);
  });

  it('[ERR-3] [EP-VIDEO-NSFW-4] an nsfw rejection names what was flagged', async () => {
    const t = await translator();
    const text = gatewayErrorSentence(
      {
        ...base,
        type: 'nsfw_content_detected',
        code: 'nsfw_content_detected',
        param: '',
        message: 'Content flagged by moderation (text): sexual, violence',
      },
      t,
    );
    expect(text).toContain('sexual, violence');
    expect(text).toMatch(/flagged/);
    expect(text).toMatch(/Nothing was charged/);
  });

  it('an nsfw message without a list still says what the gateway said', async () => {
    const t = await translator();
    const text = gatewayErrorSentence(
      { ...base, type: 'nsfw_content_detected', code: 'nsfw_content_detected', message: 'unsafe imagery' },
      t,
    );
    expect(text).toContain('unsafe imagery');
  });

  it('a network failure says the gateway cannot be reached', async () => {
    const t = await translator();
    const text = gatewayErrorSentence(
      {
        ...base,
        httpStatus: null,
        type: 'network_error',
        code: 'ECONNREFUSED',
        message: 'connect ECONNREFUSED',
      },
      t,
    );
    expect(text).toMatch(/cannot be reached/);
    // The raw errno is not a sentence a creator can act on.
    expect(text).not.toContain('ECONNREFUSED');
    // A connection refused never sent anything, so the words about money are exact.
    expect(text).toContain('Nothing was sent, so nothing was charged.');
    expect(text).not.toMatch(/may have/);
  });

  it('a connection cut off keeps its outcome open: no claim that nothing was charged', async () => {
    const t = await translator();
    const text = gatewayErrorSentence(
      { ...base, httpStatus: null, type: 'network_error', code: 'ECONNRESET', message: 'socket hang up' },
      t,
    );
    expect(text).toMatch(/cannot be reached/);
    expect(text).not.toMatch(/nothing was charged/i);
  });

  it('a timeout is not reported as unreachable', async () => {
    const t = await translator();
    const text = gatewayErrorSentence({ ...base, httpStatus: null, type: 'timeout', code: 'timeout' }, t);
    expect(text).toMatch(/too long/);
  });

  it('[ERR-4] 401 points at the key, [ERR-9] 429 at slowing down, [ERR-11] 502 at the gateway', async () => {
    const t = await translator();
    expect(gatewayErrorSentence({ ...base, httpStatus: 401, type: 'authentication_error' }, t)).toMatch(
      /API key/,
    );
    expect(gatewayErrorSentence({ ...base, httpStatus: 429, type: 'rate_limit_error' }, t)).toMatch(
      /Too many/,
    );
    expect(gatewayErrorSentence({ ...base, httpStatus: 502, type: 'bad_gateway' }, t)).toMatch(/\(502\)/);
  });

  it('[ERR-2] other refusals carry the gateway message', async () => {
    const t = await translator();
    expect(gatewayErrorSentence({ ...base, message: 'size must be one of 1:1, 4:3' }, t)).toContain(
      'size must be one of 1:1, 4:3',
    );
  });

  it('speaks Simplified Chinese when asked', async () => {
    const t = await translator('zh-CN');
    expect(gatewayErrorSentence({ ...base, httpStatus: 402, type: 'payment_required' }, t)).toContain(
      '余额不足',
    );
  });
});

describe("the studio's own errors read as sentences (one table of error types)", () => {
  it('[ERR-7] an unknown id reads as "not found", in both languages, and maps to 404 on the bridge', async () => {
    const info = toErrorInfo(notFound('task', 'local-9'));
    expect(info.type).toBe('not_found_error');
    expect(trpcCodeFor(info)).toBe('NOT_FOUND');
    expect(gatewayErrorSentence(info, await translator())).toBe(
      'That could not be found: No task with id local-9.',
    );
    expect(gatewayErrorSentence(info, await translator('zh-CN'))).toMatch(/^找不到/);
  });

  it('every local type has its own sentence, never "Something went wrong"', async () => {
    const t = await translator();
    const zh = await translator('zh-CN');
    for (const type of ['not_configured', 'unsupported', 'demo_unavailable', 'task_failed'] as const) {
      const info = toErrorInfo(localError(type, 'because'));
      expect(gatewayErrorSentence(info, t), type).not.toMatch(/Something went wrong/);
      expect(gatewayErrorSentence(info, zh), type).not.toMatch(/errors\./);
    }
  });

  it('[ERR-2..11] each status carries its type when the body names none', () => {
    expect(typeForStatus(404)).toBe('not_found_error');
    expect(typeForStatus(413)).toBe('invalid_request_error');
    expect(typeForStatus(429)).toBe('rate_limit_error');
    expect(typeForStatus(502)).toBe('bad_gateway');
    // Every sentence the table names exists in both bundles.
    for (const { sentence } of Object.values(ERROR_TYPES)) {
      const [, key] = sentence.split('.') as [string, string];
      expect(en.errors, sentence).toHaveProperty(key);
      expect(zhCN.errors, sentence).toHaveProperty(key);
    }
  });
});
