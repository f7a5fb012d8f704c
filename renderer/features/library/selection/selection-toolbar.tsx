// The bar over the grid while items are selected: how many, Select all, favourite, tags, export and delete,
// each one bridge call for the whole selection. Other parts of the library add their own actions through
// `actions` (Compare when exactly two are selected), so this file does not grow a case per feature.
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import type { LibrarySelection } from '../../../../shared/studio/library-selection';
import { errorSentence } from '../../../lib/bridge-error';
import { desktopActions } from '../../../lib/api/desktop';
import { useStudioStore } from '../../../store/studio-store';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icons';
import { useBulkFavourite, useExportToFolder, useExportZip } from '../api/bulk-actions';
import { BulkTagEditor } from './bulk-tag-editor';
import { useDeleteWithUndo } from '../../../lib/delete-with-undo';
import type { LibrarySelectionApi } from './use-library-selection';
import { useShortcut } from '../../../lib/use-shortcut';

/** What an added action sees of the selection. */
export interface SelectedItems {
  count: number;
  /** The selected items loaded on the page (every one of a picked selection; a Select all may reach further). */
  items: BridgeLibraryItem[];
  selection: LibrarySelection;
  clear: () => void;
}

/** One more button (or group) in the bar, e.g. Compare; render null to hide it for this selection. */
export interface SelectionAction {
  id: string;
  render: (selected: SelectedItems) => ReactNode;
}

/** Starts a browser download of a same-origin link (the zip web mode streams). */
export function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

export function SelectionToolbar({
  selection,
  total,
  actions = [],
}: {
  selection: LibrarySelectionApi;
  /** How many items match the filter: Select all offers them all. */
  total: number;
  actions?: readonly SelectionAction[];
}): ReactElement | null {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const favourite = useBulkFavourite();
  const exportZip = useExportZip();
  const exportFolder = useExportToFolder();
  const { remove, deleting } = useDeleteWithUndo();
  const [tagging, setTagging] = useState(false);
  const chosen = selection.selection;
  // S and Delete act on the selection (the viewer's own bindings take over while it is open over the grid).
  useShortcut('favourite', chosen ? () => setFavourite(true) : null);
  const removeChosen = () => {
    if (!chosen) return;
    remove(chosen, () => {
      selection.clear();
      // The bar (and the Delete pressed in it) leaves with the selection: the focus goes to the grid's region.
      document.querySelector<HTMLElement>('main')?.focus();
    });
  };
  useShortcut('delete', chosen && !deleting ? removeChosen : null);
  if (!chosen) return null;
  const { count } = selection;
  const selected: SelectedItems = {
    count,
    items: selection.items,
    selection: chosen,
    clear: selection.clear,
  };

  function setFavourite(value: boolean): void {
    if (!chosen) return;
    favourite.mutate(
      { selection: chosen, favourite: value },
      {
        onError,
        onSuccess: ({ count: n }) =>
          pushToast('success', t(value ? 'selection.favourited' : 'selection.unfavourited', { count: n })),
      },
    );
  }

  const runExport = () => {
    if (desktopActions.available) {
      exportFolder.mutate(chosen, {
        onError,
        onSuccess: ({ folder, count: n }) => {
          if (folder !== null) pushToast('success', t('selection.exportedFolder', { count: n, folder }));
        },
      });
      return;
    }
    exportZip.mutate(chosen, {
      onError,
      onSuccess: ({ url, fileName, count: n }) => {
        download(url, fileName);
        pushToast('success', t('selection.exportedZip', { count: n, name: fileName }));
      },
    });
  };

  return (
    <div
      className="selection-bar"
      role="toolbar"
      aria-label={t('selection.toolbar')}
      data-testid="selection-bar"
    >
      <span className="selection-count" aria-live="polite" data-testid="selection-count">
        {t('selection.count', { count })}
      </span>
      {!selection.all && count < total ? (
        <Button variant="ghost" onClick={selection.selectAll} aria-keyshortcuts="Control+A Meta+A">
          {t('selection.selectAll', { count: total })}
        </Button>
      ) : null}
      <span className="selection-actions">
        <Button
          icon={<Icon name="star" />}
          busy={favourite.isPending && favourite.variables.favourite}
          onClick={() => setFavourite(true)}
        >
          {t('selection.favourite')}
        </Button>
        <Button
          variant="ghost"
          busy={favourite.isPending && !favourite.variables.favourite}
          onClick={() => setFavourite(false)}
        >
          {t('selection.unfavourite')}
        </Button>
        <span className="selection-tags">
          <Button
            icon={<Icon name="tag" />}
            aria-expanded={tagging}
            aria-haspopup="dialog"
            onClick={() => setTagging((v) => !v)}
          >
            {t('selection.tags')}
          </Button>
          {tagging ? (
            <BulkTagEditor
              selection={chosen}
              count={count}
              items={selection.items}
              onClose={() => setTagging(false)}
            />
          ) : null}
        </span>
        <Button
          icon={<Icon name="download" />}
          busy={exportZip.isPending || exportFolder.isPending}
          onClick={runExport}
        >
          {t(desktopActions.available ? 'selection.exportFolder' : 'selection.exportZip')}
        </Button>
        {actions.map((action) => (
          <span key={action.id} className="selection-extra">
            {action.render(selected)}
          </span>
        ))}
        <Button
          variant="danger"
          icon={<Icon name="trash" />}
          busy={deleting}
          onClick={removeChosen}
          data-testid="selection-delete"
        >
          {t('selection.delete')}
        </Button>
      </span>
      <button
        type="button"
        className="icon-btn selection-clear"
        onClick={selection.clear}
        aria-label={t('selection.clear')}
        aria-keyshortcuts="Escape"
        title={t('selection.clear')}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
