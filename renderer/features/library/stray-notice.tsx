// Files in the library folder that no item indexes: what a crash while saving or deleting left behind. The
// main process finds them when the library opens; the person chooses to add them back (a file that carries
// its settings is filed as it was made, a copy of bytes already filed goes to the trash) or to move them all
// to the trash. Nothing is done to them unasked.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { StrayAction } from '../../../shared/studio/stray-files';
import { errorSentence } from '../../lib/bridge-error';
import { formatBytes } from '../../lib/format';
import { useSortStrays, useStrays } from './api/bulk-actions';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

export function StrayNotice(): ReactElement | null {
  const { t, i18n } = useTranslation();
  const strays = useStrays();
  const sort = useSortStrays();
  const run = (action: StrayAction['action']) =>
    sort.mutate({ action, paths: (strays.data?.files ?? []).map((f) => f.path) });
  const done = sort.isSuccess ? (
    <Alert tone="success" testId="stray-done">
      {t('library.strays.done', {
        filed: sort.data.filed,
        trashed: sort.data.trashed + sort.data.duplicates,
        kept: sort.data.kept,
      })}
    </Alert>
  ) : null;
  const files = strays.data?.files ?? [];
  if (files.length === 0) return done;
  const refileable = files.filter((f) => f.refileable).length;
  return (
    <>
      {done}
      <Alert tone="info" testId="stray-notice">
        <p>
          {t('library.strays.found', {
            count: files.length,
            size: formatBytes(strays.data?.bytes ?? 0, i18n.language),
          })}{' '}
          {t('library.strays.refileable', { count: refileable })}
        </p>
        {sort.isError ? <p>{errorSentence(sort.error, t)}</p> : null}
        <div className="form-actions">
          <Button busy={sort.isPending} onClick={() => run('reindex')}>
            {t('library.strays.reindex')}
          </Button>
          <Button busy={sort.isPending} onClick={() => run('trash')}>
            {t('library.strays.trash')}
          </Button>
        </div>
      </Alert>
    </>
  );
}
