// Where each waiting item stands: what is ahead of it (money and time) and when it should go. The queue sends
// the next item whenever fewer than `parallel` of its tasks run, so the expected start is a small simulation:
// `parallel` lanes, each free once its running task's remaining time has passed, items taken in order by
// the lane free first. A duration nobody knows makes that lane's later times unknown rather than guessed.

export interface TimelineInput {
  now: number;
  paused: boolean;
  /** Nothing goes before this (a schedule). */
  startAt: number | null;
  parallel: number;
  /** Seconds left of each of the queue's tasks running at the gateway; null when nothing tells. */
  runningSeconds: readonly (number | null)[];
  /** Each waiting item's own estimate, in queue order. */
  waiting: readonly { usd: number | null; seconds: number | null }[];
}

export interface TimelineEntry {
  aheadUsd: number | null;
  aheadSeconds: number | null;
  aheadUnknown: number;
  expectedStartAt: number | null;
}

export function queueTimeline(input: TimelineInput): TimelineEntry[] {
  const base = Math.max(input.now, input.startAt ?? input.now);
  const lanes: (number | null)[] = [];
  for (const left of input.runningSeconds) lanes.push(left === null ? null : base + Math.max(0, left) * 1000);
  // More running than lanes (the parallel setting was lowered): the earliest to end free the lanes.
  lanes.sort(byTime);
  while (lanes.length > input.parallel) lanes.pop();
  while (lanes.length < input.parallel) lanes.unshift(base);

  let usd = 0;
  let seconds = input.runningSeconds.reduce<number>((sum, s) => sum + (s ?? 0), 0);
  let unknown = input.runningSeconds.filter((s) => s === null).length;
  let anyUsd = false;
  let anySeconds = input.runningSeconds.some((s) => s !== null);
  const entries: TimelineEntry[] = [];
  for (const item of input.waiting) {
    lanes.sort(byTime);
    const free = lanes[0] ?? null;
    entries.push({
      aheadUsd: anyUsd || unknown === 0 ? usd : null,
      aheadSeconds: anySeconds || unknown === 0 ? seconds : null,
      aheadUnknown: unknown,
      expectedStartAt: input.paused ? null : free,
    });
    lanes[0] = free === null || item.seconds === null ? null : free + item.seconds * 1000;
    if (item.usd === null || item.seconds === null) unknown++;
    if (item.usd !== null) {
      usd += item.usd;
      anyUsd = true;
    }
    if (item.seconds !== null) {
      seconds += item.seconds;
      anySeconds = true;
    }
  }
  return entries;
}

/** Known times first, earliest first; unknown ones last. */
function byTime(a: number | null, b: number | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a - b;
}
