// Dragging a library item onto Create. Library and Create are different pages, so a drag that rests
// on a spring target (the sidebar's Create, or the viewer's "Hold here to open Create" while dragging from the
// viewer, whose modal covers the sidebar) opens Create under the moving pointer, and the drop lands on the form
// (features/create/library-drop.tsx). In the desktop app, Alt (Option) on a tile, or the viewer's "Drag the file
// out", drags the file itself to other apps (main starts the OS drag: webContents.startDrag).
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { desktopActions } from '../../lib/api/desktop';
import { createPath, libraryDragSource, useSpring } from '../../lib/library-drag';
import { reuseFamilies } from '../../lib/reuse-targets';
import { Icon } from '../../ui/icons';

/** A tile's drag: the item in-page; with Alt in the desktop app, the file out to the OS. */
export function tileDragProps(item: BridgeLibraryItem) {
  return libraryDragSource(item, 'tile');
}

export function DragToCreate({ item }: { item: BridgeLibraryItem }): ReactElement | null {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [dragging, setDragging] = useState(false);
  const spring = useSpring(() => navigate(createPath()));
  // An item no family takes (a speech clip, a video without its link) offers no drag onto Create.
  const usable = reuseFamilies(item).length > 0;
  if (!usable && !desktopActions.available) return null;
  return (
    <div className="drag-to-create">
      <div className="drag-handles">
        {usable ? (
          <span
            className="drag-handle"
            {...libraryDragSource(item, 'item', {
              start: () => setDragging(true),
              end: () => setDragging(false),
            })}
            data-testid="drag-to-create"
          >
            <Icon name="create" size={15} />
            {t('libraryDrag.handle')}
          </span>
        ) : null}
        {desktopActions.available ? (
          <span className="drag-handle" {...libraryDragSource(item, 'file')}>
            <Icon name="download" size={15} />
            {t('libraryDrag.dragOut')}
          </span>
        ) : null}
      </div>
      {dragging ? (
        <div className="drag-spring" {...spring} data-testid="spring-create">
          {t('libraryDrag.openCreate')}
        </div>
      ) : usable ? (
        <p className="field-hint">{t('libraryDrag.springHint')}</p>
      ) : null}
    </div>
  );
}
