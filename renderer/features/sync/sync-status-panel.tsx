// Where sync is now: a round's progress ("Uploading 12 of 340 files, 1.2 GiB") with its bar, paused or a problem
// in a sentence, when it last completed, what the latest round that brought something brought and from which
// device ("Came in 2 minutes ago: 3 items from studio-laptop"); Sync now, and Pause or Resume. The status arrives as events while a
// round runs, so this panel never polls.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../shared/studio/sync';
import { errorSentence } from '../../lib/bridge-error';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { ProgressBar } from '../../ui/progress-bar';
import { useSyncControl } from './api/sync';
import { progressPercent, receiptWords, statusWords } from './sync-words';
import { UnreadList } from './unread-list';

export function SyncStatusPanel({
  status,
  userPaused,
}: {
  status: SyncStatus;
  /** The user paused sync (the setup says); a round stopped by a problem is not that. */
  userPaused: boolean;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const pushToast = useStudioStore((s) => s.pushToast);
  const control = useSyncControl();
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const running = status.state === 'running';
  const paused = userPaused;
  const percent = running && status.progress ? progressPercent(status.progress) : null;
  return (
    <section className="card card-pad field-column" aria-labelledby="sync-status-title">
      <h2 className="card-title" id="sync-status-title">
        {t('sync.statusTitle')}
      </h2>
      <p
        className={
          status.problem && !userPaused && !running ? 'sync-status sync-status-problem' : 'sync-status'
        }
        role="status"
        data-testid="sync-status"
      >
        {statusWords(status, userPaused, t, i18n.language, now)}
      </p>
      {percent !== null ? <ProgressBar value={percent} label={t('sync.progressLabel')} /> : null}
      {status.lastCompletedAt !== null && status.state !== 'idle' ? (
        <p className="field-hint">
          {t('sync.lastCompletedAt', { time: formatDateTime(status.lastCompletedAt, i18n.language) })}
        </p>
      ) : null}
      {status.state !== 'off' ? (
        <p className="sync-last-received" data-testid="sync-last-received" aria-live="polite">
          {status.lastReceived
            ? receiptWords(status.lastReceived, t, i18n.language, now)
            : t('sync.nothingReceived')}
        </p>
      ) : null}
      {status.unread && status.unread.length > 0 && !running ? (
        <div className="field-column" data-testid="sync-status-unread">
          <p className="sync-last-received">{t('sync.unreadInRound', { count: status.unread.length })}</p>
          <UnreadList problems={status.unread} />
        </div>
      ) : null}
      {status.deviceName ? (
        <p className="field-hint">{t('sync.thisDevice', { name: status.deviceName })}</p>
      ) : null}
      <div className="sync-buttons">
        <Button
          variant="primary"
          busy={control.runNow.isPending || running}
          disabled={paused}
          onClick={() => control.runNow.mutate(undefined, { onError })}
        >
          {running ? t('sync.syncing') : t('sync.syncNow')}
        </Button>
        {paused ? (
          <Button
            busy={control.resume.isPending}
            onClick={() => control.resume.mutate(undefined, { onError })}
          >
            {t('sync.resume')}
          </Button>
        ) : (
          <Button busy={control.pause.isPending} onClick={() => control.pause.mutate(undefined, { onError })}>
            {t('sync.pause')}
          </Button>
        )}
      </div>
    </section>
  );
}
