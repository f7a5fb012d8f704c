// The library's view (search, sort, filters) as the hash query of #/library: one source of truth that Back,
// reload and a shared link all keep, and that the viewer's ←/→ walk through (the grid's list is this query's
// answer). Parsing forgives: an unknown value is dropped, never an error, since people edit addresses.
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { FAMILY_IDS } from '../../../shared/catalog/family-ids';
import type { LibraryKind, LibraryQuery } from '../../../shared/studio/records';

export const SORTS = ['newest', 'oldest', 'cost', 'size'] as const;
export type LibrarySort = (typeof SORTS)[number];
export const KINDS = ['image', 'video', 'audio', 'speech'] as const satisfies readonly LibraryKind[];

export interface LibraryView {
  search: string;
  sort: LibrarySort;
  kind: LibraryKind | null;
  family: FamilyId | null;
  model: string | null;
  /** Local calendar days, YYYY-MM-DD, both inclusive. */
  from: string | null;
  to: string | null;
  favourites: boolean;
  tags: string[];
  /** One batch shown alone (its id, TaskBatch.id), as Create's batch progress opens it; null for all. */
  batch: string | null;
}

export const DEFAULT_VIEW: LibraryView = {
  search: '',
  sort: 'newest',
  kind: null,
  family: null,
  model: null,
  from: null,
  to: null,
  favourites: false,
  tags: [],
  batch: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function day(value: string | null): string | null {
  return value !== null && DAY.test(value) && localMidnight(value) !== null ? value : null;
}

export function parseView(query: string): LibraryView {
  const params = new URLSearchParams(query);
  return {
    search: params.get('q') ?? '',
    sort: oneOf(SORTS, params.get('sort')) ?? 'newest',
    kind: oneOf(KINDS, params.get('kind')),
    family: oneOf(FAMILY_IDS, params.get('family')),
    model: params.get('model') || null,
    from: day(params.get('from')),
    to: day(params.get('to')),
    favourites: params.get('fav') === '1',
    tags: [
      ...new Set(
        params
          .getAll('tag')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ],
    batch: params.get('batch')?.trim().slice(0, 200) || null,
  };
}

/** The query string for a view, defaults left out so a plain library is a plain #/library. */
export function viewQuery(view: LibraryView): string {
  const params = new URLSearchParams();
  if (view.search.trim()) params.set('q', view.search);
  if (view.sort !== 'newest') params.set('sort', view.sort);
  if (view.kind) params.set('kind', view.kind);
  if (view.family) params.set('family', view.family);
  if (view.model) params.set('model', view.model);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.favourites) params.set('fav', '1');
  for (const tag of view.tags) params.append('tag', tag);
  if (view.batch) params.set('batch', view.batch);
  return params.toString();
}

/** Whether anything narrows the list (the sort does not): an empty answer then means "no match". */
export function isFiltered(view: LibraryView): boolean {
  return (
    view.search.trim() !== '' ||
    view.kind !== null ||
    view.family !== null ||
    view.model !== null ||
    view.from !== null ||
    view.to !== null ||
    view.favourites ||
    view.tags.length > 0 ||
    view.batch !== null
  );
}

/** The same view with every filter and the search cleared; the sort stays (it hides nothing). */
export function clearedView(view: LibraryView): LibraryView {
  return { ...DEFAULT_VIEW, sort: view.sort };
}

/** ms of local midnight starting that day; null for a day that does not exist (2026-02-30). */
function localMidnight(value: string): number | null {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d
    ? date.getTime()
    : null;
}

/** The library query for a view: days become local-midnight bounds, "to" inclusive of its whole day. */
export function toLibraryQuery(
  view: LibraryView,
  search: string = view.search,
): Omit<LibraryQuery, 'limit' | 'offset'> {
  const from = view.from ? localMidnight(view.from) : null;
  const toStart = view.to ? localMidnight(view.to) : null;
  let to: number | null = null;
  if (toStart !== null) {
    const next = new Date(toStart);
    next.setDate(next.getDate() + 1);
    to = next.getTime();
  }
  const trimmed = search.trim();
  return {
    sort: view.sort,
    ...(trimmed ? { search: trimmed } : {}),
    ...(view.kind ? { kind: view.kind } : {}),
    ...(view.family ? { family: view.family } : {}),
    ...(view.model ? { model: view.model } : {}),
    ...(from !== null ? { from } : {}),
    ...(to !== null ? { to } : {}),
    ...(view.favourites ? { favourite: true } : {}),
    ...(view.tags.length ? { tags: view.tags } : {}),
    ...(view.batch ? { batchId: view.batch } : {}),
  };
}
