// A task's state as a pill and a progress bar; shared by the Create preview and the Tasks list.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isActiveState } from '../../shared/studio/records';
import type { TaskRecord } from '../../shared/studio/records';
import { taskOutcome } from '../../shared/studio/task-outcome';
import { ProgressBar } from './progress-bar';
import { formatDuration } from '../lib/format';
import { slowChecks } from '../../shared/studio/slow-checks';

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

/**
 * A task a start of the studio picked up again: its row says so and how long it has really been running, so a
 * 0 % before the gateway's first answer reads as "being checked", not as dead. Gone once the task ends.
 */
export function ResumedNote({ task, now }: { task: TaskRecord; now: number }): ReactElement | null {
  const { t } = useTranslation();
  if (task.resumedAt === undefined || !isActiveState(task.state)) return null;
  const elapsed = formatDuration(Math.max(0, Math.round((now - task.createdAt) / 1000)));
  return (
    <p className="field-hint" data-testid="task-resumed">
      {t('tasks.resumed', { elapsed })}
    </p>
  );
}

/**
 * A task past its poll budget (the engine's checkedEveryMs): still running, never failed for its length, and
 * checked less often. The row says so and how often, so a long video at the same percentage never looks stuck.
 */
export function SlowCheckNote({ task, now }: { task: TaskRecord; now: number }): ReactElement | null {
  const { t, i18n } = useTranslation();
  // The rule and the words are the CLI's too (shared/studio/slow-checks.ts).
  const words = slowChecks(task, now, i18n.language);
  if (!words) return null;
  return (
    <p className="field-hint" data-testid="task-slow-checks">
      {t('tasks.slowChecks', { ...words })}
    </p>
  );
}
