// The Tasks list, virtualised: 10 000 tasks keep only a window of rows (plus the focused one) in the DOM, so
// scrolling never builds thousands of rows. It scrolls with the page (the app's <main>), like any page, and
// follows the WAI-ARIA feed pattern: each row is an article saying its place in the whole list, Page Down /
// Page Up step the focus through the rows (↓ ↑ Home End too when a row itself has the focus), and the next page
// of tasks loads as the window nears the end of what is loaded.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '../../../shared/studio/records';
import type { DownloadMap } from '../../lib/cache-updates';
import { TaskRow } from './task-row';

const GAP = 12;
/** A row with a prompt and a progress bar; measured rows replace the guess as they render. */
const ESTIMATED_ROW = 160;
/** Rows kept beyond the visible ones: enough that Tab from the last visible row finds the next one. */
const OVERSCAN = 6;
/** Start loading the next page when the window comes this close to the end of what is loaded. */
const LOAD_AHEAD = 10;

export interface TaskFeedProps {
  tasks: TaskRecord[];
  /** Every task the studio has, loaded or not (the rows' aria-setsize). */
  total: number;
  now: number;
  thumbnails: Map<string, { url: string; itemId: string }>;
  downloads: DownloadMap;
  currentId: string | undefined;
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}

/** The row index a keyboard key moves to from `from`, or null when the key is not the feed's. */
function target(event: KeyboardEvent, from: number, last: number, onRow: boolean): number | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'PageDown' || (onRow && event.key === 'ArrowDown')) return Math.min(last, from + 1);
  if (event.key === 'PageUp' || (onRow && event.key === 'ArrowUp')) return Math.max(0, from - 1);
  if (onRow && event.key === 'Home') return 0;
  if (onRow && event.key === 'End') return last;
  return null;
}

export function TaskFeed({
  tasks,
  total,
  now,
  thumbnails,
  downloads,
  currentId,
  more,
}: TaskFeedProps): ReactElement {
  const { t } = useTranslation();
  const feedRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The row holding the focus (or asked for by a key) stays rendered however far the page scrolls away from it,
  // so the focus is never dropped onto the body.
  const [active, setActive] = useState<number | null>(null);
  const [focusWanted, setFocusWanted] = useState<number | null>(null);

  // The feed's top within <main>'s scrolled content: what sits above it (the queue) changes height as it works.
  useLayoutEffect(() => {
    const feed = feedRef.current;
    const main = feed?.closest('main');
    if (!feed || !main) return undefined;
    const measure = () =>
      setScrollMargin(feed.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    const page = feed.closest('section');
    if (page) observer.observe(page);
    return () => observer.disconnect();
  }, []);

  // Stable while the list is: a new function each render makes the virtualiser recount all 10 000 rows.
  const getItemKey = useCallback((index: number) => tasks[index]?.id ?? index, [tasks]);
  // The virtualizer's functions never leave this component, so skipping compiler memoisation here is safe.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => feedRef.current?.closest('main') ?? null,
    estimateSize: () => ESTIMATED_ROW,
    getItemKey,
    gap: GAP,
    overscan: OVERSCAN,
    scrollMargin,
    // Before the first measure (and where nothing lays out, as in jsdom) assume a window's height of rows.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 800 : window.innerHeight },
    rangeExtractor: (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      for (const keep of [active, focusWanted]) {
        if (keep !== null && keep < range.count && !indexes.includes(keep)) indexes.push(keep);
      }
      return indexes.sort((a, b) => a - b);
    },
  });
  const rows = virtualizer.getVirtualItems();
  const windowEnd = virtualizer.range?.endIndex ?? -1;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  useEffect(() => {
    if (windowEnd >= tasks.length - LOAD_AHEAD && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [windowEnd, tasks.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The task the address names (a "Run again" toast's link) is brought into view once it is loaded.
  const currentIndex = currentId ? tasks.findIndex((task) => task.id === currentId) : -1;
  useEffect(() => {
    if (currentIndex >= 0) virtualizer.scrollToIndex(currentIndex, { align: 'center' });
  }, [currentIndex, virtualizer]);

  // A key asked for a row: it is rendered by now (the range keeps it), so focus it; the browser scrolls to it.
  useEffect(() => {
    if (focusWanted === null) return;
    const row = feedRef.current?.querySelector<HTMLElement>(`[data-index="${focusWanted}"]`);
    if (!row) return;
    row.focus();
    setFocusWanted(null);
  }, [focusWanted, rows]);

  const rowOf = (element: EventTarget) =>
    element instanceof Element ? element.closest<HTMLElement>('[data-index]') : null;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the feed pattern's own keys
    <div
      ref={feedRef}
      role="feed"
      className="task-feed"
      aria-label={t('tasks.title')}
      aria-busy={isFetchingNextPage || undefined}
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={(event) => {
        const row = rowOf(event.target);
        if (row) setActive(Number(row.dataset.index));
      }}
      onKeyDown={(event) => {
        const row = rowOf(event.target);
        if (!row) return;
        const to = target(event, Number(row.dataset.index), tasks.length - 1, event.target === row);
        if (to === null) return;
        event.preventDefault();
        setFocusWanted(to);
      }}
    >
      {rows.map((row) => {
        const task = tasks[row.index];
        if (!task) return null;
        return (
          <TaskRow
            key={row.key}
            task={task}
            now={now}
            thumbnail={thumbnails.get(task.id) ?? null}
            download={downloads[task.id]}
            current={task.id === currentId}
            index={row.index}
            setSize={Math.max(total, tasks.length)}
            top={row.start - scrollMargin}
            measureRef={virtualizer.measureElement}
          />
        );
      })}
    </div>
  );
}
