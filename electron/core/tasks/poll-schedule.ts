// When to ask about a task next. The aim is few polls per task (first near the estimate, then backing off)
// while noticing completion within max(1 s, 10 % of the task's duration):
//  - before anything is known, one early poll at a per-kind prior, to learn estimated_time;
//  - then one poll just after the predicted end (the estimate, or the pace progress implies if sooner);
//  - once overdue, a gap of 10 % of the time elapsed so far (at least minGapMs), so a completion at
//    time T is seen by T + max(minGap, 10 % of T).
import type { TaskKind } from '../../../shared/catalog/family-ids';

export interface PollPolicy {
  /** First poll after the ack, before the task has told us its estimate, per kind. */
  firstPollMs: Record<TaskKind, number>;
  minGapMs: number;
  maxGapMs: number;
  /** Once overdue, poll every this fraction of the elapsed time. */
  overdueFraction: number;
  /** Poll a little after the predicted end, so a task finishing on time is seen on the first try. */
  slackFraction: number;
  minSlackMs: number;
  /** Transient errors back off from this, doubling, up to maxGapMs. */
  errorBackoffMs: number;
  /** A 404 within this long of the ack is taken as "not visible yet". */
  notFoundGraceMs: number;
  /** The longest Retry-After (poll or submission) waited out as asked; a longer one is cut to this. */
  maxRetryAfterMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  firstPollMs: { image: 3_000, upscale: 1_000, music: 8_000, video: 15_000 },
  minGapMs: 1_000,
  maxGapMs: 120_000,
  overdueFraction: 0.1,
  slackFraction: 0.03,
  minSlackMs: 250,
  errorBackoffMs: 1_000,
  notFoundGraceMs: 60_000,
  maxRetryAfterMs: 300_000,
};

export interface PollState {
  kind: TaskKind;
  /** ms since the ack, on our clock */
  elapsedMs: number;
  /** seconds, as the gateway reported; null when not yet known */
  estimatedTime: number | null;
  /** 0..100 as last reported */
  progress: number;
  /** Polls answered so far for this task in this session. */
  polls: number;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The predicted total duration in ms, or null when nothing is known yet. */
export function predictDurationMs(state: PollState): number | null {
  const fromEstimate =
    state.estimatedTime !== null && state.estimatedTime > 0 ? state.estimatedTime * 1000 : null;
  // Of the two, the earlier: a task that fails half-way or runs ahead of its estimate is seen in time, and a
  // prediction that proves early costs one poll before the overdue back-off takes over.
  const fromProgress =
    state.progress >= 5 && state.progress < 100 && state.elapsedMs > 0
      ? (state.elapsedMs * 100) / state.progress
      : null;
  if (fromEstimate === null) return fromProgress;
  return fromProgress === null ? fromEstimate : Math.min(fromEstimate, fromProgress);
}

/** ms from now until the next poll. */
export function nextPollDelay(state: PollState, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  const predicted = predictDurationMs(state);
  if (predicted === null) {
    if (state.polls === 0) return Math.max(0, policy.firstPollMs[state.kind] - state.elapsedMs);
    return clamp(policy.overdueFraction * state.elapsedMs, policy.minGapMs, policy.maxGapMs);
  }
  const slack = Math.max(policy.minSlackMs, policy.slackFraction * predicted);
  const untilEnd = predicted + slack - state.elapsedMs;
  const overdueGap = clamp(policy.overdueFraction * state.elapsedMs, policy.minGapMs, policy.maxGapMs);
  if (untilEnd >= overdueGap) return Math.min(untilEnd, policy.maxGapMs * 10);
  return overdueGap;
}

/** Backoff after the n-th consecutive transient error (n ≥ 1), with up to 20 % jitter. */
export function errorBackoff(
  n: number,
  policy: PollPolicy = DEFAULT_POLL_POLICY,
  random = Math.random,
): number {
  const base = Math.min(policy.maxGapMs, policy.errorBackoffMs * 2 ** Math.min(20, n - 1));
  return Math.round(base * (1 + 0.2 * random()));
}
