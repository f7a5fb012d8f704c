// Usage over any range: the gateway answers at most 31 days per query ([EP-USAGE-PARAM-2], [LIM-4]), so a
// longer range is asked as consecutive [start, end) windows and their reports are merged into one. Windows
// share their edges; the interval is half-open, so an instant on an edge is counted once ([EP-USAGE-2]).
import type { UsageData, UsageItem, UsageStats } from '../../../shared/gateway/usage';
import { MAX_USAGE_RANGE_S } from '../../../shared/gateway/limits';

/** [LIM-4] the longest range one usage query may span. */
export const MAX_USAGE_WINDOW_S = MAX_USAGE_RANGE_S;

export interface UsageWindow {
  start: number;
  end: number;
}

/** [start, end) cut into consecutive windows of at most maxSeconds, the last one shorter. */
export function splitUsageRange(start: number, end: number, maxSeconds = MAX_USAGE_WINDOW_S): UsageWindow[] {
  if (!Number.isInteger(start) || !Number.isInteger(end)) throw new RangeError('Unix seconds, whole');
  if (!(Number.isInteger(maxSeconds) && maxSeconds > 0)) throw new RangeError('A positive window length');
  // An empty or reversed range is one window: the gateway's own invalid_range answer says what is wrong.
  if (end <= start) return [{ start, end }];
  const windows: UsageWindow[] = [];
  for (let s = start; s < end; s += maxSeconds)
    windows.push({ start: s, end: Math.min(end, s + maxSeconds) });
  return windows;
}

/** [UREP-STAT-1] amounts are rounded to 6 decimals; sums of rounded parts are rounded again. */
const round6 = (n: number): number => Math.round(n * 1e6) / 1e6;

function addStats(a: UsageStats, b: UsageStats): UsageStats {
  const amount = round6(a.amount_usd + b.amount_usd);
  return {
    amount_usd: amount,
    // [UREP-STAT-2] credits = amount_usd x 10, kept true of the sum rather than summed separately.
    credits: round6(amount * 10),
    requests: a.requests + b.requests,
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
  };
}

const itemKey = (i: UsageItem): string => `${i.model ?? ''}\n${i.date ?? ''}`;

/**
 * The windows' reports as one report over their union: totals summed, items with the same model and date
 * (a day cut by a window edge, a model billed in several windows) summed into one, sorted as the gateway
 * sorts them ([UREP-8]: amount_usd descending; ties by model then date so the order is stable).
 */
export function mergeUsageReports(parts: readonly UsageData[]): UsageData {
  const [first, ...rest] = parts;
  if (!first) throw new RangeError('No usage report to merge');
  if (rest.length === 0) return first;
  const items = new Map<string, UsageItem>();
  let total = first.total;
  for (const part of parts) {
    if (part !== first) total = addStats(total, part.total);
    for (const item of part.items) {
      const key = itemKey(item);
      const seen = items.get(key);
      items.set(key, seen ? { ...seen, ...addStats(seen, item) } : item);
    }
  }
  return {
    ...first,
    start: Math.min(...parts.map((p) => p.start)),
    end: Math.max(...parts.map((p) => p.end)),
    total,
    items: [...items.values()].sort(
      (a, b) =>
        b.amount_usd - a.amount_usd ||
        (a.model ?? '').localeCompare(b.model ?? '') ||
        (a.date ?? '').localeCompare(b.date ?? ''),
    ),
  };
}
