// What the spending ledger needs of the tasks table, asked of its owner: which gateway a task was sent to, and
// what the tasks sent to one gateway in a window cost (or, not charged yet, were asked to do).
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { DatabaseSync } from '../db/database';

export interface TaskCostRow {
  family: FamilyId;
  model: string;
  /** The request's parameters as stored (JSON). */
  params: string;
  state: string;
  cost: number | null;
  credits_cost: number | null;
  /** The kept error's code: NEVER_SENT_CODE marks a row held because it provably never left. */
  error_code: string | null;
}

/** Marks a new task row as sent to this gateway, so its money counts there and nowhere else. */
export function stampTaskGateway(db: DatabaseSync, taskId: string, gatewayKey: string): void {
  db.prepare('UPDATE tasks SET gateway = ? WHERE id = ?').run(gatewayKey, taskId);
}

/** The tasks created in [start, end) on this gateway, with what each cost when the gateway said. */
export function taskCostsBetween(
  db: DatabaseSync,
  gatewayKey: string,
  window: { start: number; end: number },
): TaskCostRow[] {
  return db
    .prepare(
      `SELECT family, model, params, state, cost, credits_cost, json_extract(error, '$.code') AS error_code
       FROM tasks
       WHERE gateway = ? AND created_at >= ? AND created_at < ?`,
    )
    .all(gatewayKey, window.start, window.end) as unknown as TaskCostRow[];
}

/** A task's state and what it cost, for a reader outside the engine (the prompt history's list). */
export function taskOutcome(
  db: DatabaseSync,
  taskId: string,
): { state: string; cost: number | null; credits_cost: number | null } | null {
  const row = db.prepare('SELECT state, cost, credits_cost FROM tasks WHERE id = ?').get(taskId) as
    { state: string; cost: number | null; credits_cost: number | null } | undefined;
  return row ?? null;
}
