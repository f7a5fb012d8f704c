import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLL_POLICY,
  errorBackoff,
  nextPollDelay,
  pollPriorsAtTimeScale,
} from '../../../electron/core/tasks/poll-schedule';
import type { PollState } from '../../../electron/core/tasks/poll-schedule';

const base: PollState = { kind: 'video', elapsedMs: 0, estimatedTime: null, progress: 0, polls: 0 };

/** Simulates polling a task that completes at durationMs and reports estimateS, returning polls and lateness. */
function track(
  durationMs: number,
  estimateS: number,
  kind: PollState['kind'] = 'video',
): { polls: number; lateMs: number } {
  let t = 0;
  let polls = 0;
  let known: number | null = null;
  for (;;) {
    // The simulator's shape: progress 0 for the first tenth, then linear to 99.
    const fraction = t / durationMs;
    const progress = fraction < 0.1 ? 0 : Math.min(99, Math.floor(fraction * 100));
    t += nextPollDelay({ kind, elapsedMs: t, estimatedTime: known, progress, polls });
    polls++;
    if (t >= durationMs) return { polls, lateMs: t - durationMs };
    known = estimateS; // [TASK-7] estimated_time arrives with the first answer
  }
}

describe('poll schedule', () => {
  it('polls first at the per-kind prior, then near the estimate [TASK-7]', () => {
    expect(nextPollDelay({ ...base, kind: 'image' })).toBe(DEFAULT_POLL_POLICY.firstPollMs.image);
    const afterFirst = nextPollDelay({
      ...base,
      elapsedMs: 15_000,
      estimatedTime: 120,
      progress: 0,
      polls: 1,
    });
    expect(afterFirst).toBeGreaterThanOrEqual(120_000 - 15_000);
    expect(afterFirst).toBeLessThan(120_000 * 1.05 - 15_000);
  });

  it('backs off to 10 % of the elapsed time once overdue, never under the 1 s floor', () => {
    expect(nextPollDelay({ ...base, elapsedMs: 200_000, estimatedTime: 100, progress: 99, polls: 3 })).toBe(
      20_000,
    );
    expect(
      nextPollDelay({ ...base, kind: 'image', elapsedMs: 5_000, estimatedTime: 4, progress: 99, polls: 2 }),
    ).toBe(1_000);
  });

  it('lets progress bring the prediction forward when a task runs ahead of its estimate [TASK-3]', () => {
    // 50 % after 30 s predicts 60 s, well before the 120 s estimate: poll near 60 s, not 120 s.
    const delay = nextPollDelay({ ...base, elapsedMs: 30_000, estimatedTime: 120, progress: 50, polls: 1 });
    expect(delay).toBeGreaterThanOrEqual(30_000);
    expect(delay).toBeLessThan(33_000);
  });

  it('keeps polls ≤ 3 and lateness within max(1 s, 10 %) when estimates are roughly right', () => {
    for (const [duration, estimate, kind] of [
      [8_000, 8, 'image'],
      [12_000, 11, 'image'], // a little over its estimate
      [95_000, 100, 'video'],
      [300_000, 280, 'video'],
      [40_000, 45, 'music'],
      [20_000, 40, 'music'], // a task failing half-way: progress reveals it
      [1_000, 1, 'upscale'],
    ] as const) {
      const { polls, lateMs } = track(duration, estimate, kind);
      expect(polls, `polls for ${duration}`).toBeLessThanOrEqual(3);
      expect(lateMs, `lateness for ${duration}`).toBeLessThanOrEqual(Math.max(1_000, duration * 0.1));
    }
  });

  it('doubles the error backoff up to the cap', () => {
    const noJitter = (): number => 0;
    expect(errorBackoff(1, DEFAULT_POLL_POLICY, noJitter)).toBe(1_000);
    expect(errorBackoff(3, DEFAULT_POLL_POLICY, noJitter)).toBe(4_000);
    expect(errorBackoff(40, DEFAULT_POLL_POLICY, noJitter)).toBe(DEFAULT_POLL_POLICY.maxGapMs);
  });
});

describe('poll schedule with what earlier runs taught [TASK-6]', () => {
  it('skips the early poll and asks once, just after a learned duration', () => {
    const delay = nextPollDelay({ ...base, kind: 'image', learnedMs: 6_000 });
    expect(delay).toBeGreaterThanOrEqual(6_000);
    expect(delay).toBeLessThanOrEqual(6_000 + DEFAULT_POLL_POLICY.minLearnedSlackMs);
  });

  it('trusts estimated_time scaled by the ratio runs of the model showed, with the tight slack [TASK-7]', () => {
    const delay = nextPollDelay({
      ...base,
      elapsedMs: 15_000,
      estimatedTime: 100,
      polls: 1,
      estimateRatio: 0.5,
    });
    expect(delay).toBeCloseTo(50_000 * 1.01 - 15_000, -1);
  });

  it('waits for a learned end that is near instead of the overdue gap', () => {
    const delay = nextPollDelay({
      ...base,
      elapsedMs: 114_000,
      estimatedTime: 120,
      polls: 1,
      learnedMs: 120_000,
    });
    expect(delay).toBe(120_000 + 1_200 - 114_000);
  });
});

describe('poll priors of a demo gateway whose clock runs fast', () => {
  it('come as much sooner as its tasks finish, never below the shortest gap between polls', () => {
    const policy = { ...DEFAULT_POLL_POLICY, ...pollPriorsAtTimeScale(0.05) };
    // A 2-minute video at 0.05 is done in 6 s: asked after 1 s (15 s × 0.05, held at the 1 s gap), not after 15 s.
    expect(policy.firstPollMs).toEqual({ image: 1_000, upscale: 1_000, music: 1_000, video: 1_000 });
    expect(pollPriorsAtTimeScale(0.5).firstPollMs).toEqual({
      image: 1_500,
      upscale: 1_000,
      music: 4_000,
      video: 7_500,
    });
    const fresh: PollState = { kind: 'video', elapsedMs: 0, estimatedTime: null, progress: 0, polls: 0 };
    expect(nextPollDelay(fresh, policy)).toBe(1_000);
    // The gaps that keep a gateway from being asked too often stay the default's.
    expect(policy.minGapMs).toBe(DEFAULT_POLL_POLICY.minGapMs);
    expect(policy.maxGapMs).toBe(DEFAULT_POLL_POLICY.maxGapMs);
  });

  it('a clock at its own pace or slower keeps the default priors; a scale that is no number is refused', () => {
    expect(pollPriorsAtTimeScale(1).firstPollMs).toEqual(DEFAULT_POLL_POLICY.firstPollMs);
    expect(pollPriorsAtTimeScale(3).firstPollMs).toEqual(DEFAULT_POLL_POLICY.firstPollMs);
    expect(() => pollPriorsAtTimeScale(0)).toThrow(RangeError);
    expect(() => pollPriorsAtTimeScale(Number.NaN)).toThrow(RangeError);
  });
});
