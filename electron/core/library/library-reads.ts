// Small reads of the library's tables for modules beside it that hold only the database (the prompt history):
// they ask the library's module instead of naming its tables themselves.
import type { DatabaseSync } from '../db/database';

/** The first item a task made, in the order it was filed. */
export function firstItemOfTask(db: DatabaseSync, taskId: string): { id: string } | null {
  const row = db
    .prepare('SELECT id FROM library_items WHERE task_id = ? ORDER BY seq LIMIT 1')
    .get(taskId) as { id: string } | undefined;
  return row ?? null;
}

/** An item's id and what it cost (a speech take's cost is filed on its item). */
export function itemCost(
  db: DatabaseSync,
  itemId: string,
): { id: string; cost: number | null; credits_cost: number | null } | null {
  const row = db.prepare('SELECT id, cost, credits_cost FROM library_items WHERE id = ?').get(itemId) as
    { id: string; cost: number | null; credits_cost: number | null } | undefined;
  return row ?? null;
}

/** Every item's id (sync marks them all to be compared again when it starts over with a new remote). */
export function libraryItemIds(db: DatabaseSync): string[] {
  return db
    .prepare('SELECT id FROM library_items')
    .all()
    .map((row) => String(row.id));
}

/** Which of these items have no thumbnail yet, in one read. */
export function itemsWithoutThumbnail(db: DatabaseSync, itemIds: readonly string[]): ReadonlySet<string> {
  if (itemIds.length === 0) return new Set();
  const rows = db
    .prepare(
      'SELECT id FROM library_items WHERE thumbnail_path IS NULL AND id IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify(itemIds));
  return new Set(rows.map((row) => String(row.id)));
}

/** Whether an item or a track's cover names this path, as its file or its thumbnail. */
export function indexesPath(db: DatabaseSync, path: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM library_items WHERE path = ?1 OR thumbnail_path = ?1
         UNION ALL SELECT 1 FROM library_covers WHERE path = ?1 OR thumbnail_path = ?1 LIMIT 1`,
      )
      .get(path) !== undefined
  );
}
