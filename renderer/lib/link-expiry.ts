// Whether a task's result links are about to run out before the app has its files ([TASK-10] expires_at,
// [LIM-12]): a file not downloaded yet whose link expires within the hour is flagged with the time left; a
// file whose link ran out first is said to be expired. Pure, so the rule is tested without a clock.
import type { TaskRecord } from '../../shared/studio/records';

/** Links further away than this are not worth a word. */
export const EXPIRY_WARNING_MS = 60 * 60_000;

export type LinkExpiry = { kind: 'soon'; msLeft: number } | { kind: 'expired' } | null;

export function linkExpiry(task: Pick<TaskRecord, 'downloads'>, now: number): LinkExpiry {
  const at = task.downloads.linkExpiresAt ?? null;
  if (at !== null) {
    const msLeft = at - now;
    if (msLeft <= 0) return { kind: 'expired' };
    if (msLeft <= EXPIRY_WARNING_MS) return { kind: 'soon', msLeft };
  }
  const ranOut = task.downloads.missing.some((file) => file.reason === 'expired' || file.reason === 'lost');
  return ranOut ? { kind: 'expired' } : null;
}

/**
 * The time left as people say it: whole minutes (rounded up, so "1 min" is never in fact 0) from a minute
 * up, seconds below; in the user's language ("12 min", "12分钟").
 */
export function timeLeftWords(msLeft: number, language: string): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const [value, unit] = seconds >= 60 ? [Math.ceil(seconds / 60), 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
