// ONE mapping from what went wrong (an HTTP answer, or no answer at all) to GatewayErrorInfo, and from
// GatewayErrorInfo to the sentence the UI shows (an i18n key under errors.* plus its values). The error types
// themselves, with their status and sentence, are in error-types.ts.
import type { GatewayErrorInfo } from './normalized';
import { errorFields, statusInBody } from './error-body';
import { ERROR_TYPES, isErrorType, knownErrorType, localErrorInfo, neverSent } from './error-types';
import type { ErrorType } from './error-types';
import { readErrorDialect } from './error-dialects';

const DEFAULT_MESSAGE: Record<number, string> = {
  401: 'Invalid or missing credentials.',
  402: 'Insufficient balance.',
  403: 'No permission for this resource.',
  404: 'Not found.',
  413: 'The speech input is longer than 4096 characters.',
  429: 'Too many requests.',
  500: 'The gateway had an internal error.',
  502: 'The gateway is temporarily unavailable.',
  503: 'The gateway is temporarily unavailable.',
  504: 'The gateway timed out.',
};

/**
 * Answers worth repeating the same request for: rate limiting ([ERR-9]), a gateway that is temporarily
 * unavailable ([ERR-11], 503) and a gateway timeout (504, a timeout like any other). 500 is an internal error,
 * not a transient one.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** An HTTP-date as RFC 9110 spells it (IMF-fixdate, or the obsolete RFC 850 and asctime forms). */
const HTTP_DATE =
  /^(?:[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

/**
 * Retry-After as delta-seconds or an HTTP-date, in ms from now; null when absent, unreadable, or not in the
 * future. A negative, zero or past value is no instruction to wait, and reading it as "ask again at once" made a
 * gateway answering `Retry-After: -5` be polled several times a second without end: the caller's own backoff
 * applies instead. Date.parse alone is too lenient ("-5" is a date in the year -5).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  if (v === '') return null;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(v)) ms = Math.round(Number(v) * 1000);
  else if (HTTP_DATE.test(v)) ms = Date.parse(v) - nowMs;
  else return null;
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

export interface HttpFailure {
  status: number;
  /** The parsed JSON body, or the text when it was not JSON, or null. */
  body: unknown;
  retryAfter?: string | null;
  nowMs: number;
}

/** A page a proxy or web server sent instead of the gateway's JSON (nginx's 502, a captive portal). */
export function looksLikeHtml(text: string): boolean {
  return (
    /^\s*(<!doctype html|<html|<head|<body|<\?xml|<center|<h1|<title)/i.test(text) ||
    /<\/(html|body)>/i.test(text)
  );
}

/** Any non-2xx answer as GatewayErrorInfo. */
export function errorFromHttp({ status, body, retryAfter, nowMs }: HttpFailure): GatewayErrorInfo {
  const f = errorFields(body);
  // A proxy's HTML page is never shown: the status's own sentence says what it means.
  const raw = typeof body === 'string' ? body.trim() : '';
  const text = looksLikeHtml(raw) ? '' : raw.slice(0, 300);
  // A type the spec does not list is read as its status's; its own spelling stays in `code` when that is empty.
  const type = knownErrorType(f.type, status, status >= 500 ? 'server_error' : 'invalid_request_error');
  const retryAfterMs = parseRetryAfter(retryAfter, nowMs);
  return readErrorDialect(
    {
      httpStatus: status,
      type,
      // [ERR-1] the generic body's code is the HTTP status; other bodies use strings, sometimes empty.
      code: f.code || f.type || type,
      message: f.message || text || DEFAULT_MESSAGE[status] || `The gateway answered HTTP ${status}.`,
      param: f.param,
      retryable: RETRYABLE_STATUSES.has(status),
      retryAfterMs,
    },
    retryAfter !== null && retryAfter !== undefined && retryAfter.trim() !== '',
  );
}

/**
 * A 2xx answer whose body is an error body ({success: false, message}, {code: 402, message}, {error: {…}}): the
 * error it says, or null when the body is no error body. Never retryable: the request was answered, and the
 * answer is a refusal, not a task. It carries the status the spec gives the error it names, so whoever judges
 * it (a submission: refused, or may have been charged) reads the error and not the wire's 200:
 *  - a code of 400 to 599 is that status (402 is payment_required whatever the HTTP status was);
 *  - else a type the spec's table lists is its status ([ERR-2..11]: nsfw_content_detected is 400, a moderation
 *    refusal that created no task and charged nothing, [EP-VIDEO-NSFW-4]);
 *  - else it is a refused request ([ERR-2], 400), said in its own words.
 * A 2xx whose body cannot be read at all is not this: that is an invalid response, whose outcome is unknown.
 */
export function errorFromAnswer(body: unknown, httpStatus: number): GatewayErrorInfo | null {
  const f = errorFields(body);
  if (!f.message && !f.type) return null;
  const named = f.type !== null && isErrorType(f.type) ? ERROR_TYPES[f.type].status : null;
  const status = statusInBody(body) ?? named ?? (httpStatus >= 400 ? httpStatus : 400);
  const info = errorFromHttp({ status, body, nowMs: 0 });
  return { ...info, retryable: false };
}

export type TransportFailure = 'timeout' | 'network' | 'aborted';

const TRANSPORT = {
  timeout: 'timeout',
  network: 'network_error',
  aborted: 'aborted',
} as const satisfies Record<TransportFailure, ErrorType>;

/** A call that got no HTTP answer. `code` is the system code when there is one (ECONNRESET, ECONNREFUSED, ...). */
export function errorFromTransport(kind: TransportFailure, message: string, code?: string): GatewayErrorInfo {
  const info = localErrorInfo(TRANSPORT[kind], message, { code: code || kind });
  // Said where it is known: a connection never made sent nothing (the CLI prints this message as it is).
  if (!neverSent(info)) return info;
  return {
    ...info,
    message: `Not sent: the gateway could not be reached (${code}), so nothing was charged.`,
  };
}

/** A body refused before anything was sent. */
export function validationError(message: string, param: string | null): GatewayErrorInfo {
  return localErrorInfo('validation_error', message, { param });
}

// From GatewayErrorInfo to a sentence: its own module, without zod, so the renderer's start can say a failure.
export { errorSentence, flaggedCategories } from './error-sentence';
export type { ErrorSentence, ErrorSentenceKey } from './error-sentence';
