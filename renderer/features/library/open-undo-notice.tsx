// A deletion the app was stopped in the middle of (quit, crash, kill) keeps its undo window across the restart
// (electron/core/library/trash-journal.ts), but the toast that offered Undo is gone with the old window: this
// offers it again, until the window ends.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSentence } from '../../lib/bridge-error';
import { formatDateTime } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useOpenUndos, useUndoTrash } from './api/bulk-actions';

export function OpenUndoNotice(): ReactElement | null {
  const { t, i18n } = useTranslation();
  const open = useOpenUndos();
  const undo = useUndoTrash();
  // The main process lists only windows still open when asked.
  const pending = open.data ?? [];
  if (pending.length === 0) return null;
  return (
    <>
      {pending.map((o) => (
        <Alert key={o.undoId} tone="info" testId="open-undo">
          <p>
            {t('library.openUndo.sentence', {
              count: o.count,
              until: formatDateTime(o.undoUntil, i18n.language),
            })}
          </p>
          {undo.isError ? <p>{errorSentence(undo.error, t)}</p> : null}
          <Button busy={undo.isPending} onClick={() => undo.mutate(o.undoId)}>
            {t('library.openUndo.undo')}
          </Button>
        </Alert>
      ))}
    </>
  );
}
