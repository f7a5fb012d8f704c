// Above the library grid: how many items the current view holds and what they cost together ("12 items ·
// 0.48 USD, 2 with unknown cost"). Its own component, given the very filter the grid is read with, so the
// toolbar around it can change without touching the sum. The sum of a large view takes main longer than the
// grid's page (50 ms for a one-letter search of 100 000 items), so it is asked once that page has arrived and
// the typing has paused: main answers one request at a time, and a sum asked for each key would hold up the
// next key's page.
import type { ReactElement } from 'react';
import type { LibraryFilter } from '../../lib/api/library';
import { useSettled } from '../../lib/use-settled';
import { CostTotalLine } from '../../ui/cost-total-line';
import { useLibraryTotal } from './api/library-total';

/** A pause between keys longer than most people's while they type a word. */
const TYPING_PAUSE_MS = 300;

export function LibraryTotal({
  filter,
  after,
}: {
  filter: LibraryFilter;
  /** False while the grid's own page for this filter is on its way: the sum is asked after it, never before. */
  after: boolean;
}): ReactElement | null {
  const search = filter.search ?? '';
  const settled = useSettled(search, TYPING_PAUSE_MS) === search;
  const total = useLibraryTotal(filter, after && settled).data;
  // Nothing in view: the grid's empty state says so.
  if (!total || total.count === 0) return null;
  return <CostTotalLine total={total} of="items" testId="library-total" />;
}
