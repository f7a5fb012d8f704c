// The client throws GatewayError {httpStatus, type, code, message, param, retryable, retryAfterMs}; the engine
// reads that shape from whatever was thrown, without importing the client's class, and decides what it means
// for a task being tracked.
import { z } from 'zod';
import { knownErrorType, localErrorInfo, neverSent } from '../../../shared/gateway/error-types';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import { NEVER_SENT_CODE } from '../../../shared/studio/records';

/**
 * Lenient on purpose: it reads what was thrown and what older rows stored. A type outside the table
 * (error-types.ts) is read as its status's type, or as the studio's internal error when there was no answer.
 */
export const gatewayErrorInfoSchema = z
  .object({
    httpStatus: z.number().int().nullable(),
    type: z.string(),
    code: z.union([z.string(), z.number()]).transform(String),
    message: z.string(),
    param: z
      .string()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    retryable: z.boolean(),
    retryAfterMs: z
      .number()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .transform((info): GatewayErrorInfo => ({
    ...info,
    type: knownErrorType(info.type, info.httpStatus, fallbackType(info.httpStatus)),
  }));

function fallbackType(status: number | null) {
  if (status === null) return 'internal_error';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

/** Whatever was thrown, as the value kept on the task and shown by the UI. */
export function toGatewayErrorInfo(thrown: unknown): GatewayErrorInfo {
  for (const candidate of [thrown, (thrown as { info?: unknown } | null)?.info]) {
    const parsed = gatewayErrorInfoSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  const aborted = thrown instanceof Error && thrown.name === 'AbortError';
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return localErrorInfo(aborted ? 'aborted' : 'network_error', message, { code: '', retryable: true });
}

/**
 * What an error at submission says about the task upstream:
 *  - refused: nothing exists (a 4xx other than 429, or the app never sent it: a bad body, no key, a connection
 *    refused or a name that never resolved);
 *  - rate-limited: a 429 ([ERR-9]) did nothing, so the same body may be sent again after Retry-After;
 *  - unknown: the task may exist and be charged (a 5xx, a reset or timeout, an unreadable 2xx). Only a
 *    family whose Idempotency-Key the spec promises (I2) may be resent on the strength of its key.
 */
export type SubmissionVerdict =
  { action: 'refused' } | { action: 'rate-limited'; delayMs: number | null } | { action: 'unknown' };

const NEVER_SENT = new Set(['validation_error', 'authentication_error']);

export function judgeSubmissionError(info: GatewayErrorInfo): SubmissionVerdict {
  const status = info.httpStatus;
  // A 503 "no available channel" says no upstream took the request: nothing was made, and repeating it changes
  // nothing until the gateway's configuration does.
  if (info.type === 'channel_unavailable') return { action: 'refused' };
  // No connection was ever made (refused, no such name): the request never left, so nothing was charged.
  if (neverSent(info)) return { action: 'refused' };
  if (status === 429) return { action: 'rate-limited', delayMs: info.retryAfterMs };
  if (status === null) return NEVER_SENT.has(info.type) ? { action: 'refused' } : { action: 'unknown' };
  if (status < 300 || status >= 500) return { action: 'unknown' };
  return { action: 'refused' };
}

/** The error kept on a row a start found never sent: held for the person instead of sent behind their back. */
export function heldUnsent(): GatewayErrorInfo {
  return localErrorInfo(
    'interrupted',
    'Not sent: the app stopped (or the disk was full) before this task was sent, so nothing was charged. It ' +
      'is not sent again by itself; send it if you still want it.',
    { code: NEVER_SENT_CODE },
  );
}

/** The error kept on a task whose submission may have created (and charged) a task the app cannot follow. */
export function mayHaveBeenCharged(info: GatewayErrorInfo): GatewayErrorInfo {
  const cause =
    info.httpStatus !== null && info.httpStatus < 300 ? 'its answer could not be read' : info.message;
  return {
    ...info,
    retryable: false,
    message: `The gateway may have charged this task, but the app could not learn its id (${cause}).`,
  };
}

export type PollErrorVerdict = { action: 'fail' } | { action: 'retry'; delayMs: number | null };

export interface PollErrorContext {
  /** How long ago the gateway acknowledged the task, ms. */
  ageMs: number;
  /** How long a 404 is taken as "not visible yet" rather than "gone". */
  notFoundGraceMs: number;
  /** The longest Retry-After waited out as asked; a longer one is cut to this. */
  maxRetryAfterMs: number;
}

/**
 * Transient errors (429, 5xx, timeouts, resets, unreadable 2xx bodies) never fail a task; only a permanent
 * answer does: 403, 404 once the grace period is over, and other 4xx. 401 is not the task's fault (the key
 * was changed or revoked) so the task waits for a usable key instead of failing. A Retry-After delays this
 * task's next poll only, and never longer than the cap: other tasks keep their own schedule.
 */
export function judgePollError(info: GatewayErrorInfo, context: PollErrorContext): PollErrorVerdict {
  const status = info.httpStatus;
  // A Retry-After of zero or less (an older row's, or a peer's) is no instruction: the caller's backoff applies.
  const delayMs =
    info.retryAfterMs === null || info.retryAfterMs <= 0
      ? null
      : Math.min(info.retryAfterMs, context.maxRetryAfterMs);
  // A redirect the client did not follow (to another origin, or a loop) says nothing about the task: ask again.
  const redirected = status !== null && status >= 300 && status < 400;
  if (status === null || status === 429 || status < 300 || status >= 500 || redirected || info.retryable) {
    return { action: 'retry', delayMs };
  }
  if (status === 401) return { action: 'retry', delayMs: null };
  if (status === 404 && context.ageMs < context.notFoundGraceMs) {
    return { action: 'retry', delayMs: null };
  }
  return { action: 'fail' };
}
