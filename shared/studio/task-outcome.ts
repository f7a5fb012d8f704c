// One rule for what a task amounts to, read by the Tasks page, Create's preview, the library and the desktop
// notification alike: a task whose files did not all arrive is never a success.
import { isHeldUnsent } from './records';
import type { TaskRecord } from './records';

export type TaskOutcome =
  /** Sending, but the gateway answered 429: the app waits out its Retry-After and sends again. */
  | 'rate-limited'
  /** Sending, waiting at the gateway or being generated. */
  | 'running'
  /** Completed at the gateway; its files are still being saved. */
  | 'saving'
  /** Completed with every file saved. */
  | 'done'
  /** Completed, but at least one file is missing (see downloads.missing for which and why). */
  | 'incomplete'
  | 'failed'
  /** Ended at the gateway before its result (public clients meet `canceled`): not charged. */
  | 'cancelled'
  /** The outcome of the submission is unknown: the gateway may have charged a task the app cannot follow. */
  | 'interrupted'
  /** Found at a start never sent (isHeldUnsent): nothing was charged; it waits for the person's Send it. */
  | 'unsent'
  | 'stopped';

export function taskOutcome(task: TaskRecord): TaskOutcome {
  switch (task.state) {
    case 'submitting':
      return task.error?.httpStatus === 429 ? 'rate-limited' : 'running';
    case 'submitted':
    case 'pending':
    case 'processing':
      return 'running';
    case 'completed': {
      const d = task.downloads;
      if (d.missing.length > 0) return 'incomplete';
      return d.done < d.total ? 'saving' : 'done';
    }
    case 'interrupted':
      return isHeldUnsent(task) ? 'unsent' : 'interrupted';
    default:
      return task.state;
  }
}
