// Why a board's part stops, said as the studio's own errors, and when a task's result counts as saved.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import type { TaskRecord } from '../../../shared/studio/records';

/** Completed with every file downloaded and none deleted: only then does the next part take its result. */
export function isSaved(task: TaskRecord): boolean {
  return (
    task.state === 'completed' &&
    task.downloads.total > 0 &&
    task.downloads.done - task.downloads.deleted === task.downloads.total
  );
}

export function notSaved(what: string): GatewayErrorInfo {
  return localErrorInfo('task_failed', `${what} finished without a saved result.`);
}

export function internal(thrown: unknown): GatewayErrorInfo {
  return localErrorInfo('internal_error', thrown instanceof Error ? thrown.message : String(thrown));
}

export function cancelledByPerson(): GatewayErrorInfo {
  return localErrorInfo('stopped', 'You cancelled the rest of the storyboard: nothing after it was sent.', {
    code: 'storyboard_cancelled',
  });
}

/** A run that stopped at a part, as its job's failure: the job ends failed with the run's sentence. */
export class StoryboardStopped extends Error {
  override readonly name = 'StoryboardStopped';
}
