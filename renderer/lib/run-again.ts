// Run again, wherever it is pressed (the task row, the library's details, the palette), asked about as any
// press that spends (shared/studio/press.ts, askThenSend): the task's request is measured against the limits, the
// question comes above the threshold or for a model with no estimate yet, and a budget already passed stops it
// with its sentence. Before, the task row's and the library's sent at once and met the main process's refusal
// as an error instead of the question.
import type { ReactElement } from 'react';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { askThenSend, type AskOutcome } from '../../shared/studio/press';
import type { TaskRecord } from '../../shared/studio/records';
import { checkSpending } from './api/spending';
import { useRerunTask } from './api/tasks';
import { useSpendQuestion } from './spend-question';

/** The task to send again: its id, and the request it sent (measured as it will be sent again). */
export type RunAgainTarget = { id: string } & Pick<SubmissionRequest, 'family' | 'model' | 'params'>;

export type RunAgain = (task: RunAgainTarget) => Promise<AskOutcome<TaskRecord>>;

/** The press and its question; the dialog is rendered by whoever must outlive the button (the palette's host). */
export function useRunAgain(): { run: RunAgain; dialog: ReactElement | null; busy: boolean } {
  const rerun = useRerunTask();
  const question = useSpendQuestion();
  const run: RunAgain = (task) =>
    askThenSend(
      question.decide,
      () => checkSpending([{ family: task.family, model: task.model, params: task.params }]),
      (confirmed) => rerun.mutateAsync({ id: task.id, confirmed }),
    );
  return { run, dialog: question.dialog, busy: rerun.isPending };
}
