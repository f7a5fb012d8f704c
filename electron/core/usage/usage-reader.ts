// The usage query as the app asks it: any range (split into 31-day windows and merged, usage-windows.ts), and
// when the answer was computed. The gateway keeps an answer for 60 s for identical parameters ([LIM-2]) and
// says whether it served one from that cache ([EP-USAGE-3]); asking again before the minute is over returns
// the same numbers, so the reader reports "as of" for the renderer to say how old the figures are and when a
// refresh can show anything new.
import {
  USAGE_CACHE_MS,
  type UsageCacheStatus,
  type UsageData,
  type UsageQueryInput,
} from '../../../shared/gateway/usage';
import type { Clock } from '../clock';
import { MAX_USAGE_WINDOW_S, mergeUsageReports, splitUsageRange } from './usage-windows';

/** One usage query; `signal` is the read's own (a person cancelling), beside whatever the shell stops it with. */
export type UsageFetch = (
  query: UsageQueryInput,
  call: { signal?: AbortSignal },
) => Promise<{ report: UsageData; cache: UsageCacheStatus }>;

export interface UsageReading {
  report: UsageData;
  /** 'miss' when any window was computed afresh, 'hit' when every one came from the cache, else null. */
  cache: UsageCacheStatus;
  /** ms: the oldest of the windows' figures (a cached answer is at most USAGE_CACHE_MS old). */
  asOf: number;
  /** How many gateway queries the range took. */
  windows: number;
}

/** Unix seconds of a start or end as given (seconds or RFC 3339 with an offset); null when unreadable. */
function seconds(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const paramsKey = (q: UsageQueryInput): string =>
  JSON.stringify(Object.entries(q).sort(([a], [b]) => a.localeCompare(b)));

/** Told before the first window and after each: how many of the range's windows are in. */
export type UsageProgress = (done: number, total: number) => void;

export interface UsageReadOptions {
  /** Stops the read between windows (a creator cancelling a six-year range); the read rejects with its reason. */
  signal?: AbortSignal;
  onWindow?: UsageProgress;
}

export class UsageReader {
  /** When this reader last saw each parameter set computed afresh (a miss), to date later cache hits. */
  readonly #computedAt = new Map<string, number>();

  constructor(
    private readonly fetch: UsageFetch,
    private readonly clock: Clock,
  ) {}

  async read(query: UsageQueryInput, options: UsageReadOptions = {}): Promise<UsageReading> {
    const start = seconds(query.start);
    const end = seconds(query.end);
    // Only a range the app can measure is split; anything else goes as given and the gateway judges it.
    const windows =
      start !== null && end !== null && end - start > MAX_USAGE_WINDOW_S
        ? splitUsageRange(start, end).map((w) => ({ ...query, start: w.start, end: w.end }))
        : [query];
    const parts: { report: UsageData; cache: UsageCacheStatus; asOf: number }[] = [];
    // One after another: the gateway allows 60 usage queries a minute per key ([LIM-1]).
    // Told before the first query too, so a long range says how long it is while its first window is asked.
    options.onWindow?.(0, windows.length);
    for (const window of windows) {
      options.signal?.throwIfAborted();
      const { report, cache } = await this.fetch(window, options.signal ? { signal: options.signal } : {});
      parts.push({ report, cache, asOf: this.#dated(paramsKey(window), cache) });
      options.onWindow?.(parts.length, windows.length);
    }
    const statuses = new Set(parts.map((p) => p.cache));
    return {
      report: mergeUsageReports(parts.map((p) => p.report)),
      cache: statuses.has('miss') ? 'miss' : statuses.size === 1 && statuses.has('hit') ? 'hit' : null,
      asOf: Math.min(...parts.map((p) => p.asOf)),
      windows: windows.length,
    };
  }

  #dated(key: string, cache: UsageCacheStatus): number {
    const now = this.clock.now();
    if (cache !== 'hit') {
      this.#computedAt.set(key, now);
      return now;
    }
    // A hit is at most a cache lifetime old; what this reader saw computed tells more when it is that recent.
    return Math.max(now - USAGE_CACHE_MS, this.#computedAt.get(key) ?? now - USAGE_CACHE_MS);
  }
}
