// A status poll answered with a success status but an error body ("the gateway answered with an error") says
// nothing about the task: it is transient, and the poll backs off like any other. Unlike a network failure it
// is said on the task while it lasts ("…, retrying"), and a task answered only that way for its deadline (from
// the first such answer, kept on the row so a restart does not extend it) stops being asked, with a sentence:
// the gateway may still finish and charge it, so it is 'stopped' (counted as possibly charged), not 'failed'.
// A success status whose body cannot be read at all (a task body in a shape nobody knows) is treated the same:
// said on the task while it lasts, so a wait on it is never silent, and stopped past the deadline.
import { ERROR_ANSWER_CODE } from '../../../shared/gateway/task';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import type { StoredTask } from './task-store';

export type ErrorAnswerVerdict =
  | { action: 'note'; error: GatewayErrorInfo }
  | { action: 'wait' }
  | { action: 'stop'; error: GatewayErrorInfo };

const RETRYING = 'The gateway answered with an error, retrying: ';

/** A poll answered 2xx whose body was not a task: an error body, or one that could not be read. */
export function isErrorAnswer(info: GatewayErrorInfo | null): boolean {
  if (!info) return false;
  if (info.code === ERROR_ANSWER_CODE) return true;
  const status = info.httpStatus;
  return info.type === 'invalid_response' && status !== null && status >= 200 && status < 300;
}

/** The note kept on the task while such answers last. */
const retrying = (info: GatewayErrorInfo): string =>
  info.code === ERROR_ANSWER_CODE ? RETRYING + info.message : `${info.message} (asking again)`;

/** What an error answer does to the task: noted the first time, the task stopped once past its deadline. */
export function judgeErrorAnswer(
  task: StoredTask,
  info: GatewayErrorInfo,
  now: number,
  deadlineMs: number,
): ErrorAnswerVerdict {
  const current = task.record.error;
  if (!isErrorAnswer(current)) {
    return { action: 'note', error: { ...info, message: retrying(info) } };
  }
  // The row was last written when the first error answer of this run was noted.
  if (now - task.record.updatedAt < deadlineMs) return { action: 'wait' };
  const minutes = Math.round(deadlineMs / 60_000);
  return {
    action: 'stop',
    error: {
      ...info,
      retryable: false,
      message:
        `The gateway answered only with ${info.code === ERROR_ANSWER_CODE ? 'errors' : 'answers the app could not read'} for ${minutes} min (last: ${info.message}), so the app stopped ` +
        'asking. The task may still finish and be charged upstream.',
    },
  };
}
