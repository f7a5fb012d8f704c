// When to ask about a task next. The aim is few polls per task (first near the estimate, then backing off)
// while noticing completion within max(1 s, 10 % of the task's duration):
//  - before anything is known, one early poll at a per-kind prior, to learn estimated_time;
//  - then one poll just after the predicted end (the estimate, or the pace progress implies if sooner);
//  - once overdue, a gap of 10 % of the time elapsed so far (at least minGapMs), so a completion at
//    time T is seen by T + max(minGap, 10 % of T);
//  - when earlier runs of the same model and settings taught us how long it takes (task-history.ts), that
//    learned duration replaces both the early poll and the gateway's estimate, with a tighter slack: the
//    first poll then usually finds the task done. For a configuration not run before, a model whose runs
//    showed how actual_time relates to estimated_time gets the estimate scaled by that, with the same slack.
import type { TaskKind } from '../../../shared/catalog/family-ids';
import { backoffStep } from '../retry';

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
  /** The slack after a duration learned from earlier runs, which we trust more than estimated_time. */
  learnedSlackFraction: number;
  minLearnedSlackMs: number;
  /** Transient errors back off from this, doubling, up to maxGapMs. */
  errorBackoffMs: number;
  /** A 404 within this long of the ack is taken as "not visible yet". */
  notFoundGraceMs: number;
  /** The longest Retry-After (poll or submission) waited out as asked; a longer one is cut to this. */
  maxRetryAfterMs: number;
  /** A task whose polls are answered only with error bodies (under a success status) is given up after this. */
  errorAnswerDeadlineMs: number;
  /**
   * The poll budget per kind: public guidance for the real gateway is about 10 minutes or 120 checks, and video
   * can take far longer. A task past it is not failed (it may still finish, and be charged): it stays running
   * and is checked less often, every `pastBudgetFraction` of its age, between maxGapMs and pastBudgetMaxGapMs.
   */
  budget: Record<TaskKind, { ms: number; polls: number }>;
  pastBudgetFraction: number;
  pastBudgetMaxGapMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  firstPollMs: { image: 3_000, upscale: 1_000, music: 8_000, video: 15_000 },
  minGapMs: 1_000,
  maxGapMs: 120_000,
  overdueFraction: 0.1,
  slackFraction: 0.03,
  minSlackMs: 250,
  learnedSlackFraction: 0.01,
  minLearnedSlackMs: 100,
  errorBackoffMs: 1_000,
  notFoundGraceMs: 60_000,
  maxRetryAfterMs: 300_000,
  errorAnswerDeadlineMs: 1_800_000,
  budget: {
    image: { ms: 600_000, polls: 120 },
    upscale: { ms: 600_000, polls: 120 },
    music: { ms: 1_200_000, polls: 120 },
    video: { ms: 3_600_000, polls: 240 },
  },
  pastBudgetFraction: 0.25,
  pastBudgetMaxGapMs: 900_000,
};

/**
 * The priors of a gateway whose clock runs timeScale times as fast (the demo gateway run faster by a test that
 * asks for them): its tasks take that fraction of the time, so the first poll before an estimate is known comes
 * that much sooner too. Without it, a video the fast demo finishes in 3 s was first asked about after 15 s.
 * No prior falls below minGapMs, the shortest gap between two polls: the gaps that protect a gateway from being
 * asked too often stay as they are.
 */
export function pollPriorsAtTimeScale(timeScale: number): Pick<PollPolicy, 'firstPollMs'> {
  if (!(Number.isFinite(timeScale) && timeScale > 0))
    throw new RangeError('timeScale must be a positive number');
  const scale = Math.min(1, timeScale);
  const first = DEFAULT_POLL_POLICY.firstPollMs;
  const floor = DEFAULT_POLL_POLICY.minGapMs;
  const scaled = (ms: number): number => Math.max(floor, Math.round(ms * scale));
  return {
    firstPollMs: {
      image: scaled(first.image),
      upscale: scaled(first.upscale),
      music: scaled(first.music),
      video: scaled(first.video),
    },
  };
}

/** Whether the task has used its poll budget (its time or its checks). */
export function pastBudget(
  state: Pick<PollState, 'kind' | 'elapsedMs' | 'polls'>,
  policy: PollPolicy,
): boolean {
  const budget = policy.budget[state.kind];
  return state.elapsedMs >= budget.ms || state.polls >= budget.polls;
}

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
  /** ms this model and configuration took on earlier runs ([TASK-6] actual_time); null or absent when unknown. */
  learnedMs?: number | null;
  /** actual / estimated time on this model's earlier runs when they agree; null or absent when unknown. */
  estimateRatio?: number | null;
}

const positive = (v: number | null | undefined): v is number => v !== undefined && v !== null && v > 0;

/** Whether the prediction rests on what earlier runs taught us (and so earns the tighter slack). */
function isLearned(state: PollState): boolean {
  return positive(state.learnedMs) || (positive(state.estimateRatio) && positive(state.estimatedTime));
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The predicted total duration in ms, or null when nothing is known yet. */
export function predictDurationMs(state: PollState): number | null {
  const fromEstimate = positive(state.learnedMs)
    ? state.learnedMs
    : positive(state.estimatedTime)
      ? state.estimatedTime * 1000 * (positive(state.estimateRatio) ? state.estimateRatio : 1)
      : null;
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
  if (pastBudget(state, policy)) {
    return clamp(policy.pastBudgetFraction * state.elapsedMs, policy.maxGapMs, policy.pastBudgetMaxGapMs);
  }
  const predicted = predictDurationMs(state);
  if (predicted === null) {
    if (state.polls === 0) return Math.max(0, policy.firstPollMs[state.kind] - state.elapsedMs);
    return clamp(policy.overdueFraction * state.elapsedMs, policy.minGapMs, policy.maxGapMs);
  }
  const slack = isLearned(state)
    ? Math.max(policy.minLearnedSlackMs, policy.learnedSlackFraction * predicted)
    : Math.max(policy.minSlackMs, policy.slackFraction * predicted);
  const untilEnd = predicted + slack - state.elapsedMs;
  const overdueGap = clamp(policy.overdueFraction * state.elapsedMs, policy.minGapMs, policy.maxGapMs);
  // A predicted end still ahead is waited for, even when near (a task re-paced by what another run just
  // taught us); once it has passed, the overdue back-off takes over.
  if (untilEnd > 0 && (untilEnd >= overdueGap || isLearned(state)))
    return Math.min(untilEnd, policy.maxGapMs * 10);
  return overdueGap;
}

/** Backoff after the n-th consecutive transient error (n ≥ 1), with up to 20 % jitter. */
export function errorBackoff(
  n: number,
  policy: PollPolicy = DEFAULT_POLL_POLICY,
  random = Math.random,
): number {
  const base = backoffStep(n, { baseDelayMs: policy.errorBackoffMs, maxDelayMs: policy.maxGapMs });
  return Math.round(base * (1 + 0.2 * random()));
}
