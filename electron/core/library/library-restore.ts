// Undo's half of a deletion (library-bulk.ts): the files back where they were, then the very rows. The same
// download may have been filed again while the deletion waited (Try again on its task, a refetch): that newer row
// stands (remote_url is unique), and the copy Undo moved back, which no row would name, is handed back to be
// discarded, so Undo never leaves a file the index does not list.
import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { pathExists as exists } from '../path-exists';
import type { Row } from './library-rows';
import { freeName, moveFile } from './trash-port';
import type { Move } from './trash-journal';

/** Files back where they were (beside, under a free name, should something have taken the place). */
export async function moveBack(moved: readonly Move[]): Promise<Map<string, string>> {
  const renamed = new Map<string, string>();
  for (const { from, to } of moved) {
    await mkdir(dirname(from), { recursive: true });
    const target = (await exists(from)) ? await freeName(dirname(from), basename(from), exists) : from;
    await moveFile(to, target);
    if (target !== from) renamed.set(from, target);
  }
  return renamed;
}

export interface RowsBack {
  /** Items in the library again: their own rows, or the rows their download was filed under meanwhile. */
  restored: number;
  /** Files moved back for rows that did not come back (their download was filed again), named by no row. */
  unindexed: string[];
}

/** The rows as they were, at the files' new places; call inside the transaction that ends the journal entry. */
export function putRowsBack(db: DatabaseSync, rows: readonly Row[], renamed: Map<string, string>): RowsBack {
  const seqTaken = db.prepare('SELECT 1 FROM library_items WHERE seq = ?');
  const named = db.prepare(
    `SELECT 1 FROM library_items WHERE path = ?1 OR thumbnail_path = ?1
     UNION ALL SELECT 1 FROM library_covers WHERE path = ?1 OR thumbnail_path = ?1 LIMIT 1`,
  );
  let restored = 0;
  const skipped: string[] = [];
  for (const original of rows) {
    const row: Row = { ...original };
    const path = String(row.path);
    row.path = renamed.get(path) ?? path;
    if (row.thumbnail_path !== null) {
      const thumbnail = String(row.thumbnail_path);
      row.thumbnail_path = renamed.get(thumbnail) ?? thumbnail;
    }
    // The old seq keeps the item's place among items of the same instant; a newer item may have been
    // given it meanwhile (SQLite reuses the highest rowid), then the item takes a fresh one.
    if (seqTaken.get(row.seq ?? null) !== undefined) row.seq = null;
    const columns = Object.keys(row);
    const result = db
      .prepare(
        `INSERT INTO library_items (${columns.map((c) => `"${c}"`).join(', ')})
         VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
      )
      .run(...columns.map((c) => row[c] ?? null));
    // A conflict means the same download was filed again meanwhile: that row stands (so the item is back, and
    // Undo says so), and this one's files are copies no row names.
    restored += 1;
    if (Number(result.changes) === 0) {
      skipped.push(String(row.path));
      if (row.thumbnail_path !== null) skipped.push(String(row.thumbnail_path));
    }
  }
  const unindexed = [...new Set(skipped)].filter((path) => named.get(path) === undefined);
  return { restored, unindexed };
}
