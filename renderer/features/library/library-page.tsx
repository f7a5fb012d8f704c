// Library: a virtualised grid of everything downloaded, searchable by prompt, filtered by kind, paged from main
// as you scroll. Images load from the local file through the media URL the session gives.
import { useEffect, useRef, useState, useDeferredValue, type ReactElement } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import type { LibraryKind } from '../../../shared/studio/records';
import { errorSentence } from '../../lib/bridge-error';
import { useLibrary } from '../../lib/api/library';
import { useMediaUrl } from '../../lib/use-media-url';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { Segmented } from '../../ui/segmented';
import { useViewerItem } from './viewer/use-viewer-item';
import { LibraryViewer } from './viewer/library-viewer';
import './viewer/viewer.css';
import { tileDragProps } from './drag-to-create';
import { useColumns } from './use-columns';
import { LibraryTotal } from './library-total';
import { TileCost } from './tile-cost';
import './library.css';
import { SelectableTile } from './selection/selectable-tile';
import { SelectionToolbar } from './selection/selection-toolbar';
import { useLibrarySelection } from './selection/use-library-selection';
import './selection/selection.css';

const GAP = 12;
const MIN_TILE = 200;
type KindFilter = LibraryKind | 'all';
const KINDS: KindFilter[] = ['all', 'image', 'video', 'audio', 'speech'];

function Tile({
  item,
  src,
  onOpen,
}: {
  item: BridgeLibraryItem;
  src: string | null;
  onOpen: () => void;
}): ReactElement {
  return (
    <button
      type="button"
      className="tile"
      onClick={onOpen}
      data-testid="library-item"
      data-kind={item.kind}
      // Issue 9: dragged onto Create it is used as a reference; Alt in the desktop app drags the file out.
      {...tileDragProps(item)}
    >
      {/* A picture shows itself; a track shows its cover when it has one. */}
      {src && (item.kind === 'image' || item.thumbnailRelativePath !== null) ? (
        <img src={src} alt={item.title ?? item.prompt ?? ''} loading="lazy" decoding="async" />
      ) : (
        <span className="tile-icon">
          <Icon
            name={item.kind === 'image' ? 'image' : item.kind === 'video' ? 'create' : 'speech'}
            size={28}
          />
        </span>
      )}
      {item.title || item.prompt ? <span className="tile-caption">{item.title ?? item.prompt}</span> : null}
      <TileCost item={item} />
      {item.favourite ? (
        <span className="tile-star" data-testid="tile-favourite">
          <Icon name="star" size={13} />
        </span>
      ) : null}
    </button>
  );
}

export function LibraryPage(): ReactElement {
  const { t } = useTranslation();
  const params = useParams<{ item?: string }>();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<KindFilter>('all');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const deferredSearch = useDeferredValue(search.trim());
  const filter = {
    sort: 'newest',
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(kind !== 'all' ? { kind } : {}),
    ...(favouritesOnly ? { favourite: true } : {}),
  } as const;
  const library = useLibrary(filter);
  // An empty answer to a search or a filter is not an empty library: say so, and offer the way back.
  const filtered = deferredSearch !== '' || kind !== 'all' || favouritesOnly;
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
    id: params.item,
    items,
    total,
    navigate,
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

  return (
    <Page
      title={t('library.title')}
      subtitle={t('library.subtitle')}
      wide
      fill
      actions={<span className="library-count">{t('library.count', { count: total })}</span>}
    >
      <div className="library-tools">
        <label className="search">
          <Icon name="search" size={16} />
          <span className="visually-hidden">{t('library.search')}</span>
          <input
            type="search"
            value={search}
            placeholder={t('library.search')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <Segmented
          name="library-kind"
          label={t('library.kind.all')}
          value={kind}
          onChange={setKind}
          options={KINDS.map((k) => ({ value: k, label: t(`library.kind.${k}`) }))}
        />
        <Button
          variant={favouritesOnly ? 'primary' : 'secondary'}
          icon={<Icon name="star" />}
          aria-pressed={favouritesOnly}
          onClick={() => setFavouritesOnly((v) => !v)}
          data-testid="favourites-only"
        >
          {t('library.favouritesOnly')}
        </Button>
      </div>
      <LibraryTotal filter={filter} />
      <SelectionToolbar selection={selection} total={total} />
      {library.isError ? <Alert>{errorSentence(library.error, t)}</Alert> : null}
      <div ref={scrollRef} className="library-scroll" data-testid="library-grid">
        {library.isSuccess && items.length === 0 ? (
          filtered ? (
            <EmptyState icon="search" title={t('library.noMatch')}>
              <p>
                {deferredSearch
                  ? t('library.noMatchSearch', { search: deferredSearch })
                  : t('library.noMatchFilters')}
              </p>
              <Button
                onClick={() => {
                  setSearch('');
                  setKind('all');
                  setFavouritesOnly(false);
                }}
                data-testid="clear-filters"
              >
                {t('library.clearFilters')}
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon="library">
              <p>{t('library.empty')}</p>
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
                    <Tile item={item} src={srcOf(item, false)} onOpen={() => viewer.openFromGrid(item.id)} />
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
