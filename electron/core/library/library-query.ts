// Builds the SQL for one page of the library from a LibraryQuery. Every user value is a bound parameter;
// the only text spliced into the statement comes from the fixed tables below.
import type { LibraryQuery } from '../../../shared/studio/records';
import { toFtsQuery } from './fts-query';
import type { SqlValue } from './library-rows';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

const ORDER_BY: Record<NonNullable<LibraryQuery['sort']>, string> = {
  newest: 'i.created_at DESC, i.seq DESC',
  oldest: 'i.created_at ASC, i.seq ASC',
  // Items without a known cost sort last whatever the direction.
  cost: 'i.cost IS NULL, i.cost DESC, i.seq DESC',
  size: 'i.size DESC, i.seq DESC',
};

export interface PageStatements {
  /** null when the search holds no searchable term: the page is empty without asking SQLite. */
  where: string | null;
  values: SqlValue[];
  orderBy: string;
  limit: number;
  offset: number;
}

export function buildPageQuery(query: LibraryQuery): PageStatements {
  const clauses: string[] = [];
  const values: SqlValue[] = [];
  let impossible = false;

  if (query.search !== undefined && query.search.trim() !== '') {
    const match = toFtsQuery(query.search);
    if (match === null) impossible = true;
    else {
      clauses.push('i.seq IN (SELECT rowid FROM library_fts WHERE library_fts MATCH ?)');
      values.push(match);
    }
  }
  if (query.kind !== undefined) {
    clauses.push('i.kind = ?');
    values.push(query.kind);
  }
  if (query.model !== undefined) {
    clauses.push('i.model = ?');
    values.push(query.model);
  }
  if (query.family !== undefined) {
    clauses.push('i.family = ?');
    values.push(query.family);
  }
  if (query.from !== undefined) {
    clauses.push('i.created_at >= ?');
    values.push(query.from);
  }
  if (query.to !== undefined) {
    clauses.push('i.created_at < ?');
    values.push(query.to);
  }
  if (query.favourite !== undefined) {
    clauses.push('i.favourite = ?');
    values.push(query.favourite ? 1 : 0);
  }

  const limit = Math.min(Math.max(Math.trunc(query.limit ?? DEFAULT_PAGE_SIZE), 0), MAX_PAGE_SIZE);
  const offset = Math.max(Math.trunc(query.offset ?? 0), 0);
  return {
    where: impossible ? null : clauses.length ? clauses.join(' AND ') : '1',
    values,
    orderBy: ORDER_BY[query.sort ?? 'newest'],
    limit,
    offset,
  };
}
