// "Restore from remote": a new computer or a fresh install rebuilds its whole library (index and files) from the
// remote alone. Before sync is set up it takes the remote from the form above and keeps it in the same step (so
// a new user sets up and restores in one flow); once set up, it restores from the remote kept. Asked once in a
// dialog, since it may download a lot; it adds what the remote holds and deletes nothing here. While it runs it
// says how far it is (items read, files downloaded); at the end, what it brought and from which devices, and
// what it could not read ("312 items restored, 2 could not be read"), each with its device and reason.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncTestInput } from '../../../shared/bridge/sync-schemas';
import type { SyncReport } from '../../../shared/studio/sync';
import { syncErrorSentence } from '../../lib/sync-error-sentence';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ProgressBar } from '../../ui/progress-bar';
import { useLatestRestore, useRestoreFromRemote, useSyncStatus } from './api/sync';
import { progressPercent, progressWords, receivedWords } from './sync-words';
import { UnreadList } from './unread-list';

export function RestoreSection({
  configured,
  takeSetup,
}: {
  /** Sync is set up: restore from the remote kept. */
  configured: boolean;
  /** Before it is set up: the setup the form describes, or null with its problems said at their fields. */
  takeSetup: () => SyncTestInput | null;
}): ReactElement {
  const { t } = useTranslation();
  const restore = useRestoreFromRemote();
  const latest = useLatestRestore();
  // undefined: not asking; null: asking about the remote kept; else the form's setup.
  const [asking, setAsking] = useState<SyncTestInput | null | undefined>(undefined);
  const pending = latest?.status === 'pending';
  const ask = () => {
    if (configured) return setAsking(null);
    const setup = takeSetup();
    if (setup) setAsking(setup);
  };
  const run = () => {
    const setup = asking ?? undefined;
    setAsking(undefined);
    restore.mutate(setup);
  };
  return (
    <section className="card card-pad field-column" aria-labelledby="sync-restore-title">
      <h2 className="card-title" id="sync-restore-title">
        {t('sync.restoreTitle')}
      </h2>
      <p className="field-hint">{configured ? t('sync.restoreLead') : t('sync.restoreLeadNew')}</p>
      <div className="sync-buttons">
        <Button variant={configured ? 'secondary' : 'primary'} busy={pending} onClick={ask}>
          {t('sync.restore')}
        </Button>
      </div>
      {pending ? <RestoreProgress /> : null}
      {latest?.status === 'success' && latest.data ? <RestoreSummary report={latest.data} /> : null}
      {latest?.status === 'error' ? (
        <Alert testId="sync-restore-failed">{syncErrorSentence(latest.error, t)}</Alert>
      ) : null}
      {asking !== undefined ? (
        <ConfirmDialog
          title={t('sync.restoreTitle')}
          message={t('sync.restoreConfirm')}
          confirmLabel={t('sync.restore')}
          initialFocus="confirm"
          onConfirm={run}
          onCancel={() => setAsking(undefined)}
        />
      ) : null}
    </section>
  );
}

/** How far the restore is, from the status its round tells as it goes: items read so far, then files. */
function RestoreProgress(): ReactElement {
  const { t, i18n } = useTranslation();
  const progress = useSyncStatus().data?.progress ?? null;
  const percent = progress ? progressPercent(progress) : null;
  return (
    <div className="field-column" data-testid="sync-restore-progress">
      <p className="sync-status" role="status">
        {progress ? progressWords(progress, t, i18n.language) : t('sync.restoring')}
      </p>
      {percent !== null ? <ProgressBar value={percent} label={t('sync.restoreProgress')} /> : null}
    </div>
  );
}

/** "Restore finished: 312 items restored", and from which devices they came. */
export function RestoreSummary({ report }: { report: SyncReport }): ReactElement {
  const { t, i18n } = useTranslation();
  const added = report.pulled.added;
  const unread = report.unreadCount;
  return (
    <Alert tone={unread > 0 ? 'info' : 'success'} testId="sync-restore-summary">
      <strong>
        {added === 0 && unread === 0
          ? t('sync.restoredNothing')
          : unread > 0
            ? t('sync.restoredWithUnread', { count: added, unread })
            : t('sync.restoredSummary', { count: added })}
      </strong>
      {report.received.length > 0 ? (
        <span className="sync-detail">
          {t('sync.restoredFrom', { what: receivedWords(report.received, t, i18n.language) })}
        </span>
      ) : null}
      <UnreadList problems={report.unread} />
    </Alert>
  );
}
