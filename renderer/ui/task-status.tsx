// A task's state as a pill and a progress bar; shared by the Create preview and the Tasks list.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isActiveState } from '../../shared/studio/records';
import type { TaskRecord } from '../../shared/studio/records';
import { taskOutcome } from '../../shared/studio/task-outcome';
import { ProgressBar } from './progress-bar';

/** The pill reads the task's outcome, not its raw state: "Completed" only once every file is saved. */
export function TaskStatePill({ task, id }: { task: TaskRecord; id?: string }): ReactElement {
  const { t } = useTranslation();
  const outcome = taskOutcome(task);
  return (
    <span
      id={id}
      className={`status-pill status-${outcome}`}
      data-testid="task-state"
      data-state={task.state}
      data-outcome={outcome}
    >
      {t(`tasks.outcome.${outcome}`)}
      {/* A status word the app does not know: the task is still polled, and the row says what the gateway said. */}
      {outcome === 'running' && task.gatewayStatus ? (
        <span data-testid="task-gateway-status">{` · ${t('tasks.gatewayStatus', { word: task.gatewayStatus })}`}</span>
      ) : null}
    </span>
  );
}

export function TaskProgress({ task }: { task: TaskRecord }): ReactElement {
  const { t } = useTranslation();
  const outcome = taskOutcome(task);
  const tone =
    outcome === 'done'
      ? 'done'
      : outcome === 'failed' || outcome === 'interrupted' || outcome === 'incomplete'
        ? 'failed'
        : outcome === 'stopped' || outcome === 'cancelled' || outcome === 'unsent'
          ? 'idle'
          : 'active';
  return (
    <ProgressBar value={task.progress} tone={tone} label={t('tasks.progress', { progress: task.progress })} />
  );
}

export function isActiveTask(task: TaskRecord): boolean {
  return isActiveState(task.state);
}
