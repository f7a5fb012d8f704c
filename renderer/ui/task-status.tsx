// A task's state as a pill and a progress bar; shared by the Create preview and the Tasks list.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '../../shared/studio/records';
import { ProgressBar } from './progress-bar';

export function TaskStatePill({ task }: { task: TaskRecord }): ReactElement {
  const { t } = useTranslation();
  return (
    <span className={`status-pill status-${task.state}`} data-testid="task-state" data-state={task.state}>
      {t(`tasks.state.${task.state}`)}
    </span>
  );
}

export function TaskProgress({ task }: { task: TaskRecord }): ReactElement {
  const { t } = useTranslation();
  const tone =
    task.state === 'completed'
      ? 'done'
      : task.state === 'failed' || task.state === 'interrupted'
        ? 'failed'
        : task.state === 'stopped'
          ? 'idle'
          : 'active';
  return (
    <ProgressBar value={task.progress} tone={tone} label={t('tasks.progress', { progress: task.progress })} />
  );
}

export function isActiveTask(task: TaskRecord): boolean {
  return (
    task.state === 'submitting' ||
    task.state === 'submitted' ||
    task.state === 'pending' ||
    task.state === 'processing'
  );
}
