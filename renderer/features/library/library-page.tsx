// Library: a virtualised grid of everything downloaded, searched, sorted and filtered by the toolbar (the view
// lives in the hash query, library-filters.ts), paged from main as you scroll. The grid is library-grid.tsx, its
// tiles library-tile.tsx.
import { useDeferredValue, useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
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
import { LibraryGrid } from './library-grid';
import {
  clearedView,
  isFiltered,
  parseView,
  toLibraryQuery,
  viewQuery,
  type LibraryView,
} from './library-filters';
import { LibraryToolbar } from './library-toolbar';
import { StrayNotice } from './stray-notice';
import { OpenUndoNotice } from './open-undo-notice';
import { useActiveFilterText } from './active-filters';
import { LibraryTotal } from './library-total';
import './library.css';
import { BatchFilter } from './batch-filter';
import { SelectionToolbar } from './selection/selection-toolbar';
import { COMPARE_SELECTED } from './compare-selected';
import { useLibrarySelection } from './selection/use-library-selection';
import './selection/selection.css';
import { libraryAddress, viewerItemOf } from '../../lib/library-address';

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

  // One list while the pages are the same: the grid's cells are memoised over its items.
  const pages = library.data?.pages;
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const total = pages?.[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = library;

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
      <LibraryGrid
        items={items}
        more={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
        selection={selection}
        openIndex={viewer.position?.index ?? -1}
        onOpen={viewer.openFromGrid}
        empty={
          library.isSuccess && items.length === 0 ? (
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
          ) : null
        }
      />
      {open ? (
        <LibraryViewer
          item={open}
          src={toUrl(open.relativePath)}
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
