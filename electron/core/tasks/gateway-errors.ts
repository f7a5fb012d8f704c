// The client throws GatewayError {httpStatus, type, code, message, param, retryable, retryAfterMs}; the engine
// reads that shape from whatever was thrown, without importing the client's class, and decides what it means
// for a task being tracked.
import { z } from 'zod';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';

export const gatewayErrorInfoSchema = z.object({
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
});

/** Whatever was thrown, as the value kept on the task and shown by the UI. */
export function toGatewayErrorInfo(thrown: unknown): GatewayErrorInfo {
  for (const candidate of [thrown, (thrown as { info?: unknown } | null)?.info]) {
    const parsed = gatewayErrorInfoSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  const aborted = thrown instanceof Error && thrown.name === 'AbortError';
  return {
    httpStatus: null,
    type: aborted ? 'aborted' : 'network_error',
    code: '',
    message: thrown instanceof Error ? thrown.message : String(thrown),
    param: null,
    retryable: true,
    retryAfterMs: null,
  };
}

/**
 * Whether a refused submission definitely created nothing upstream: an HTTP answer (any status) or a
 * validation failure before sending. Anything else (timeout, reset) leaves the outcome unknown.
 */
export function submissionWasRefused(info: GatewayErrorInfo): boolean {
  return info.httpStatus !== null || info.type === 'validation_error';
}

export type PollErrorVerdict =
  | { action: 'fail' }
  /** Try again later; pauseAllMs asks every task to wait (the gateway's Retry-After is per key). */
  | { action: 'retry'; delayMs: number | null; pauseAllMs: number | null };

export interface PollErrorContext {
  /** How long ago the gateway acknowledged the task, ms. */
  ageMs: number;
  /** How long a 404 is taken as "not visible yet" rather than "gone". */
  notFoundGraceMs: number;
}

/**
 * Transient errors (429, 5xx, timeouts, resets, bad bodies) never fail a task; only a permanent answer does:
 * 403, 404 once the grace period is over, and other 4xx. 401 is not the task's fault (the key was changed
 * or revoked) so the task waits for a usable key instead of failing.
 */
export function judgePollError(info: GatewayErrorInfo, context: PollErrorContext): PollErrorVerdict {
  const status = info.httpStatus;
  if (status === 429) {
    return { action: 'retry', delayMs: info.retryAfterMs, pauseAllMs: info.retryAfterMs };
  }
  if (status === null || status >= 500 || info.retryable) {
    return { action: 'retry', delayMs: info.retryAfterMs, pauseAllMs: null };
  }
  if (status === 401) return { action: 'retry', delayMs: null, pauseAllMs: null };
  if (status === 404 && context.ageMs < context.notFoundGraceMs) {
    return { action: 'retry', delayMs: null, pauseAllMs: null };
  }
  return { action: 'fail' };
}
