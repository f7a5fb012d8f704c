// Tables that keep a record as JSON in a `body` column beside its id, name and time of change (presets,
// styles, recipes): the row is read back through the record's own zod schema, so a row can never say more
// than a file may, and written by one upsert. The owner of each table passes its name; its other SQL stays
// with the owner.
import type { z } from 'zod';
import type { DatabaseSync } from './database';

export interface JsonRow {
  id: string;
  body: string;
  updated_at: number;
}

/** The record a row holds, its id and time of change added to its body. */
export function recordOf<T>(schema: z.ZodType<T>, row: JsonRow): T {
  return schema.parse({ ...(JSON.parse(row.body) as object), id: row.id, updatedAt: row.updated_at });
}

/**
 * Writes `body` under `id` (a new row, or the same row changed), with the columns an owner reads by (name,
 * and a preset's family) beside it.
 */
export function upsertJsonRow(
  db: DatabaseSync,
  table: string,
  id: string,
  columns: Record<string, string>,
  body: unknown,
  now: number,
): void {
  const names = [...Object.keys(columns), 'body', 'updated_at'];
  db.prepare(
    `INSERT INTO ${table} (id, ${names.join(', ')}) VALUES (?, ${names.map(() => '?').join(', ')})
     ON CONFLICT(id) DO UPDATE SET ${names.map((n) => `${n} = excluded.${n}`).join(', ')}`,
  ).run(id, ...Object.values(columns), JSON.stringify(body), now);
}
