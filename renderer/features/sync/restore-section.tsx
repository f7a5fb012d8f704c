// "Restore from remote": a fresh install rebuilds its whole library (index and files) from the remote alone.
// Asked once in a dialog, since it may download a lot; it adds what the remote holds and deletes nothing here.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { syncErrorSentence } from '../../lib/sync-error-sentence';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useRestoreFromRemote } from './api/sync';

export function RestoreSection(): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const restore = useRestoreFromRemote();
  const [asking, setAsking] = useState(false);
  const run = () =>
    restore.mutate(undefined, {
      onSuccess: (report) => {
        setAsking(false);
        pushToast('success', t('sync.restored', { count: report.pulled.files, added: report.pulled.added }));
      },
      onError: (error) => {
        setAsking(false);
        pushToast('error', syncErrorSentence(error, t));
      },
    });
  return (
    <section className="card card-pad field-column" aria-labelledby="sync-restore-title">
      <h2 className="card-title" id="sync-restore-title">
        {t('sync.restoreTitle')}
      </h2>
      <p className="field-hint">{t('sync.restoreLead')}</p>
      <div className="sync-buttons">
        <Button busy={restore.isPending} onClick={() => setAsking(true)}>
          {t('sync.restore')}
        </Button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('sync.restoreTitle')}
          message={t('sync.restoreConfirm')}
          confirmLabel={t('sync.restore')}
          initialFocus="confirm"
          busy={restore.isPending}
          onConfirm={run}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </section>
  );
}
