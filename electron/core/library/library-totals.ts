// What the items of one library view cost together, in one SQL statement over exactly the filter the view's
// pages are read with (buildPageQuery), so the total can never describe other items than the grid shows.
// Every file of a task carries the task's whole charge ([TASK-8] cost is per task), so charges are summed
// per task (a speech take, which has no task, is its own charge); an item with no known cost is counted
// apart, never as 0.
import type { DatabaseSync } from 'node:sqlite';
import type { CostTotal } from '../../../shared/studio/cost-totals';
import type { LibraryQuery } from '../../../shared/studio/records';
import { FTS_FILTER, buildPageQuery } from './library-query';

interface TotalRow {
  items: number;
  unknown: number;
  usd: number | null;
  credits: number | null;
  usd_only: number | null;
}

export function libraryCostTotal(db: DatabaseSync, query: LibraryQuery): CostTotal {
  const page = buildPageQuery(query);
  if (page.impossible) return { count: 0, usd: null, credits: null, unknown: 0 };
  const where = [...(page.match ? [FTS_FILTER] : []), ...page.filters];
  const values = [...(page.match ? [page.match] : []), ...page.values];
  const whereSql = where.length ? where.join(' AND ') : '1';
  const row = db
    .prepare(
      `WITH shown AS (
         SELECT i.id, i.task_id, i.cost, i.credits_cost FROM library_items i WHERE ${whereSql}
       ),
       charges AS (
         SELECT MAX(cost) AS cost, MAX(credits_cost) AS credits,
           MAX(cost IS NOT NULL AND credits_cost IS NULL) AS usd_only
         FROM shown WHERE cost IS NOT NULL OR credits_cost IS NOT NULL
         GROUP BY COALESCE(task_id, 'item:' || id)
       )
       SELECT (SELECT count(*) FROM shown) AS items,
         (SELECT count(*) FROM shown WHERE cost IS NULL AND credits_cost IS NULL) AS unknown,
         (SELECT SUM(cost) FROM charges) AS usd,
         (SELECT SUM(credits) FROM charges) AS credits,
         (SELECT MAX(usd_only) FROM charges) AS usd_only`,
    )
    .get(...values) as unknown as TotalRow;
  return {
    count: Number(row.items),
    usd: row.usd === null ? null : Number(row.usd),
    credits: row.credits === null || Number(row.usd_only ?? 0) > 0 ? null : Number(row.credits),
    unknown: Number(row.unknown),
  };
}
