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

// The words of a duration are shared with the CLI (shared/studio/duration-words.ts).
export { timeLeftWords } from '../../shared/studio/duration-words';
