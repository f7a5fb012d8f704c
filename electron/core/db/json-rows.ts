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

/** The record a row holds, or null when the row does not parse (written by another build, or by hand). */
export function recordOrNull<T>(schema: z.ZodType<T>, row: JsonRow): T | null {
  try {
    return recordOf(schema, row);
  } catch {
    return null;
  }
}

/**
 * The records of a list's rows, each row that does not parse left out: one bad row (a preset another device
 * sent that this build cannot read, a row edited by hand) must not take every other record's list with it.
 */
export function readableRecords<T>(schema: z.ZodType<T>, rows: readonly JsonRow[]): T[] {
  return rows.flatMap((row) => {
    const record = recordOrNull(schema, row);
    return record === null ? [] : [record];
  });
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
