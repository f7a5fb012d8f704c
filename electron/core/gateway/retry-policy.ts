// When and how long the client waits before trying a safe call again: capped exponential backoff with jitter,
// or the gateway's own Retry-After. Pure, so the schedule is tested without a server.
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import { backoffDelay, RETRY_POLICIES } from '../retry';

export interface RetryPolicy {
  /** Total tries per call, the first included (1 = never retry). */
  maxAttempts: number;
  /** The first backoff step; each further step doubles it. */
  baseDelayMs: number;
  /** No backoff step is longer than this. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the call fails and the caller decides. */
  maxRetryAfterMs: number;
}

/** The studio's one policy for a request's passing failures (core/retry.ts), with the gateway's Retry-After cap. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: RETRY_POLICIES.request.attempts,
  baseDelayMs: RETRY_POLICIES.request.baseDelayMs,
  maxDelayMs: RETRY_POLICIES.request.maxDelayMs,
  maxRetryAfterMs: 60_000,
};

/**
 * The wait before try number `attempt + 1` after try `attempt` (1-based) failed with `error`, or null when the
 * call should not be tried again. Backoff is "equal jitter": half the capped step, plus a random half.
 */
export function retryDelay(
  error: GatewayErrorInfo,
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  if (!error.retryable || attempt >= policy.maxAttempts) return null;
  if (error.retryAfterMs !== null && error.retryAfterMs > 0) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : null;
  }
  return backoffDelay(attempt, { ...policy, attempts: policy.maxAttempts }, random);
}
