// How long to wait before trying again, written once for every kind of failure the studio retries. The gateway
// client, sync's remotes and the durable jobs (core/jobs) all read their numbers here, so no layer keeps a policy
// of its own beside another's, and no library underneath retries on its own: the S3 SDK is built with
// maxAttempts 1, so the most tries one request ever gets is the `request` policy's `attempts`, not a product of
// two policies (a test sends one request to a server that always fails and counts the tries).

export interface RetryPolicy {
  /** Tries in all, the first included (1 = never again). */
  attempts: number;
  /** The first backoff step; each further step doubles it. */
  baseDelayMs: number;
  /** No backoff step is longer than this. */
  maxDelayMs: number;
}

/** What failed, which decides how it is tried again. */
export type FailureKind =
  /** One request met a passing failure (a 5xx, a 429, a reset, a timeout): tried again within the call. */
  | 'request'
  /** A job's whole attempt failed for a passing reason after its requests' own tries: tried again later. */
  | 'job';

/**
 * The policies, one per kind of failure. A request's tries are few and quick (a hiccup of a busy server); a job's
 * are spaced out, so a gateway or remote that is down for minutes does not use them up while it is down.
 */
export const RETRY_POLICIES: Readonly<Record<FailureKind, Readonly<RetryPolicy>>> = {
  request: { attempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 },
  job: { attempts: 6, baseDelayMs: 2_000, maxDelayMs: 120_000 },
};

/**
 * The wait after try `attempt` (1-based) failed, or null when there is no try left. "Equal jitter": half the
 * capped step, plus a random half, so parallel work that failed together does not come back at one instant.
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | null {
  if (attempt >= policy.attempts) return null;
  const step = backoffStep(attempt, policy);
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random())));
}

/**
 * The capped doubling step after try `attempt` (1-based) failed, before any jitter: the one backoff curve. The
 * engine's poll waits after a transient error step on it too (tasks/poll-schedule.ts), with the poll policy's
 * own base and cap and no try limit: a task is polled until its poll budget ends, never given up after a count
 * of failed polls, so its numbers are not one of the policies above.
 */
export function backoffStep(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
): number {
  // Past 2^20 the cap has long been reached; the bound keeps the power finite for any count of failures.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(20, Math.max(0, attempt - 1)));
}
