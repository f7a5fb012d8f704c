// The library's virtualised grid: rows of tiles placed by the virtualiser, the next page asked for as the end of
// what is loaded comes near, and the viewer's item kept in view. Kept apart from the page (library-page.tsx) so
// the virtualiser's render on every scroll event is this component's alone: the toolbar, the filters and the
// totals above it do not render while the grid scrolls. Each cell is memoised over plain values and stable
// callbacks, so a scroll renders only the tiles it brings in (the library-grid bench's long tasks at 4× CPU
// throttling came from every tile on screen rendering again on each scroll event).
import { memo, useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { useMediaUrl } from '../../lib/use-media-url';
import type { MoneyShown } from '../../lib/money-shown';
import { useStableCallback } from '../../lib/use-stable-callback';
import { useMoneyUnit } from '../../ui/cost-text';
import { useColumns } from './use-columns';
import { LibraryTile } from './library-tile';
import { SelectableTile } from './selection/selectable-tile';
import type { LibrarySelectionApi } from './selection/use-library-selection';

const GAP = 12;
const MIN_TILE = 200;
/** Tiles at least this wide (they are square) carry their caption without hovering (library.css). */
const CAPTIONED_TILE = 180;
/** Rows kept beyond the visible ones: one wheel step of about a screenful mounts no more than it shows. */
const OVERSCAN = 2;

interface GridCellProps {
  item: BridgeLibraryItem;
  index: number;
  selected: boolean;
  selecting: boolean;
  thumbnailSrc: string | null;
  fileSrc: string | null;
  unit: MoneyShown;
  onOpen: (id: string) => void;
  onChoose: (id: string, index: number, extend: boolean) => void;
}

const GridCell = memo(function GridCell(props: GridCellProps): ReactElement {
  const { item, index, selected, selecting, onChoose } = props;
  return (
    <SelectableTile
      selected={selected}
      selecting={selecting}
      onChoose={onChoose}
      id={item.id}
      index={index}
      label={item.title ?? item.prompt ?? ''}
    >
      <LibraryTile
        item={item}
        thumbnailSrc={props.thumbnailSrc}
        fileSrc={props.fileSrc}
        unit={props.unit}
        onOpen={props.onOpen}
      />
    </SelectableTile>
  );
});

export function LibraryGrid({
  items,
  more,
  selection,
  openIndex,
  onOpen,
  empty,
}: {
  /** The loaded items in grid order. */
  items: readonly BridgeLibraryItem[];
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  selection: LibrarySelectionApi;
  /** The viewer's item's place in `items` (-1 with the viewer closed): the grid follows it. */
  openIndex: number;
  onOpen: (id: string) => void;
  /** Shown in place of the grid (an empty library, a search with no match); null to show the grid. */
  empty: ReactNode;
}): ReactElement {
  const toUrl = useMediaUrl();
  const unit = useMoneyUnit();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { columns, width } = useColumns(scrollRef, MIN_TILE, GAP);
  const rows = Math.ceil(items.length / columns);
  // The virtualizer's functions never leave this component, so skipping compiler memoisation here is safe.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => width + GAP,
    overscan: OVERSCAN,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows[virtualRows.length - 1]?.index ?? -1;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  useEffect(() => {
    if (lastRow >= rows - 2 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastRow, rows, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The grid follows the viewer, so closing it shows the item last seen.
  useEffect(() => {
    if (openIndex >= 0) virtualizer.scrollToIndex(Math.floor(openIndex / columns), { align: 'auto' });
  }, [openIndex, columns, virtualizer]);

  const open = useStableCallback(onOpen);
  const choose = useStableCallback((id: string, index: number, extend: boolean) => {
    if (extend) selection.extendTo(index);
    else selection.toggle(id, index);
  });

  return (
    <div ref={scrollRef} className="library-scroll" data-testid="library-grid">
      {empty ?? (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualRows.map((row) => (
            <div
              key={row.key}
              className={width >= CAPTIONED_TILE ? 'library-row has-captions' : 'library-row'}
              style={{
                transform: `translateY(${row.start}px)`,
                gridTemplateColumns: `repeat(${columns}, ${width}px)`,
                height: width,
              }}
            >
              {items.slice(row.index * columns, row.index * columns + columns).map((item, i) => (
                <GridCell
                  key={item.id}
                  item={item}
                  index={row.index * columns + i}
                  selected={selection.isSelected(item.id)}
                  selecting={selection.active}
                  thumbnailSrc={toUrl(item.thumbnailRelativePath ?? item.relativePath)}
                  fileSrc={toUrl(item.relativePath)}
                  unit={unit}
                  onOpen={open}
                  onChoose={choose}
                />
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
