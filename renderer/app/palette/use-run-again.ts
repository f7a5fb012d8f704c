// The palette's Run again, asked about as any press that spends (shared/studio/press.ts, askThenSend): the last
// task's request is measured against the limits, the question comes above the threshold or for a model with no
// estimate yet, and a budget already passed stops it with its sentence. Held by the keyboard layer, which
// outlives the palette: the palette closes as the entry is chosen, the question stays until answered.
import type { ReactElement } from 'react';
import { askThenSend, type AskOutcome } from '../../../shared/studio/press';
import type { TaskRecord } from '../../../shared/studio/records';
import { checkSpending } from '../../lib/api/spending';
import { useRerunTask } from '../../lib/api/tasks';
import { useSpendQuestion } from '../../lib/spend-question';

export type RunAgain = (task: TaskRecord) => Promise<AskOutcome<TaskRecord>>;

export function useRunAgain(): { run: RunAgain; dialog: ReactElement | null } {
  const rerun = useRerunTask();
  const question = useSpendQuestion();
  const run: RunAgain = (task) =>
    askThenSend(
      question.decide,
      () => checkSpending([{ family: task.family, model: task.model, params: task.params }]),
      (confirmed) => rerun.mutateAsync({ id: task.id, confirmed }),
    );
  return { run, dialog: question.dialog };
}
