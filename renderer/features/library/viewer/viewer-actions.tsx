// What can be done with the item on show: the viewer's actions bar, under the side panel's heading.
// "Use as reference" and "Edit and run again" are buttons of this bar;
// add them where the EXTENSION comment is, so every action on one item sits in one place.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { errorSentence } from '../../../lib/bridge-error';
import { desktopActions } from '../../../lib/api/desktop';
import { ariaShortcut } from '../../../lib/shortcuts';
import { useShortcut } from '../../../lib/use-shortcut';
import { useStudioStore } from '../../../store/studio-store';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icons';
import { useSetFavourite } from '../../../lib/api/library-actions';
import { useExportZip } from '../api/bulk-actions';
import { download } from '../selection/selection-toolbar';
import { CompareWith } from '../compare-picker';
import { DragToCreate } from '../drag-to-create';
import { ReuseActions } from '../reuse-actions';
import { RegionEditActions } from './region-edit-actions';

export function ViewerActions({
  item,
  onDelete,
  deleting,
}: {
  item: BridgeLibraryItem;
  onDelete: () => void;
  deleting: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((st) => st.pushToast);
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const favourite = useSetFavourite();
  const zip = useExportZip();
  // A browser cannot open a folder on this computer: web mode hands over the file (with its settings) instead.
  const downloadZip = () =>
    zip.mutate({ ids: [item.id] }, { onError, onSuccess: ({ url, fileName }) => download(url, fileName) });
  const [, navigate] = useLocation();
  const group = item.batch?.compare ? item.batch.id : null;
  const toggleFavourite = () => favourite.mutate({ id: item.id, favourite: !item.favourite }, { onError });
  useShortcut('favourite', toggleFavourite, { inDialog: true });
  useShortcut('delete', deleting ? null : onDelete, { inDialog: true });
  return (
    <div className="viewer-actions" role="group" aria-label={t('library.viewer.actions')}>
      <Button
        variant={item.favourite ? 'primary' : 'secondary'}
        icon={<Icon name="star" />}
        aria-pressed={item.favourite}
        busy={favourite.isPending}
        onClick={toggleFavourite}
        aria-keyshortcuts={ariaShortcut('favourite')}
        data-testid="item-favourite"
      >
        {item.favourite ? t('library.unfavourite') : t('library.favourite')}
      </Button>
      {/* "Use as reference" and "Edit and run again". */}
      <ReuseActions item={item} />
      {/* Change only a selected part: a new item, composited here (features/region-edit). */}
      <RegionEditActions item={item} />
      {/* The second item is picked in a small dialog. */}
      <CompareWith item={item} />
      {/* One prompt on several models: every result of its press side by side. */}
      {group ? (
        <Button onClick={() => navigate(`/compare-group/${encodeURIComponent(group)}`)}>
          {t('compareGroup.open')}
        </Button>
      ) : null}
      <DragToCreate item={item} />
      {desktopActions.available ? (
        <Button onClick={() => void desktopActions.showInFolder(item.id).catch(onError)}>
          {t('library.showInFolder')}
        </Button>
      ) : (
        <Button
          icon={<Icon name="download" />}
          busy={zip.isPending}
          onClick={downloadZip}
          aria-describedby={`no-folder-${item.id}`}
        >
          {t('library.downloadZip')}
        </Button>
      )}
      {desktopActions.available ? null : (
        <p className="viewer-note muted" id={`no-folder-${item.id}`}>
          {t('library.noFolderInBrowser')}
        </p>
      )}
      {/* No question first: the toast's Undo takes it back (renderer/lib/delete-with-undo.ts says why). */}
      <Button
        variant="danger"
        icon={<Icon name="trash" />}
        busy={deleting}
        onClick={onDelete}
        aria-keyshortcuts={ariaShortcut('delete')}
        data-testid="item-delete"
      >
        {t('library.delete')}
      </Button>
    </div>
  );
}
