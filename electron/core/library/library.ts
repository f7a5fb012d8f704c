// The media library: files grouped by date under one folder, indexed in SQLite. It is the downloader's sink
// (addFromDownload) and the speech service's (addSpeech), and the only code that deletes media files. This
// class is the facade the host, the CLI and the engine hold; each job lives in a module of its own beside it:
// filing new files (library-filing.ts), search (library-search.ts), bulk edits and deletion with undo
// (library-bulk.ts), and what sync does to the index (library-replica.ts). What stays here is one item's
// reads and edits, the folder's rules, and the event fan-out every part writes through.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isInsideFolder, safeBaseName } from '../safe-path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type {
  LibraryItem,
  LibraryPage,
  LibraryQuery,
  LibraryTagCount,
  StudioEvent,
} from '../../../shared/studio/records';
import type { FileSettings } from '../../../shared/studio/file-settings';
import type { TaskStyles } from '../../../shared/studio/presets';
import type { CostTotal } from '../../../shared/studio/cost-totals';
import { UNDO_WINDOW_MS } from '../../../shared/studio/library-selection';
import { systemClock } from '../clock';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import type { DownloadedFile, LibrarySink } from '../downloads/library-sink';
import { ReferenceStore } from '../references/reference-store';
import { writePoster } from '../media/thumbnails';
import { dayFolder } from '../downloads/readable-name';
import { uniqueTags } from './library-tags';
import { rowToItem } from './library-rows';
import type { Row } from './library-rows';
import { LibraryBulk } from './library-bulk';
import { LibraryReplica } from './library-replica';
import { LibraryFiling, fileSettings, isMusicCover, type MadeFile, type SpeechFile } from './library-filing';
import { LibrarySearch } from './library-search';
import { libraryTrashFolder } from './trash-port';
import type { TrashPort } from './trash-port';
import { StrayFiles } from './stray-files';
import { pathExists } from '../path-exists';
import { indexesPath } from './library-reads';
import type { RegionEditPort } from './region-edit-port';

export { uniqueTags };
export type { DownloadedFile, SpeechFile };

export type LibraryEvent = Extract<StudioEvent, { type: 'library' | 'library-bulk' }>;
export type LibraryListener = (event: LibraryEvent) => void;

export interface LibraryOptions {
  db: DatabaseSync;
  /** The library folder; created if missing. */
  dir: string;
  /** ms since epoch; injectable so tests and the bench control dates. */
  now?: () => number;
  /** The reference images items point at; by default the store beside the database file. */
  references?: ReferenceStore;
  /**
   * The tasks a task was made from, written into the file with its settings. Asked when a file is filed, so
   * the engine built after the library can answer; without it files carry an empty list.
   */
  madeFromOf?: (taskId: string) => string[];
  /** The styles a task's prompt was sent with, written into its files' settings; none by default. */
  stylesOf?: (taskId: string) => TaskStyles | null;
  /**
   * Region edits, asked when a file is filed (so the module built after the library can answer through a
   * late-bound port); without it no file is composited.
   */
  regionEdits?: () => RegionEditPort | null;
  /** Where deleted files finally go (the OS trash in the desktop app); the library's .trash folder by default. */
  trash?: TrashPort;
  /** Timers of the undo window of a deletion; the system's by default. */
  timers?: Pick<Clock, 'setTimer'>;
  /** How long a deletion can be undone. */
  undoWindowMs?: number;
  logger?: Logger;
}

export type LibraryUpdate = Partial<Pick<LibraryItem, 'favourite' | 'tags'>>;

/** Kinds whose picture the renderer draws from the file once: a video's frame, a speech take's waveform. */
const DRAWN_KINDS: ReadonlySet<LibraryItem['kind']> = new Set(['video', 'speech']);

export class Library implements LibrarySink {
  readonly dir: string;
  /** Items keep `studio-ref:` values in params; a library file becomes a reference with addFile(path, { link }). */
  readonly references: ReferenceStore;
  /** Favourite, tag, delete (with undo) and read many items at once: library-bulk.ts. */
  readonly bulk: LibraryBulk;
  /** Library sync's side: items from other devices, their edits, and the trash that keeps rows: library-replica.ts. */
  readonly replica: LibraryReplica;
  /** Files in the day folders no item indexes, reported at start and re-indexed or trashed: stray-files.ts. */
  readonly strays: StrayFiles;
  private readonly filing: LibraryFiling;
  private readonly search: LibrarySearch;
  private readonly db: DatabaseSync;
  private readonly now: () => number;
  private readonly madeFromOf: (taskId: string) => string[];
  private readonly stylesOf: (taskId: string) => TaskStyles | null;
  private readonly regionEdits: RegionEditPort;
  private readonly listeners = new Set<LibraryListener>();
  private readonly statements: Record<
    | 'byId'
    | 'byTask'
    | 'byRemoteUrl'
    | 'bySha'
    | 'pathUsers'
    | 'thumbnailUsers'
    | 'coverByUrl'
    | 'update'
    | 'setThumbnail'
    | 'setCost',
    StatementSync
  >;

  constructor(options: LibraryOptions) {
    this.db = options.db;
    this.dir = resolve(options.dir);
    this.now = options.now ?? Date.now;
    this.madeFromOf = options.madeFromOf ?? (() => []);
    this.stylesOf = options.stylesOf ?? (() => null);
    const regionEdits = options.regionEdits ?? (() => null);
    this.regionEdits = {
      settingsFor: (key) => regionEdits()?.settingsFor(key) ?? null,
      composite: async (key, path) => (await regionEdits()?.composite(key, path)) ?? path,
    };
    // Also moves reference images older builds kept inline in items' params into the store (once).
    this.references = options.references ?? ReferenceStore.forDatabase(this.db);
    this.statements = {
      byId: this.db.prepare('SELECT * FROM library_items WHERE id = ?'),
      byTask: this.db.prepare('SELECT * FROM library_items WHERE task_id = ? ORDER BY seq'),
      byRemoteUrl: this.db.prepare('SELECT * FROM library_items WHERE remote_url = ?'),
      bySha: this.db.prepare('SELECT * FROM library_items WHERE sha256 = ? ORDER BY seq LIMIT 1'),
      pathUsers: this.db.prepare('SELECT count(*) AS n FROM library_items WHERE path = ?'),
      // Thumbnails are few per request and the table is a user's own library: a scan is cheap enough.
      thumbnailUsers: this.db.prepare('SELECT 1 FROM library_items WHERE thumbnail_path = ? LIMIT 1'),
      coverByUrl: this.db.prepare('SELECT 1 FROM library_covers WHERE remote_url = ?'),
      update: this.db.prepare('UPDATE library_items SET favourite = :favourite, tags = :tags WHERE id = :id'),
      setThumbnail: this.db.prepare('UPDATE library_items SET thumbnail_path = ? WHERE id = ?'),
      setCost: this.db.prepare('UPDATE library_items SET cost = ?, credits_cost = ? WHERE id = ?'),
    };
    const internals = {
      db: this.db,
      dir: this.dir,
      emit: (event: LibraryEvent) => this.emit(event),
      isInside: (path: string) => this.isInside(path),
    };
    this.filing = new LibraryFiling({
      ...internals,
      now: this.now,
      madeFromOf: this.madeFromOf,
      stylesOf: this.stylesOf,
      regionEdits: this.regionEdits,
    });
    this.search = new LibrarySearch(this.db);
    this.replica = new LibraryReplica(internals);
    const timers = options.timers ?? systemClock;
    const trash = options.trash ?? libraryTrashFolder(this.dir, pathExists);
    this.strays = new StrayFiles({
      db: this.db,
      dir: this.dir,
      file: (found) => this.filing.fileFound(found),
      trash,
    });
    this.bulk = new LibraryBulk(internals, {
      trash,
      clock: { now: this.now, setTimer: (ms, fn) => timers.setTimer(ms, fn) },
      undoWindowMs: options.undoWindowMs ?? UNDO_WINDOW_MS,
      ...(options.logger ? { logger: options.logger } : {}),
    });
  }

  /** The settings a file of this item carries (and an export writes beside it): shared/studio/file-settings.ts. */
  settingsOf(item: LibraryItem): FileSettings {
    const { taskId } = item;
    return taskId === null
      ? fileSettings(item, [])
      : fileSettings(
          item,
          this.madeFromOf(taskId),
          this.stylesOf(taskId),
          item.batch ? this.regionEdits.settingsFor(item.batch.id) : null,
        );
  }

  /**
   * Whether this absolute path is a file of the library: an item's file or its thumbnail. The media servers
   * serve nothing else, whatever else lies in the folder (an allow-list, as Signal Desktop's protocol filter).
   */
  isLibraryFile(path: string): boolean {
    const { n } = this.statements.pathUsers.get(path) as { n: number };
    return n > 0 || this.statements.thumbnailUsers.get(path) !== undefined;
  }

  subscribe(listener: LibraryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Where a new file of this library should go: `<dir>/<YYYY-MM-DD>/<name>`, the folder created. */
  async allocatePath(name: string, at = this.now()): Promise<string> {
    const folder = join(this.dir, dayFolder(at));
    await mkdir(folder, { recursive: true });
    return join(folder, safeBaseName(name));
  }

  /** Lets the downloader skip a URL whose file is already filed. */
  has(remoteUrl: string): boolean {
    return (
      this.statements.byRemoteUrl.get(remoteUrl) !== undefined ||
      this.statements.coverByUrl.get(remoteUrl) !== undefined
    );
  }

  /** Whether an item or a cover names this path: the downloader removes only what nothing names. */
  indexes(path: string): boolean {
    return indexesPath(this.db, path);
  }

  /** Which of these remote URLs are filed (an item's, or a music track's cover), in one read. */
  filedUrls(remoteUrls: readonly string[]): ReadonlySet<string> {
    if (remoteUrls.length === 0) return new Set();
    const rows = this.db
      .prepare(
        `SELECT remote_url AS url FROM library_items WHERE remote_url IN (SELECT value FROM json_each(?1))
         UNION SELECT remote_url FROM library_covers WHERE remote_url IN (SELECT value FROM json_each(?1))`,
      )
      .all(JSON.stringify(remoteUrls));
    return new Set(rows.map((row) => String(row.url)));
  }

  /** Every item made by a local task, in the order they were filed. */
  forTask(taskId: string): LibraryItem[] {
    return (this.statements.byTask.all(taskId) as Row[]).map(rowToItem);
  }

  get(id: string): LibraryItem | null {
    return this.itemOf(this.statements.byId.get(id));
  }

  /** The first item holding these bytes (a reference taken from the library has its item's sha256). */
  bySha256(sha256: string): LibraryItem | null {
    return this.itemOf(this.statements.bySha.get(sha256));
  }

  /** The item downloaded from this gateway link (a video passed on to a family that takes video URLs). */
  byRemoteUrl(url: string): LibraryItem | null {
    return this.itemOf(this.statements.byRemoteUrl.get(url));
  }

  /** LibrarySink: the file is filed; where it lies now, when filing renamed it (a region edit's take). */
  async addFromDownload(download: DownloadedFile): Promise<string> {
    if (isMusicCover(download)) {
      await this.filing.fileCover(download);
      return download.path;
    }
    return (await this.filing.fileDownload(download)).path;
  }

  /** Files a finished download; a URL already filed returns the existing item and drops the new copy. */
  fileDownload(download: DownloadedFile): Promise<LibraryItem> {
    return this.filing.fileDownload(download);
  }

  addSpeech(speech: SpeechFile): Promise<LibraryItem> {
    return this.filing.fileSpeech(speech);
  }

  /** Files a file the studio made here from library items (a storyboard's cut). */
  addMade(made: MadeFile): Promise<LibraryItem> {
    return this.filing.fileMade(made);
  }

  query(query: LibraryQuery = {}): LibraryPage {
    return this.search.query(query);
  }

  /** The models that made the library's items, each with its count: the model filter's choices. */
  models(): { model: string; count: number }[] {
    return this.search.models();
  }

  /** What the items of this view (the same filter as query(), all pages) cost together. */
  costTotal(query: LibraryQuery = {}): CostTotal {
    return this.search.costTotal(query);
  }

  /** The tags in use, most used first, optionally only those starting with a prefix (case-insensitive). */
  tags(options: { prefix?: string | undefined; limit?: number | undefined } = {}): LibraryTagCount[] {
    return this.search.tags(options);
  }

  update(id: string, change: LibraryUpdate): LibraryItem | null {
    const current = this.get(id);
    if (!current) return null;
    const next: LibraryItem = {
      ...current,
      favourite: change.favourite ?? current.favourite,
      tags: change.tags ? uniqueTags(change.tags) : current.tags,
    };
    this.statements.update.run({ id, favourite: next.favourite ? 1 : 0, tags: JSON.stringify(next.tags) });
    this.emit({ type: 'library', item: next, change: 'updated' });
    return next;
  }

  /**
   * A picture the renderer drew from the file the first time its tile showed (a video's poster frame, a speech
   * take's waveform) becomes the item's thumbnail. An item that already has a picture (a poster, or a music
   * video's cover) keeps it: null then, as for an unknown id or a kind that is not drawn from its file.
   */
  async setPoster(id: string, frame: Uint8Array): Promise<LibraryItem | null> {
    const current = this.get(id);
    if (!current || !DRAWN_KINDS.has(current.kind) || current.thumbnailPath !== null) return null;
    const thumbnailPath = await writePoster(current.path, frame);
    this.statements.setThumbnail.run(thumbnailPath, id);
    const next: LibraryItem = { ...current, thumbnailPath };
    this.emit({ type: 'library', item: next, change: 'updated' });
    return next;
  }

  /** What an item cost, learnt after it was filed (a speech take's, from the usage report). */
  setCost(id: string, cost: number, creditsCost: number | null): LibraryItem | null {
    const current = this.get(id);
    if (!current) return null;
    this.statements.setCost.run(cost, creditsCost, id);
    const next: LibraryItem = { ...current, cost, creditsCost };
    this.emit({ type: 'library', item: next, change: 'updated' });
    return next;
  }

  private itemOf(row: unknown): LibraryItem | null {
    return row ? rowToItem(row as Row) : null;
  }

  private isInside(path: string): boolean {
    return isInsideFolder(this.dir, path);
  }

  private emit(event: LibraryEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One broken subscriber must not stop the others or fail the filing.
      }
    }
  }
}
