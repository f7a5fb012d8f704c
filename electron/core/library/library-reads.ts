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
