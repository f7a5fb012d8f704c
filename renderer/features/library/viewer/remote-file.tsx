// The stage of an item whose file is on the remote only (library sync, files as they are opened): opening it
// fetches it, saying so meanwhile; a failure says why with Try again. Once the file is here the library's pages
// are read again and the viewer shows it like any other.
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { syncErrorSentence } from '../../../lib/sync-error-sentence';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useFetchRemoteFile } from '../api/remote-file';

export function RemoteFile({ item }: { item: BridgeLibraryItem }): ReactElement {
  const { t } = useTranslation();
  const fetchFile = useFetchRemoteFile();
  const { mutate } = fetchFile;
  useEffect(() => {
    mutate(item.id);
  }, [item.id, mutate]);
  if (fetchFile.isError) {
    return (
      <div className="viewer-remote">
        <Alert>{t('library.fetchFailed', { sentence: syncErrorSentence(fetchFile.error, t) })}</Alert>
        <Button onClick={() => mutate(item.id)}>{t('library.fetchAgain')}</Button>
      </div>
    );
  }
  return (
    <div className="viewer-remote" role="status" data-testid="viewer-fetching">
      <span className="spinner" aria-hidden="true" />
      {t('library.fetching')}
    </div>
  );
}
