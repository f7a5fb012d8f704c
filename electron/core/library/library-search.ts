// The library's search side: a page of items for a view (filters, sort, full-text search), the models and
// tags to filter by, and what a view's items cost together. Reads only; the page's SQL is built in
// library-query.ts, the cost total's in library-totals.ts, each over the same filter.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { LibraryPage, LibraryQuery, LibraryTagCount } from '../../../shared/studio/records';
import type { CostTotal } from '../../../shared/studio/cost-totals';
import { FTS_FILTER, buildPageQuery } from './library-query';
import { libraryCostTotal } from './library-totals';
import { rowToItem } from './library-rows';
import type { Row, SqlValue } from './library-rows';

/** How many index steps of a walk cost about one row fetched for sorting (measured on the 100k bench). */
const WALK_STEP_ADVANTAGE = 5;

export class LibrarySearch {
  private readonly statements: Record<
    'ftsCount' | 'count' | 'tags' | 'tagsByPrefix' | 'models',
    StatementSync
  >;

  constructor(private readonly db: DatabaseSync) {
    this.statements = {
      ftsCount: db.prepare('SELECT count(*) AS n FROM library_fts WHERE library_fts MATCH ?'),
      count: db.prepare('SELECT count(*) AS n FROM library_items'),
      // Grouped along library_tags' primary key (tag first), so no temporary b-tree for the grouping; a
      // prefix is a range of that key (LIKE on a NOCASE column may use it).
      tags: db.prepare(
        'SELECT min(tag) AS tag, count(*) AS n FROM library_tags GROUP BY tag ORDER BY n DESC, tag LIMIT ?',
      ),
      tagsByPrefix: db.prepare(
        `SELECT min(tag) AS tag, count(*) AS n FROM library_tags WHERE tag LIKE ? ESCAPE '\\'
         GROUP BY tag ORDER BY n DESC, tag LIMIT ?`,
      ),
      // Read along library_items_model_created (model first): a walk of one index, no table rows.
      models: db.prepare('SELECT model, count(*) AS n FROM library_items GROUP BY model ORDER BY model'),
    };
  }

  query(query: LibraryQuery = {}): LibraryPage {
    const page = buildPageQuery(query);
    if (page.impossible) return { items: [], total: 0 };
    const where = [...(page.match ? [FTS_FILTER] : []), ...page.filters];
    const values = [...(page.match ? [page.match] : []), ...page.values];
    const whereSql = where.length ? where.join(' AND ') : '1';
    let total: number;
    let hint = '';
    if (page.match) {
      // FTS5 counts its own matches without touching the items table.
      const matches = Number((this.statements.ftsCount.get(page.match) as { n: number }).n);
      if (matches === 0) return { items: [], total: 0 };
      // Two ways to a page: fetch every match and sort (cost grows with the matches), or walk the sort
      // order's index keeping matches until the page is full (cost grows with (offset + limit) * all /
      // matches index steps, each several times cheaper than a row fetch). A common word takes the walk;
      // a rare one is left to the planner.
      const all = Number((this.statements.count.get() as { n: number }).n);
      if (matches * matches * WALK_STEP_ADVANTAGE >= (page.offset + page.limit) * all) {
        hint = `INDEXED BY ${page.sortIndex}`;
      }
      total = page.filters.length === 0 ? matches : this.count(whereSql, values);
    } else {
      total = this.count(whereSql, values);
    }
    const rows = this.db
      .prepare(
        `SELECT i.* FROM library_items i ${hint} WHERE ${whereSql} ORDER BY ${page.orderBy} LIMIT ? OFFSET ?`,
      )
      .all(...values, page.limit, page.offset) as Row[];
    return { items: rows.map(rowToItem), total };
  }

  /** The models that made the library's items, each with its count: the model filter's choices. */
  models(): { model: string; count: number }[] {
    return (this.statements.models.all() as { model: string; n: number }[]).map((row) => ({
      model: row.model,
      count: Number(row.n),
    }));
  }

  /** What the items of this view (the same filter as query(), all pages) cost together. */
  costTotal(query: LibraryQuery = {}): CostTotal {
    return libraryCostTotal(this.db, query);
  }

  /** The tags in use, most used first, optionally only those starting with a prefix (case-insensitive). */
  tags({
    prefix,
    limit = 200,
  }: { prefix?: string | undefined; limit?: number | undefined } = {}): LibraryTagCount[] {
    const start = prefix?.trim() ?? '';
    const rows = (
      start === ''
        ? this.statements.tags.all(limit)
        : this.statements.tagsByPrefix.all(`${start.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit)
    ) as { tag: string; n: number }[];
    return rows.map((row) => ({ tag: row.tag, count: Number(row.n) }));
  }

  private count(whereSql: string, values: SqlValue[]): number {
    const row = this.db.prepare(`SELECT count(*) AS n FROM library_items i WHERE ${whereSql}`).get(...values);
    return Number((row as { n: number }).n);
  }
}
