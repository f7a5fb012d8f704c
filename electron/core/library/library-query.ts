// Builds the SQL for one page of the library from a LibraryQuery. Every user value is a bound parameter;
// the only text spliced into the statement comes from the fixed tables below (and the favourite flag as a
// literal 0/1, so the partial index of favourites can serve it).
import type { LibraryQuery } from '../../../shared/studio/records';
import { toFtsQuery } from './fts-query';
import type { SqlValue } from './library-rows';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

type Sort = NonNullable<LibraryQuery['sort']>;

const ORDER_BY: Record<Sort, string> = {
  newest: 'i.created_at DESC, i.seq DESC',
  oldest: 'i.created_at ASC, i.seq ASC',
  // Items without a known cost sort last whatever the direction.
  cost: 'i.cost IS NULL, i.cost DESC, i.seq DESC',
  size: 'i.size DESC, i.seq DESC',
};

/** The index that yields rows already in the sort order; see Library.query for when it is forced. */
const SORT_INDEX: Record<Sort, string> = {
  newest: 'library_items_created',
  oldest: 'library_items_created',
  cost: 'library_items_cost',
  size: 'library_items_size',
};

export const TAG_FILTER = 'i.seq IN (SELECT item_seq FROM library_tags WHERE tag = ?)';
export const FTS_FILTER = 'i.seq IN (SELECT rowid FROM library_fts WHERE library_fts MATCH ?)';

export interface PageStatements {
  /** The search holds no searchable term: the page is empty without asking SQLite. */
  impossible: boolean;
  /** The FTS5 MATCH expression, or null without a search. */
  match: string | null;
  /** Filters other than the search, with their values in order. */
  filters: string[];
  values: SqlValue[];
  orderBy: string;
  sortIndex: string;
  limit: number;
  offset: number;
}

export function buildPageQuery(query: LibraryQuery): PageStatements {
  const filters: string[] = [];
  const values: SqlValue[] = [];
  let match: string | null = null;
  let impossible = false;

  if (query.search !== undefined && query.search.trim() !== '') {
    match = toFtsQuery(query.search);
    if (match === null) impossible = true;
  }
  // Favourites are few: with that filter on, model and family are written `+column` so SQLite cannot pick
  // their (much larger) indexes over the partial indexes of favourites (all, and by kind).
  const viaFavourites = query.favourite === true;
  const equal = (column: string, value: SqlValue | undefined) => {
    if (value === undefined) return;
    filters.push(`${viaFavourites && column !== 'kind' ? '+' : ''}i.${column} = ?`);
    values.push(value);
  };
  equal('kind', query.kind);
  equal('model', query.model);
  equal('family', query.family);
  if (query.batchId !== undefined) {
    filters.push('i.batch_id = ?');
    values.push(query.batchId);
  }
  if (query.from !== undefined) {
    filters.push('i.created_at >= ?');
    values.push(query.from);
  }
  if (query.to !== undefined) {
    filters.push('i.created_at < ?');
    values.push(query.to);
  }
  if (query.favourite !== undefined) filters.push(`i.favourite = ${query.favourite ? 1 : 0}`);
  // Every tag asked for must be on the item; each is one lookup in library_tags' primary key (tag, item_seq).
  for (const tag of new Set((query.tags ?? []).map((t) => t.trim()).filter(Boolean))) {
    filters.push(TAG_FILTER);
    values.push(tag);
  }

  const sort = query.sort ?? 'newest';
  return {
    impossible,
    match,
    filters,
    values,
    orderBy: ORDER_BY[sort],
    sortIndex: SORT_INDEX[sort],
    limit: Math.min(Math.max(Math.trunc(query.limit ?? DEFAULT_PAGE_SIZE), 0), MAX_PAGE_SIZE),
    offset: Math.max(Math.trunc(query.offset ?? 0), 0),
  };
}
