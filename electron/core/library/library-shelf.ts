// Starting an empty library in another folder without losing the one in use. The library's index lives in one
// database whatever the folder, so the rows of the library being left (its items, music covers and kept trash)
// are shelved under its folder, and the rows shelved under the folder being opened, if any, come back. A row is
// always in exactly one place, live or shelved, so the index stays the one source of truth: switching back to the
// old folder shows its library again as it was. The files never move; each library's files stay in its folder.
// Tags and search follow the items through their triggers (library-migrations.ts); task history is global.
import { resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db';

export const LIBRARY_SHELF_MIGRATION = {
  id: 'library-shelves',
  up: `
CREATE TABLE library_shelves (
  seq INTEGER PRIMARY KEY,
  folder TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('library_items', 'library_covers', 'library_trash')),
  row TEXT NOT NULL
) STRICT;
CREATE INDEX library_shelves_folder ON library_shelves (folder);
`,
};

/** The library's own tables, in the order their rows come back (items first: nothing refers to a cover's row). */
const TABLES = ['library_items', 'library_covers', 'library_trash'] as const;
type ShelfTable = (typeof TABLES)[number];

/** A folder as the shelf keys it: absolute, as the settings name it. */
const keyOf = (folder: string): string => resolve(folder);

/** How many items wait on the shelf for `folder` (a library started there earlier and left). */
export function shelvedItems(db: DatabaseSync, folder: string): number {
  const row = db
    .prepare("SELECT count(*) AS n FROM library_shelves WHERE folder = ? AND kind = 'library_items'")
    .get(keyOf(folder)) as { n: number };
  return Number(row.n);
}

/**
 * Shelves the library in use under `from` and brings back the one shelved under `to` (none: an empty library),
 * in one transaction: a crash leaves either the old library live or the new one, never half of each.
 */
export function switchLibrary(db: DatabaseSync, from: string, to: string): void {
  transaction(db, () => {
    const shelve = db.prepare('INSERT INTO library_shelves (folder, kind, row) VALUES (?, ?, ?)');
    for (const table of TABLES) {
      for (const row of db.prepare(`SELECT * FROM ${table}`).all()) {
        shelve.run(keyOf(from), table, JSON.stringify(row));
      }
      // The items' delete triggers take their tags and search entries with them.
      db.exec(`DELETE FROM ${table}`);
    }
    const shelved = db
      .prepare('SELECT seq, kind, row FROM library_shelves WHERE folder = ? ORDER BY seq')
      .all(keyOf(to)) as { seq: number; kind: ShelfTable; row: string }[];
    for (const table of TABLES) {
      for (const entry of shelved.filter((s) => s.kind === table)) unshelve(db, table, entry.row);
    }
    db.prepare('DELETE FROM library_shelves WHERE folder = ?').run(keyOf(to));
  });
}

function unshelve(db: DatabaseSync, table: ShelfTable, json: string): void {
  const row = JSON.parse(json) as Record<string, string | number | null>;
  // An item takes a fresh seq (the new library's items may hold its old one); its triggers index it again.
  if (table === 'library_items') delete row.seq;
  const columns = Object.keys(row);
  const names = columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ');
  const marks = columns.map(() => '?').join(', ');
  db.prepare(`INSERT INTO ${table} (${names}) VALUES (${marks})`).run(...columns.map((c) => row[c] ?? null));
}
