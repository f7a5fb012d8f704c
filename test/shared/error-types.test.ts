// The error table is closed at runtime too: what comes in from outside (a gateway body, a stored row, a value
// over the bridge) is read into the table's types, and the bridge refuses a value spelled outside it.
import { describe, expect, it } from 'vitest';
import { gatewayErrorInfoSchema } from '../../shared/bridge/record-schemas';
import { errorFromHttp } from '../../shared/gateway/error-map';
import { ERROR_TYPES, isErrorType, isUnanswered, localErrorInfo } from '../../shared/gateway/error-types';
import { toGatewayErrorInfo } from '../../electron/core/tasks/gateway-errors';

describe('one closed union of error types', () => {
  it('a gateway type the spec does not list is read as its status type, its own spelling kept in code', () => {
    const info = errorFromHttp({
      status: 404,
      body: { error: { message: 'gone', type: 'no_such_thing' } },
      nowMs: 0,
    });
    expect(info).toMatchObject({ type: 'not_found_error', code: 'no_such_thing', httpStatus: 404 });
    const known = errorFromHttp({
      status: 400,
      body: { error: { message: 'm', type: 'nsfw_content_detected' } },
      nowMs: 0,
    });
    expect(known.type).toBe('nsfw_content_detected');
  });

  it('a stored or thrown value with a stray type is read into the table, by status or as internal', () => {
    const stray = { httpStatus: 503, type: 'upstream_down', code: 'x', message: 'm', retryable: true };
    expect(toGatewayErrorInfo(stray).type).toBe('service_unavailable');
    expect(toGatewayErrorInfo({ ...stray, httpStatus: null }).type).toBe('internal_error');
    expect(toGatewayErrorInfo({ ...stray, httpStatus: 409 }).type).toBe('invalid_request_error');
  });

  it('the bridge refuses an error value spelled outside the table', () => {
    const good = localErrorInfo('not_found_error', 'No task with id x.');
    expect(gatewayErrorInfoSchema.safeParse(good).success).toBe(true);
    expect(gatewayErrorInfoSchema.safeParse({ ...good, type: 'not_found' }).success).toBe(false);
    expect(isErrorType('not_found')).toBe(false);
  });

  it('localErrorInfo takes retryability from the table', () => {
    expect(localErrorInfo('network_error', 'm').retryable).toBe(true);
    expect(localErrorInfo('not_configured', 'm')).toEqual({
      httpStatus: null,
      type: 'not_configured',
      code: 'not_configured',
      message: 'm',
      param: null,
      retryable: false,
      retryAfterMs: null,
    });
  });

  it('the table says which failures mean the gateway was not asked: no answer, a 404 or a 5xx, a page not JSON', () => {
    const unanswered = Object.keys(ERROR_TYPES).filter(isUnanswered).sort();
    expect(unanswered).toEqual(
      [
        'bad_gateway',
        'gateway_timeout',
        'invalid_response',
        'network_error',
        'not_found_error',
        'server_error',
        'service_unavailable',
        'timeout',
      ].sort(),
    );
    // The gateway refusing the key is an answer: onboarding reports it instead of keeping the key unchecked.
    for (const refusal of ['authentication_error', 'permission_error', 'invalid_request_error'])
      expect(isUnanswered(refusal)).toBe(false);
    expect(isUnanswered('no_such_type')).toBe(false);
  });
});
