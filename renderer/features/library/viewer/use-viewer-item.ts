// Which item the viewer shows and where it sits in the grid's list: the URL names it (#/library/<id>), the
// list on the page (the current search, filters and sort) gives its neighbours. Opening from the grid pushes
// a history entry, stepping replaces it, so Back (or Esc) returns to the grid in one step; an item named by a
// URL but not on a loaded page (a reload deep in the list) is asked for by id.
import { useRef, useState } from 'react';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { useLibraryItem } from '../api/get-library-item';
import { useDeleteWithUndo } from '../../../lib/delete-with-undo';
import type { ViewerPosition } from './library-viewer';
import { libraryAddress } from '../../../lib/library-address';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** How close to the end of the loaded list stepping asks for the next page. */
const PREFETCH = 3;

export interface ViewerItem {
  item: BridgeLibraryItem | undefined;
  position: ViewerPosition | null;
  previous: (() => void) | undefined;
  next: (() => void) | undefined;
  openFromGrid: (id: string) => void;
  close: () => void;
  remove: () => void;
  deleting: boolean;
}

export function useViewerItem({
  id,
  items,
  total,
  navigate,
  query,
  more,
}: {
  id: string | undefined;
  items: BridgeLibraryItem[];
  total: number;
  navigate: Navigate;
  /** The grid's view (the hash query): kept on every address the viewer goes to, so Back finds it. */
  query: string;
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}): ViewerItem {
  // The same path as a selection's Delete: out of the library at once, Undo in the toast (selection/).
  const remove = useDeleteWithUndo();
  // Whether the grid's entry is the history entry under the viewer's (Back would reach it).
  const openedHere = useRef(false);
  // Closing (Esc, ×, deleting the last item) hides the viewer at once; the address follows a moment later
  // (history.back() is asynchronous). Without this, an item that changed in between (a step, a refetch) kept
  // a closed viewer mounted under an address that still named an item. Cleared once the address names no
  // item, or when a tile is opened.
  const [dismissed, setDismissed] = useState(false);
  if (dismissed && id === undefined) setDismissed(false);
  const index = id === undefined ? -1 : items.findIndex((candidate) => candidate.id === id);
  const fetched = useLibraryItem(id, index < 0);
  const found = index >= 0 ? items[index] : fetched.data?.id === id ? fetched.data : undefined;
  const item = dismissed ? undefined : found;

  const show = (target: BridgeLibraryItem | undefined) => {
    if (!target) return undefined;
    return () => {
      navigate(libraryAddress(target.id, query), { replace: true });
      if (index + 1 >= items.length - PREFETCH && more.hasNextPage && !more.isFetchingNextPage) {
        void more.fetchNextPage();
      }
    };
  };

  const close = () => {
    setDismissed(true);
    if (openedHere.current) {
      openedHere.current = false;
      window.history.back();
    } else navigate(libraryAddress(null, query), { replace: true });
  };

  return {
    item,
    position: index >= 0 && !dismissed ? { index, total } : null,
    previous: index > 0 ? show(items[index - 1]) : undefined,
    next: index >= 0 ? show(items[index + 1]) : undefined,
    openFromGrid: (target) => {
      openedHere.current = true;
      setDismissed(false);
      navigate(libraryAddress(target, query));
    },
    close,
    deleting: remove.deleting,
    remove: () => {
      if (!item) return;
      const neighbour = items[index + 1] ?? items[index - 1];
      remove.remove({ ids: [item.id] }, () => {
        // The viewer stays open on the next item, as photo viewers do; the last one closes it.
        if (neighbour && index >= 0) navigate(libraryAddress(neighbour.id, query), { replace: true });
        else close();
      });
    },
  };
}
