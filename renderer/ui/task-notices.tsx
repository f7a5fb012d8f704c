// What a task that is not a clean success says where the user is looking (Tasks page, Create's preview):
// which file is missing and why, with Try again; or that the gateway may have charged a task the app lost,
// with what the usage report says and Try again; or that a task was never sent, with Send it; or that a task is
// no longer tracked though the gateway may still charge it, with Track again. TaskNotices wires them to the bridge.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isHeldUnsent } from '../../shared/studio/records';
import type { TaskRecord } from '../../shared/studio/records';
import { errorSentence } from '../lib/bridge-error';
import { formatDateTime } from '../lib/format';
import { useGatewayCurrency } from '../lib/api/balance';
import { usdWords } from '../lib/money-shown';
import { useTaskRecovery } from '../lib/api/tasks';
import { useStudioStore } from '../store/studio-store';
import { Alert } from './alert';
import { Button } from './button';

export function MissingFilesNotice({
  task,
  onRetry,
  busy,
}: {
  task: TaskRecord;
  onRetry: () => void;
  busy: boolean;
}): ReactElement | null {
  const { t, i18n } = useTranslation();
  const { missing, total } = task.downloads;
  if (task.state !== 'completed' || missing.length === 0) return null;
  const lost = missing.every((file) => file.reason === 'lost');
  return (
    <Alert testId="task-missing-files">
      <strong>
        {lost
          ? t('tasks.missing.lostTitle', { count: missing.length, total })
          : t('tasks.missing.title', { count: missing.length, total })}
      </strong>
      <ul className="task-notice-list">
        {missing.map((file) => (
          <li key={file.ordinal} data-reason={file.reason}>
            {t(`tasks.missing.reason.${file.reason}`, {
              n: file.ordinal + 1,
              kind: t(`tasks.kind.${file.kind}`),
            })}
            {file.retryAt !== null
              ? ` ${t('tasks.missing.retryAt', { time: formatDateTime(file.retryAt, i18n.language) })}`
              : ''}
          </li>
        ))}
      </ul>
      <div className="task-notice-actions">
        <Button variant="secondary" busy={busy} onClick={onRetry}>
          {t('tasks.tryAgain')}
        </Button>
      </div>
    </Alert>
  );
}

export function ChargeNotice({
  task,
  onRetry,
  onReconcile,
  busy,
}: {
  task: TaskRecord;
  onRetry: () => void;
  onReconcile: () => void;
  busy: boolean;
}): ReactElement | null {
  const { t } = useTranslation();
  if (task.state !== 'interrupted' || task.remoteId) return null;
  // Never sent: nothing to reconcile, and nothing to warn about but that it waits for the person.
  if (isHeldUnsent(task)) {
    return (
      <Alert testId="task-unsent">
        <strong>{t('tasks.unsent.title')}</strong>
        <p>{t('tasks.unsent.body')}</p>
        <div className="task-notice-actions">
          <Button variant="secondary" busy={busy} onClick={onRetry}>
            {t('tasks.unsent.send')}
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <Alert testId="task-charge">
      <strong>{t('tasks.charge.title')}</strong>
      <p>{t('tasks.charge.body')}</p>
      {task.error ? <p className="task-notice-detail">{task.error.message}</p> : null}
      <ReconciliationLine task={task} />
      <div className="task-notice-actions">
        <Button variant="secondary" busy={busy} onClick={onRetry}>
          {t('tasks.tryAgain')}
        </Button>
        <Button variant="ghost" busy={busy} onClick={onReconcile}>
          {t('tasks.charge.check')}
        </Button>
      </div>
    </Alert>
  );
}

/**
 * A task whose tracking was stopped: the gateway may still finish and charge it (never "not charged": nobody said
 * so), what the usage report says about it once read, and Track again, which asks about the same gateway task
 * and saves its result without sending anything again.
 */
export function StoppedNotice({
  task,
  onTrack,
  onReconcile,
  busy,
}: {
  task: TaskRecord;
  onTrack: () => void;
  onReconcile: () => void;
  busy: boolean;
}): ReactElement | null {
  const { t } = useTranslation();
  if (task.state !== 'stopped') return null;
  return (
    <Alert testId="task-stopped">
      <strong>{t('tasks.stopped.title')}</strong>
      <p>{task.remoteId ? t('tasks.stopped.body') : t('tasks.stopped.noId')}</p>
      <ReconciliationLine task={task} />
      <div className="task-notice-actions">
        {task.remoteId ? (
          <Button variant="secondary" busy={busy} onClick={onTrack}>
            {t('tasks.stopped.track')}
          </Button>
        ) : null}
        <Button variant="ghost" busy={busy} onClick={onReconcile}>
          {t('tasks.charge.check')}
        </Button>
      </div>
    </Alert>
  );
}

/** What the usage report said about a task's charge the app could not see, once it was read. */
function ReconciliationLine({ task }: { task: TaskRecord }): ReactElement | null {
  const { t, i18n } = useTranslation();
  const shown = useGatewayCurrency() ?? 'usd';
  const check = task.reconciliation;
  if (!check) return null;
  return (
    <p data-testid="task-reconciliation">
      {check.unmatchedRequests > 0
        ? t('tasks.charge.likely', {
            count: check.unmatchedRequests,
            amount: usdWords(check.unmatchedUsd, shown, 'balance.usd', t, i18n.language),
            since: formatDateTime(check.windowStart, i18n.language),
          })
        : t('tasks.charge.none', { since: formatDateTime(check.windowStart, i18n.language) })}
    </p>
  );
}

/** How the task's reference pictures went to the gateway (seen in public clients): uploaded, or inline and why. */
export function ReferencesSentAsNote({ task }: { task: TaskRecord }): ReactElement | null {
  const { t } = useTranslation();
  const sent = task.referencesSentAs;
  if (!sent) return null;
  const key = sent.how === 'upload' ? 'upload' : (sent.reason ?? 'family');
  return (
    <p className="task-notice-detail" data-testid="task-references-sent-as">
      {t(`tasks.referencesSentAs.${key}`, { detail: sent.detail ?? '' })}
    </p>
  );
}

/** Both notices for one task, each Try again going through the bridge; failures become a toast. */
export function TaskNotices({ task }: { task: TaskRecord }): ReactElement {
  const { t } = useTranslation();
  const recovery = useTaskRecovery();
  const pushToast = useStudioStore((s) => s.pushToast);
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const busy =
    recovery.retrySubmission.isPending ||
    recovery.retryDownloads.isPending ||
    recovery.reconcile.isPending ||
    recovery.track.isPending;
  return (
    <>
      <MissingFilesNotice
        task={task}
        busy={busy}
        onRetry={() => recovery.retryDownloads.mutate(task.id, { onError })}
      />
      <ChargeNotice
        task={task}
        busy={busy}
        onRetry={() => recovery.retrySubmission.mutate(task.id, { onError })}
        onReconcile={() => recovery.reconcile.mutate(task.id, { onError })}
      />
      <StoppedNotice
        task={task}
        busy={busy}
        onTrack={() => recovery.track.mutate(task.id, { onError })}
        onReconcile={() => recovery.reconcile.mutate(task.id, { onError })}
      />
      <ReferencesSentAsNote task={task} />
    </>
  );
}
