// Delete with Undo, for a selection and for the one item in the viewer alike: the files leave the library at
// once and a toast offers Undo (its button, or Ctrl/Cmd+Z) for as long as the main process keeps the window
// open. Undo replaces the old "Delete this file?" question: a deletion that can be taken back needs no
// question first, and a question asked every time trains people to click through it (Gmail, Google Photos and
// the Finder all delete at once and offer Undo). After the window the files are in the OS trash (desktop) or
// the library's .trash folder (web mode), where they can still be restored by hand.
import { useTranslation } from 'react-i18next';
import type { LibrarySelection } from '../../shared/studio/library-selection';
import { errorSentence } from './bridge-error';
import { useStudioStore } from '../store/studio-store';
import { useTrash, useUndoTrash } from './api/library-actions';

/** The toast leaves this long before the main process closes the window, so Undo never arrives too late. */
const UNDO_MARGIN_MS = 3000;
const MIN_TOAST_MS = 4000;

export function useDeleteWithUndo() {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const trash = useTrash();
  const undo = useUndoTrash();
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));

  const remove = (selection: LibrarySelection, onDeleted?: (count: number) => void) => {
    trash.mutate(selection, {
      onError,
      onSuccess: (receipt) => {
        onDeleted?.(receipt.count);
        const { undoId } = receipt;
        if (undoId === null) return;
        const text =
          receipt.trash === 'os'
            ? t('selection.deleted', { count: receipt.count })
            : t('selection.deletedFolder', { count: receipt.count });
        pushToast('info', text, {
          durationMs: Math.max(MIN_TOAST_MS, receipt.undoUntil - Date.now() - UNDO_MARGIN_MS),
          action: {
            label: t('selection.undo'),
            undo: true,
            run: () =>
              undo.mutate(undoId, {
                onError,
                onSuccess: ({ restored }) =>
                  pushToast('success', t('selection.restored', { count: restored })),
              }),
          },
        });
      },
    });
  };

  return { remove, deleting: trash.isPending };
}
