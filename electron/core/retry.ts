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
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random())));
}
