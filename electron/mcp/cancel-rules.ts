// Why a task cannot be cancelled, in the words of the gateway's specification. The spec offers no cancel: its
// endpoints are the submissions, the balances, usage and the task status query, which is a GET with no payload
// ([EP-TASK-1]); how a task moves between its states is not shown ([STATE-6]). So once the gateway has a task,
// nothing the studio sends can end it before it is charged; what is cancellable is what has not left the
// studio (a queue item, tools-tasks.ts). A failed task is not charged for per-image billing ([STATE-7]).
import { isHeldUnsent, isTerminalState, type TaskRecord } from '../../shared/studio/records';
import { taskLine } from './result-shapes';

const NO_CANCEL =
  "The gateway's API has no cancel request (its task endpoint only reads a task, [EP-TASK-1], and how a task " +
  'moves between states is not shown, [STATE-6])';

/** The sentence that refuses cancelling this task: what state it is in and what that means for its charge. */
export function cannotCancel(task: TaskRecord): string {
  const line = taskLine(task);
  if (isHeldUnsent(task)) {
    return `${line} never left this computer and nothing is charged for it; it is sent only if the person presses Send it in the studio. Nothing was changed.`;
  }
  if (isTerminalState(task.state)) {
    return `${line} has already ended (${task.state}); there is nothing to cancel. Nothing was changed.`;
  }
  if (task.state === 'submitting') {
    return `Not cancelled: ${line} is being sent to the gateway right now and cannot be called back. ${NO_CANCEL}, so it will run and may be charged. Nothing was changed.`;
  }
  return `Not cancelled: ${line} was already accepted by the gateway. ${NO_CANCEL}, so it runs to its end and may be charged (a failed one is not charged for per-image billing, [STATE-7]). Nothing was changed; put work in the queue (queue: true) to keep it cancellable.`;
}
