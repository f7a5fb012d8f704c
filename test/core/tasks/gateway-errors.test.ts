import { describe, expect, it } from 'vitest';
import {
  judgePollError,
  judgeSubmissionError,
  toGatewayErrorInfo,
} from '../../../electron/core/tasks/gateway-errors';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';

const info = (httpStatus: number | null, extra: Partial<GatewayErrorInfo> = {}): GatewayErrorInfo => ({
  httpStatus,
  type: 'server_error',
  code: '',
  message: 'm',
  param: null,
  retryable: httpStatus === null || httpStatus === 429 || httpStatus >= 500,
  retryAfterMs: null,
  ...extra,
});
const ctx = { ageMs: 5_000, notFoundGraceMs: 60_000, maxRetryAfterMs: 300_000 };

describe('poll error verdicts', () => {
  it('never fails a task on transient errors [ERR-9] [ERR-10] [ERR-11]', () => {
    expect(judgePollError(info(429, { retryAfterMs: 7_000 }), ctx)).toEqual({
      action: 'retry',
      delayMs: 7_000,
    });
    for (const status of [500, 502, 503, null])
      expect(judgePollError(info(status), ctx).action).toBe('retry');
    expect(judgePollError(info(401), ctx).action).toBe('retry');
  });

  it('an unreadable 200 is transient; a Retry-After is capped', () => {
    const unreadable = info(200, { type: 'invalid_response', retryable: false });
    expect(judgePollError(unreadable, ctx).action).toBe('retry');
    expect(judgePollError(info(429, { retryAfterMs: 86_400_000 }), ctx)).toEqual({
      action: 'retry',
      delayMs: 300_000,
    });
  });

  it('fails on 403 at once and on 404 only after the grace period [ERR-6] [ERR-7]', () => {
    expect(judgePollError(info(403), ctx).action).toBe('fail');
    expect(judgePollError(info(404), ctx).action).toBe('retry');
    expect(judgePollError(info(404), { ...ctx, ageMs: 61_000 }).action).toBe('fail');
  });

  it('reads the GatewayError shape from what was thrown, and falls back to a network error', () => {
    const thrown = Object.assign(new Error('rate limited'), info(429, { code: 429 as unknown as string }));
    expect(toGatewayErrorInfo(thrown)).toMatchObject({ httpStatus: 429, code: '429', message: 'm' });
    expect(toGatewayErrorInfo(new Error('socket hang up'))).toMatchObject({
      httpStatus: null,
      type: 'network_error',
      retryable: true,
      message: 'socket hang up',
    });
  });

  it('judges submission errors: a refusal, a rate limit to wait out, or an outcome unknown [ERR-9] [ERR-10] [ERR-11]', () => {
    expect(judgeSubmissionError(info(402))).toEqual({ action: 'refused' });
    expect(judgeSubmissionError(info(null, { type: 'validation_error' }))).toEqual({ action: 'refused' });
    expect(judgeSubmissionError(info(429, { retryAfterMs: 30_000 }))).toEqual({
      action: 'rate-limited',
      delayMs: 30_000,
    });
    for (const status of [null, 500, 502, 504, 200, 202])
      expect(judgeSubmissionError(info(status, { type: 'timeout' }))).toEqual({ action: 'unknown' });
  });
});
