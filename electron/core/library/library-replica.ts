// What library sync does to the index, kept with the library that owns it: items that came from another device
// (filed with their file on the remote only until it is fetched), their edits, and a trash that keeps what it
// takes (row and file) until it is restored: a deletion on another device lands here, and so does the CLI's
// `library trash`, so `library restore` can bring either back at any time, with the very row it had.
import { mkdir } from 'node:fs/promises';
import { pathExists as exists } from '../path-exists';
import { basename, dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { LibraryItem, StudioEvent } from '../../../shared/studio/records';
import { transaction } from '../db';
import { ITEM_COLUMNS, itemToParams, rowToItem } from './library-rows';
import type { Row } from './library-rows';
import { TRASH_FOLDER, freeName, moveFile } from './trash-port';
import { isInsideFolder, safeBaseName } from '../safe-path';

/** Where the kept trash holds each item's files: `<library>/.trash/kept/<item id>/`. */
export const KEPT_FOLDER = 'kept';

export interface ReplicaInternals {
  db: DatabaseSync;
  dir: string;
  emit: (event: Extract<StudioEvent, { type: 'library' | 'library-bulk' }>) => void;
  isInside: (path: string) => boolean;
}

export interface ReplicaFields {
  favourite: boolean;
  tags: string[];
  title: string | null;
  cost: number | null;
  creditsCost: number | null;
}

export class LibraryReplica {
  constructor(private readonly lib: ReplicaInternals) {}

  get(id: string): LibraryItem | null {
    const row = this.lib.db.prepare('SELECT * FROM library_items WHERE id = ?').get(id) as Row | undefined;
    return row ? rowToItem(row) : null;
  }

  isTrashed(id: string): boolean {
    return this.lib.db.prepare('SELECT 1 FROM library_trash WHERE id = ?').get(id) !== undefined;
  }

  /** Files an item another device made; false when this id (or its gateway link) is already filed. */
  insert(item: LibraryItem): boolean {
    const columns = ITEM_COLUMNS.join(', ');
    const values = ITEM_COLUMNS.map((c) => `:${c}`).join(', ');
    const insert = this.lib.db.prepare(
      `INSERT INTO library_items (${columns}) VALUES (${values}) ON CONFLICT DO NOTHING`,
    );
    let changes = Number(insert.run(itemToParams(item)).changes);
    // The same gateway link filed under another id here (two devices downloaded one result): keep both rows.
    if (changes === 0 && !this.get(item.id))
      changes = Number(insert.run(itemToParams({ ...item, remoteUrl: null })).changes);
    if (changes > 0) this.lib.emit({ type: 'library', item, change: 'added' });
    return changes > 0;
  }

  /** Sets an item's mergeable fields; answers whether anything changed. */
  setFields(id: string, fields: ReplicaFields): boolean {
    const current = this.get(id);
    if (!current) return false;
    const same =
      current.favourite === fields.favourite &&
      JSON.stringify(current.tags) === JSON.stringify(fields.tags) &&
      current.title === fields.title &&
      current.cost === fields.cost &&
      current.creditsCost === fields.creditsCost;
    if (same) return false;
    this.lib.db
      .prepare(
        'UPDATE library_items SET favourite = ?, tags = ?, title = ?, cost = ?, credits_cost = ? WHERE id = ?',
      )
      .run(
        fields.favourite ? 1 : 0,
        JSON.stringify(fields.tags),
        fields.title,
        fields.cost,
        fields.creditsCost,
        id,
      );
    this.lib.emit({ type: 'library', item: { ...current, ...fields }, change: 'updated' });
    return true;
  }

  /** The file of a remote-only item is now on disk (verified) at this path. */
  markFetched(id: string, path: string): LibraryItem | null {
    this.lib.db.prepare('UPDATE library_items SET remote_only = 0, path = ? WHERE id = ?').run(path, id);
    const item = this.get(id);
    if (item) this.lib.emit({ type: 'library', item, change: 'updated' });
    return item;
  }

  setThumbnail(id: string, thumbnailPath: string): void {
    this.lib.db.prepare('UPDATE library_items SET thumbnail_path = ? WHERE id = ?').run(thumbnailPath, id);
    const item = this.get(id);
    if (item) this.lib.emit({ type: 'library', item, change: 'updated' });
  }

  /** Every item whose file is on the remote only. */
  remoteOnly(): LibraryItem[] {
    return (
      this.lib.db.prepare('SELECT * FROM library_items WHERE remote_only = 1 ORDER BY seq').all() as Row[]
    ).map(rowToItem);
  }

  /**
   * Takes an item out of the library into the kept trash: its files (unless another item shares them) move to
   * `.trash/kept/<id>/`, then the row moves to library_trash in one transaction. Safe to repeat after a crash
   * between the two: a file already moved is found where it went.
   */
  async trash(id: string): Promise<boolean> {
    const item = this.get(id);
    if (!item) return false;
    // The item's id names its folder in the kept trash: only an id that is one plain name may (safe-path.ts).
    const keptRoot = join(this.lib.dir, TRASH_FOLDER, KEPT_FOLDER);
    const kept = join(keptRoot, safeBaseName(id, 'item'));
    if (!isInsideFolder(keptRoot, kept)) return false;
    const file = await this.#keep(item.remoteOnly ? null : item.path, join(kept, basename(item.path)), id);
    const thumb = await this.#keep(
      item.thumbnailPath,
      join(kept, 'thumbnail', basename(item.thumbnailPath ?? 't')),
      id,
    );
    transaction(this.lib.db, () => {
      const row = this.lib.db.prepare('SELECT * FROM library_items WHERE id = ?').get(id) as Row;
      this.lib.db
        .prepare(
          'INSERT OR REPLACE INTO library_trash (id, row, trashed_at, kept_file, kept_thumbnail) VALUES (?, ?, ?, ?, ?)',
        )
        .run(id, JSON.stringify(row), Date.now(), file, thumb);
      this.lib.db.prepare('DELETE FROM library_items WHERE id = ?').run(id);
    });
    this.lib.emit({ type: 'library', item, change: 'deleted' });
    return true;
  }

  async #keep(path: string | null, target: string, id: string): Promise<string | null> {
    if (path === null || !this.lib.isInside(path) || !this.lib.isInside(target)) return null;
    const users = this.lib.db
      .prepare(
        'SELECT count(*) AS n FROM library_items WHERE (path = ?1 OR thumbnail_path = ?1) AND id <> ?2',
      )
      .get(path, id) as { n: number };
    if (Number(users.n) > 0) return null;
    if (await exists(path)) {
      await mkdir(dirname(target), { recursive: true });
      await moveFile(path, target);
    }
    return (await exists(target)) ? target : null;
  }

  /** Brings an item back from the kept trash (files and the very row); null when it is not there. */
  async restore(id: string): Promise<LibraryItem | null> {
    const trashed = this.lib.db.prepare('SELECT * FROM library_trash WHERE id = ?').get(id) as
      { row: string; kept_file: string | null; kept_thumbnail: string | null } | undefined;
    if (!trashed) return this.get(id);
    const row = JSON.parse(trashed.row) as Row;
    const path = String(row.path);
    row.path = await this.#unkeep(trashed.kept_file, path);
    if (row.thumbnail_path !== null)
      row.thumbnail_path = await this.#unkeep(trashed.kept_thumbnail, String(row.thumbnail_path));
    // A file that is nowhere on disk (never fetched, or removed by hand) is fetched from the remote again; one
    // whose path is not inside the library is never looked for there.
    if (!this.lib.isInside(String(row.path)) || !(await exists(String(row.path)))) row.remote_only = 1;
    transaction(this.lib.db, () => {
      if (this.lib.db.prepare('SELECT 1 FROM library_items WHERE seq = ?').get(row.seq ?? null) !== undefined)
        row.seq = null;
      const columns = Object.keys(row);
      this.lib.db
        .prepare(
          `INSERT INTO library_items (${columns.map((c) => `"${c}"`).join(', ')})
           VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
        )
        .run(...columns.map((c) => row[c] ?? null));
      this.lib.db.prepare('DELETE FROM library_trash WHERE id = ?').run(id);
    });
    const item = this.get(id);
    if (item) this.lib.emit({ type: 'library', item, change: 'added' });
    return item;
  }

  /** Moves a kept file back; both ends must lie inside the library (a row of the trash is data, not a plan). */
  async #unkeep(kept: string | null, original: string): Promise<string> {
    if (kept === null || !this.lib.isInside(kept) || !this.lib.isInside(original)) return original;
    if (!(await exists(kept))) return original;
    await mkdir(dirname(original), { recursive: true });
    const target = (await exists(original))
      ? await freeName(dirname(original), basename(original), exists)
      : original;
    await moveFile(kept, target);
    return target;
  }
}
