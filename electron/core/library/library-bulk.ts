// Bulk actions on a selection of library items: favourite, tags and
// delete, each one statement or one transaction however many items are selected, and one event for all of
// them. Delete is two steps so it can be undone exactly: the deletion is journaled (trash-journal.ts), its files
// move into a pending folder inside the library (a rename, instant), then the rows leave the index; only when
// the undo window has passed do the files go on to the trash (the OS trash in the desktop app, the library's
// .trash folder elsewhere). Undo within the window moves the files back and puts the very rows back (same id,
// seq, tags, favourite, made-from, cost). A crash anywhere in this is finished or rolled back at the next start.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { pathExists as exists } from '../path-exists';
import { basename, dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { LibraryItem, StudioEvent } from '../../../shared/studio/records';
import type { LibraryFilter, LibrarySelection } from '../../../shared/studio/library-selection';
import type { Clock } from '../clock';
import { transaction } from '../db';
import { describeThrown, silentLogger } from '../log';
import type { Logger } from '../log';
import { FTS_FILTER, buildPageQuery } from './library-query';
import { rowToItem } from './library-rows';
import { uniqueTags } from './library-tags';
import type { Row, SqlValue } from './library-rows';
import { TRASH_FOLDER, libraryTrashFolder, moveFile } from './trash-port';
import { moveBack, putRowsBack, type RowsBack } from './library-restore';
import { TrashJournal, recoverDeletions } from './trash-journal';
import type { Move as Moved, PendingDeletion as PendingBatch } from './trash-journal';
import type { TrashPort } from './trash-port';

/** Where deleted files wait out the undo window: inside the trash folder, so a crash leaves them findable. */
export const PENDING_FOLDER = '.undo';

/** What the library lends its bulk actions: its database, folder and event fan-out. */
export interface BulkInternals {
  db: DatabaseSync;
  dir: string;
  emit: (event: Extract<StudioEvent, { type: 'library-bulk' }>) => void;
  isInside: (path: string) => boolean;
}

export interface BulkOptions {
  /** Where files go once their deletion can no longer be undone; the library's .trash folder by default. */
  trash?: TrashPort;
  clock: Pick<Clock, 'now' | 'setTimer'>;
  undoWindowMs: number;
  logger?: Logger;
}

export interface TagEdit {
  add: string[];
  remove: string[];
}

/** What a deletion answers: how to undo it, until when, and where the files will end up. */
export interface TrashReceipt {
  /** null when nothing was deleted (the selection named no existing item). */
  undoId: string | null;
  count: number;
  /** ms since epoch: after this the files are on their way to the trash and Undo answers too late. */
  undoUntil: number;
  trash: TrashPort['kind'];
}

export class LibraryBulk {
  readonly #lib: BulkInternals;
  readonly #trash: TrashPort;
  readonly #clock: BulkOptions['clock'];
  readonly #windowMs: number;
  readonly #logger: Logger;
  readonly #pending = new Map<string, PendingBatch>();
  readonly #journal: TrashJournal;

  constructor(internals: BulkInternals, options: BulkOptions) {
    this.#lib = internals;
    this.#trash = options.trash ?? libraryTrashFolder(internals.dir, exists);
    this.#clock = options.clock;
    this.#windowMs = options.undoWindowMs;
    this.#logger = options.logger ?? silentLogger;
    this.#journal = new TrashJournal(internals.db, () => options.clock.now());
  }

  /** Where deleted files end up: the OS trash or the library's trash folder. */
  get trashKind(): TrashPort['kind'] {
    return this.#trash.kind;
  }

  /**
   * The ids a selection names that exist now: picked ids in the order given, or every item matching the
   * filter (in its sort order) but the excepted ones. The filter is the grid's own (buildPageQuery), so "all"
   * means exactly what the grid would page through.
   */
  resolve(selection: LibrarySelection): string[] {
    if ('ids' in selection) {
      const wanted = [...new Set(selection.ids)];
      const found = new Set(
        this.#lib.db
          .prepare('SELECT id FROM library_items WHERE id IN (SELECT value FROM json_each(?))')
          .all(JSON.stringify(wanted))
          .map((row) => String(row.id)),
      );
      return wanted.filter((id) => found.has(id));
    }
    const except = new Set(selection.except);
    return this.#matching(selection.filter).filter((id) => !except.has(id));
  }

  #matching(filter: LibraryFilter): string[] {
    const page = buildPageQuery({ ...filter, limit: 1, offset: 0 });
    if (page.impossible) return [];
    const where = [...(page.match ? [FTS_FILTER] : []), ...page.filters];
    const values: SqlValue[] = [...(page.match ? [page.match] : []), ...page.values];
    return this.#lib.db
      .prepare(
        `SELECT i.id FROM library_items i WHERE ${where.length ? where.join(' AND ') : '1'} ORDER BY ${page.orderBy}`,
      )
      .all(...values)
      .map((row) => String(row.id));
  }

  /** The selected items themselves, in the selection's order (export reads them). */
  items(selection: LibrarySelection): LibraryItem[] {
    const ids = this.resolve(selection);
    const byId = new Map(this.#rows(ids).map((row) => [String(row.id), rowToItem(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  #rows(ids: readonly string[]): Row[] {
    return this.#lib.db
      .prepare('SELECT * FROM library_items WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids)) as Row[];
  }

  /** Marks or unmarks every selected item as a favourite in one statement; answers how many were selected. */
  setFavourite(selection: LibrarySelection, favourite: boolean): number {
    const ids = this.resolve(selection);
    if (ids.length === 0) return 0;
    this.#lib.db
      .prepare('UPDATE library_items SET favourite = ? WHERE id IN (SELECT value FROM json_each(?))')
      .run(favourite ? 1 : 0, JSON.stringify(ids));
    this.#lib.emit({ type: 'library-bulk', change: 'updated', count: ids.length });
    return ids.length;
  }

  /** Adds and removes tags on every selected item (each keeps its other tags), in one transaction. */
  editTags(selection: LibrarySelection, edit: TagEdit): number {
    const add = uniqueTags(edit.add);
    // Tags compare without case (library_tags is NOCASE): taking off "fox" takes off "Fox" too.
    const remove = new Set(uniqueTags(edit.remove).map((t) => t.toLowerCase()));
    const ids = this.resolve(selection);
    if (ids.length === 0 || (add.length === 0 && remove.size === 0)) return 0;
    const update = this.#lib.db.prepare('UPDATE library_items SET tags = ? WHERE id = ?');
    this.#transaction(() => {
      for (const row of this.#rows(ids)) {
        const item = rowToItem(row);
        const next = uniqueTags([...item.tags.filter((t) => !remove.has(t.toLowerCase())), ...add]);
        if (next.join('\u0000') !== item.tags.join('\u0000')) update.run(JSON.stringify(next), item.id);
      }
    });
    this.#lib.emit({ type: 'library-bulk', change: 'updated', count: ids.length });
    return ids.length;
  }

  /**
   * Takes the selected items out of the library: their rows go now, their files wait in the pending folder
   * until the undo window ends. A file another item still shares (same bytes) stays where it is.
   */
  async trash(selection: LibrarySelection): Promise<TrashReceipt> {
    const ids = this.resolve(selection);
    const undoUntil = this.#clock.now() + this.#windowMs;
    if (ids.length === 0) return { undoId: null, count: 0, undoUntil, trash: this.#trash.kind };
    const rows = this.#rows(ids);
    const id = randomUUID();
    const dir = join(this.#lib.dir, TRASH_FOLDER, PENDING_FOLDER, id);
    // One folder per file keeps its own name, which is what the user then finds in the trash.
    const planned = this.#unusedFiles(rows, ids).map((from, i) => ({
      from,
      to: join(dir, String(i + 1), basename(from)),
    }));
    // Written before a file moves: a crash from here on is rolled back or finished by the next start.
    this.#journal.begin({ id, rows, moves: planned, dir, undoUntil });
    const moved: Moved[] = [];
    try {
      for (const move of planned) {
        await mkdir(dirname(move.to), { recursive: true });
        try {
          await moveFile(move.from, move.to);
        } catch (error) {
          // Already gone from disk (removed by hand): nothing to keep, nothing to bring back.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        moved.push(move);
      }
    } catch (error) {
      // A file that cannot be moved (permissions, a locked file): put everything back, lose nothing.
      await moveBack(moved);
      this.#journal.end(id);
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    this.#transaction(() => {
      this.#lib.db
        .prepare('DELETE FROM library_items WHERE id IN (SELECT value FROM json_each(?))')
        .run(JSON.stringify(ids));
      this.#journal.committed(id, moved);
    });
    this.#wait({ id, dir, rows, moved, undoUntil });
    this.#lib.emit({ type: 'library-bulk', change: 'deleted', count: rows.length });
    return { undoId: id, count: rows.length, undoUntil, trash: this.#trash.kind };
  }

  /**
   * Files of these rows (about to be removed) that no other item uses: each path once, its thumbnail too
   * unless another item or a music track's cover still shows it.
   */
  #unusedFiles(rows: readonly Row[], ids: readonly string[]): string[] {
    const db = this.#lib.db;
    const others = JSON.stringify(ids);
    const pathUsed = db.prepare(
      'SELECT 1 FROM library_items WHERE path = ? AND id NOT IN (SELECT value FROM json_each(?)) LIMIT 1',
    );
    const thumbnailUsed = db.prepare(
      `SELECT 1 FROM library_items WHERE thumbnail_path = ?1 AND id NOT IN (SELECT value FROM json_each(?2))
       UNION ALL SELECT 1 FROM library_covers WHERE thumbnail_path = ?1 LIMIT 1`,
    );
    const files = new Set<string>();
    for (const row of rows) {
      const path = String(row.path);
      if (this.#lib.isInside(path) && pathUsed.get(path, others) === undefined) files.add(path);
      const thumbnail = row.thumbnail_path === null ? null : String(row.thumbnail_path);
      if (thumbnail && this.#lib.isInside(thumbnail) && thumbnailUsed.get(thumbnail, others) === undefined) {
        files.add(thumbnail);
      }
    }
    return [...files];
  }

  /**
   * Brings a deletion back while its window is open: the files to where they were (beside, under a free name,
   * should something have taken the place meanwhile) and the rows as they were. null when it is too late.
   */
  async undo(undoId: string): Promise<number | null> {
    const batch = this.#pending.get(undoId);
    if (!batch) return null;
    this.#pending.delete(undoId);
    batch.timer.cancel();
    this.#journal.restoring(undoId);
    const restored = await this.#restore(batch.rows, batch.moved, undoId);
    await rm(batch.dir, { recursive: true, force: true });
    this.#lib.emit({ type: 'library-bulk', change: 'restored', count: restored });
    return restored;
  }

  /**
   * The files back, then the rows, in the transaction that ends the deletion's journal entry; a copy whose
   * download was filed again meanwhile goes to the trash instead of staying unindexed (library-restore.ts).
   */
  async #restore(rows: readonly Row[], moved: readonly Moved[], journalId: string): Promise<number> {
    const renamed = await moveBack(moved);
    let back: RowsBack = { restored: 0, unindexed: [] };
    this.#transaction(() => {
      back = putRowsBack(this.#lib.db, rows, renamed);
      this.#journal.end(journalId);
    });
    for (const path of back.unindexed) await this.#discard(path);
    return back.restored;
  }

  /** The undo window of one deletion ended: its files go on to the trash. */
  async #finish(id: string): Promise<void> {
    const batch = this.#pending.get(id);
    if (!batch) return;
    this.#pending.delete(id);
    await this.#discardFolder(batch.dir);
    // A library closed meanwhile (a timer outliving it): the next start finds the entry and ends it.
    if (this.#lib.db.isOpen) this.#journal.end(id);
  }

  /**
   * Every file waiting in a pending folder (`<batch>/<n>/<name>`) goes to the trash; one that cannot stays
   * where it is and is reported, and the folders are removed only once empty.
   */
  async #discardFolder(dir: string): Promise<void> {
    const slots = await readdir(dir).catch(() => []);
    for (const slot of slots) {
      const slotDir = join(dir, slot);
      for (const name of await readdir(slotDir).catch(() => [])) {
        await this.#discard(join(slotDir, name));
      }
      await rmdir(slotDir).catch(() => undefined);
    }
    await rmdir(dir).catch(() => undefined);
  }

  /** One file to the trash; one that cannot go stays where it is and is reported. */
  async #discard(path: string): Promise<void> {
    try {
      await this.#trash.discard(path);
    } catch (error) {
      this.#logger.warn('library: a deleted file could not be moved to the trash; it is kept', {
        path,
        error: describeThrown(error),
      });
    }
  }

  /** Ends every open undo window now (the library is closing or moving): the files go to the trash. */
  async flush(): Promise<void> {
    const batches = [...this.#pending.values()];
    this.#pending.clear();
    for (const batch of batches) {
      batch.timer.cancel();
      await this.#discardFolder(batch.dir);
      this.#journal.end(batch.id);
    }
  }

  /**
   * Pending folders a previous run left (it stopped inside an undo window): their rows are gone, so their files
   * go on to the trash. A folder younger than the window may belong to another process's open window: kept.
   */
  async sweep(): Promise<void> {
    await this.#recover();
    const root = join(this.#lib.dir, TRASH_FOLDER, PENDING_FOLDER);
    // No pending folder: nothing was left.
    for (const name of await readdir(root).catch(() => [])) {
      if (this.#pending.has(name)) continue;
      const dir = join(root, name);
      const info = await stat(dir).catch(() => null);
      if (!info?.isDirectory() || this.#clock.now() - info.mtimeMs < this.#windowMs) continue;
      await this.#discardFolder(dir);
    }
  }

  /** Deletions a stopped process left half done: finished or rolled back (trash-journal.ts). */
  async #recover(): Promise<void> {
    await recoverDeletions(this.#journal, {
      mine: (id) => this.#pending.has(id),
      now: () => this.#clock.now(),
      moveBack: (moved) => moveBack(moved),
      restore: async (entry, away) => {
        const count = await this.#restore(entry.rows, away, entry.id);
        this.#lib.emit({ type: 'library-bulk', change: 'restored', count });
      },
      keep: (entry) => this.#wait({ ...entry, moved: entry.moves, recovered: true }),
      discard: (dir) => this.#discardFolder(dir),
    });
  }

  /** A deletion's undo window, open until its end: then its files go to the trash. */
  #wait(batch: Omit<PendingBatch, 'timer'>): void {
    const timer = this.#clock.setTimer(
      Math.max(0, batch.undoUntil - this.#clock.now()),
      () => void this.#finish(batch.id),
    );
    this.#pending.set(batch.id, { ...batch, timer });
  }

  /** Deletions a restart found inside their undo window (their toast is gone): what Undo can still bring back. */
  openUndos(): { undoId: string; count: number; undoUntil: number }[] {
    const found = [...this.#pending.values()].filter((b) => b.recovered);
    return found.map((b) => ({ undoId: b.id, count: b.rows.length, undoUntil: b.undoUntil }));
  }

  #transaction(run: () => void): void {
    transaction(this.#lib.db, run);
  }
}
