// Library: a virtualised grid of everything downloaded, searched, sorted and filtered by the toolbar (the view
// lives in the hash query, library-filters.ts), paged from main as you scroll. Tiles are library-tile.tsx.
import { useDeferredValue, useEffect, useRef, type ReactElement } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { useLibrary } from '../../lib/api/library';
import { useHashQuery } from '../../lib/hash-location';
import { useMediaUrl } from '../../lib/use-media-url';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { SYNC_ROUTE } from '../../lib/sync-address';
import { Page } from '../../ui/page';
import { useViewerItem } from './viewer/use-viewer-item';
import { LibraryViewer } from './viewer/library-viewer';
import './viewer/viewer.css';
import { useColumns } from './use-columns';
import {
  clearedView,
  isFiltered,
  parseView,
  toLibraryQuery,
  viewQuery,
  type LibraryView,
} from './library-filters';
import { LibraryTile } from './library-tile';
import { LibraryToolbar } from './library-toolbar';
import { StrayNotice } from './stray-notice';
import { OpenUndoNotice } from './open-undo-notice';
import { useActiveFilterText } from './active-filters';
import { LibraryTotal } from './library-total';
import './library.css';
import { BatchFilter } from './batch-filter';
import { SelectableTile } from './selection/selectable-tile';
import { SelectionToolbar } from './selection/selection-toolbar';
import { COMPARE_SELECTED } from './compare-selected';
import { useLibrarySelection } from './selection/use-library-selection';
import './selection/selection.css';
import { libraryAddress, viewerItemOf } from '../../lib/library-address';

const GAP = 12;
const MIN_TILE = 200;

export function LibraryPage(): ReactElement {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const openItem = viewerItemOf(location) ?? undefined;
  const query = useHashQuery();
  const view = parseView(query);
  // Typing searches as it goes; the deferred copy keeps keystrokes ahead of the query they start.
  const deferredSearch = useDeferredValue(view.search);
  const filter = toLibraryQuery(view, deferredSearch);
  const library = useLibrary(filter);
  const setView = (next: LibraryView) => {
    const q = viewQuery(next);
    navigate(libraryAddress(openItem, q), { replace: true });
  };
  // An empty answer to a search or a filter is not an empty library: say so, and offer the way back.
  const filtered = isFiltered(view);
  const filterText = useActiveFilterText(view);
  const toUrl = useMediaUrl();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { columns, width } = useColumns(scrollRef, MIN_TILE, GAP);

  const items = library.data?.pages.flatMap((p) => p.items) ?? [];
  const total = library.data?.pages[0]?.total ?? 0;
  const rows = Math.ceil(items.length / columns);
  // The virtualizer's functions never leave this component, so skipping compiler memoisation here is safe.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => width + GAP,
    overscan: 3,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows[virtualRows.length - 1]?.index ?? -1;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = library;
  useEffect(() => {
    if (lastRow >= rows - 2 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastRow, rows, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const viewer = useViewerItem({
    id: openItem,
    items,
    total,
    navigate,
    query,
    more: { hasNextPage, isFetchingNextPage, fetchNextPage },
  });
  const open = viewer.item;
  // Multi-select (selection/): by id, or everything matching the filter; the keys belong to the viewer when open.
  const selection = useLibrarySelection({ items, total, filter, keyboard: !open });
  // The grid follows the viewer, so closing it shows the item last seen.
  const openIndex = viewer.position?.index ?? -1;
  useEffect(() => {
    if (openIndex >= 0) virtualizer.scrollToIndex(Math.floor(openIndex / columns), { align: 'auto' });
  }, [openIndex, columns, virtualizer]);
  const srcOf = (item: BridgeLibraryItem, large: boolean) =>
    toUrl(large ? item.relativePath : (item.thumbnailRelativePath ?? item.relativePath));
  const clear = () => setView(clearedView(view));

  return (
    <Page
      title={t('library.title')}
      subtitle={t('library.subtitle')}
      wide
      fill
      actions={<span className="library-count">{t('library.count', { count: total })}</span>}
    >
      <LibraryToolbar view={view} onChange={setView} onClear={clear} />
      <BatchFilter view={view} total={library.isSuccess ? total : null} onChange={setView} />
      <LibraryTotal filter={filter} after={library.isSuccess && !library.isFetching} />
      <SelectionToolbar selection={selection} total={total} actions={COMPARE_SELECTED} />
      {library.isError ? <Alert>{errorSentence(library.error, t)}</Alert> : null}
      <StrayNotice />
      <OpenUndoNotice />
      <div ref={scrollRef} className="library-scroll" data-testid="library-grid">
        {library.isSuccess && items.length === 0 ? (
          filtered ? (
            <EmptyState
              icon="search"
              title={
                view.search.trim()
                  ? t('library.noMatchSearch', { search: view.search.trim() })
                  : t('library.noMatchFilters')
              }
            >
              {filterText ? <p data-testid="active-filters">{filterText}</p> : null}
              <Button onClick={clear} data-testid="clear-filters">
                {t('library.clearFilters')}
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon="library">
              <p>{t('library.empty')}</p>
              {/* A new computer's empty library is where a creator looks for the one they already have. */}
              <p className="library-empty-restore">{t('library.emptyRestore')}</p>
              <Link href={SYNC_ROUTE} className="btn btn-secondary library-restore-link">
                {t('library.restoreFromRemote')}
              </Link>
            </EmptyState>
          )
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualRows.map((row) => (
              <div
                key={row.key}
                className="library-row"
                style={{
                  transform: `translateY(${row.start}px)`,
                  gridTemplateColumns: `repeat(${columns}, ${width}px)`,
                  height: width,
                }}
              >
                {items.slice(row.index * columns, row.index * columns + columns).map((item, i) => (
                  <SelectableTile
                    key={item.id}
                    selection={selection}
                    id={item.id}
                    index={row.index * columns + i}
                    label={item.title ?? item.prompt ?? ''}
                  >
                    <LibraryTile
                      item={item}
                      thumbnailSrc={srcOf(item, false)}
                      fileSrc={srcOf(item, true)}
                      onOpen={() => viewer.openFromGrid(item.id)}
                    />
                  </SelectableTile>
                ))}
              </div>
            ))}
          </div>
        )}
      </div>
      {open ? (
        <LibraryViewer
          item={open}
          src={srcOf(open, true)}
          cover={
            open.kind !== 'image' && open.thumbnailRelativePath ? toUrl(open.thumbnailRelativePath) : null
          }
          position={viewer.position}
          onPrevious={viewer.previous}
          onNext={viewer.next}
          onClose={viewer.close}
          onDelete={viewer.remove}
          deleting={viewer.deleting}
        />
      ) : null}
    </Page>
  );
}
