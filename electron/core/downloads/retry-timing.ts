// When a file that keeps failing is tried again by itself: a doubling wait after the quick tries, never past
// its link's expiry (the try at expiry marks it expired, which asks the gateway for a fresh link), and not for
// ever when the link names no expiry.
import type { FileRow } from './task-file-rows';

export interface RetryTiming {
  /** Quick tries in a row before the file is reported failed. Default 5. */
  maxAttempts?: number;
  /** The longest wait between quick tries, where the background waits start. Default 60 s. */
  maxBackoffMs?: number;
  /** The longest wait between background retries. Default 30 min. */
  maxBackgroundBackoffMs?: number;
  /** Background retries of a file whose link has no expires_at stop after this many tries. Default 25. */
  maxBackgroundAttempts?: number;
}

/** The time (ms since epoch) a file that failed `attempt` times is tried again, or null: not again by itself. */
export function backgroundRetryAt(
  row: FileRow,
  attempt: number,
  now: number,
  timing: RetryTiming,
): number | null {
  const quick = timing.maxAttempts ?? 5;
  if (row.expires_at === null && attempt >= quick + (timing.maxBackgroundAttempts ?? 25)) return null;
  const base = timing.maxBackoffMs ?? 60_000;
  const step = Math.min(
    timing.maxBackgroundBackoffMs ?? 1_800_000,
    base * 2 ** Math.min(20, attempt - quick),
  );
  const at = now + step;
  return row.expires_at === null ? at : Math.min(at, row.expires_at * 1000);
}
