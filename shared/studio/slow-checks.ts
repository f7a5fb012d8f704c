// A task past its poll budget (the engine's checkedEveryMs) is still running, never failed for its length, and
// checked less often. The app's task row and the CLI's task lines say so by the same rule and in the same words:
// the English sentence is here (the app's en.ts takes it; the CLI, English only, fills it in).
import { timeLeftWords } from './duration-words';
import { isActiveState } from './records';
import type { TaskRecord } from './records';

export const SLOW_CHECKS_EN =
  'Still running after {{elapsed}} · checked every {{every}} (it is never failed for taking long)';

export interface SlowChecks {
  /** How long it has run, in words. */
  elapsed: string;
  /** How often it is checked now, in words. */
  every: string;
}

/** The words of the note, or null for a task that is not past its poll budget (or no longer running). */
export function slowChecks(
  task: Pick<TaskRecord, 'state' | 'createdAt' | 'checkedEveryMs'>,
  now: number,
  language: string,
): SlowChecks | null {
  if (task.checkedEveryMs === undefined || !isActiveState(task.state)) return null;
  return {
    elapsed: timeLeftWords(Math.max(0, now - task.createdAt), language),
    every: timeLeftWords(task.checkedEveryMs, language),
  };
}

/** The note in English, as the CLI prints it; null when there is nothing to say. */
export function slowChecksEnglish(
  task: Pick<TaskRecord, 'state' | 'createdAt' | 'checkedEveryMs'>,
  now: number,
): string | null {
  const words = slowChecks(task, now, 'en');
  return words
    ? SLOW_CHECKS_EN.replace('{{elapsed}}', words.elapsed).replace('{{every}}', words.every)
    : null;
}
