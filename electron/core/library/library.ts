// The media library: files grouped by date under one folder, indexed in SQLite. It is the downloader's sink
// (addFromDownload) and the speech service's (addSpeech), and the only code that deletes media files.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { MediaKind } from '../../../shared/gateway/normalized';
import type {
  LibraryItem,
  LibraryKind,
  LibraryPage,
  LibraryQuery,
  LibraryTagCount,
  StudioEvent,
} from '../../../shared/studio/records';
import { FILE_SETTINGS_KEY, FILE_SETTINGS_VERSION } from '../../../shared/studio/file-settings';
import type { FileSettings } from '../../../shared/studio/file-settings';
import type { CostTotal } from '../../../shared/studio/cost-totals';
import { systemClock } from '../clock';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import type { DownloadedFile, LibrarySink } from '../downloads/library-sink';
import { ReferenceStore } from '../references/reference-store';
import { uniqueTags } from './library-tags';

export { uniqueTags };
import { FTS_FILTER, buildPageQuery } from './library-query';
import { libraryCostTotal } from './library-totals';
import { ITEM_COLUMNS, itemToParams, rowToItem } from './library-rows';
import type { Row, SqlValue } from './library-rows';
import { embedSettings } from './file-settings';
import { LibraryBulk } from './library-bulk';
import { LibraryReplica } from './library-replica';
import { probeMedia } from '../media/media-probe';
import type { TrashPort } from './trash-port';
import { UNDO_WINDOW_MS } from '../../../shared/studio/library-selection';
import { writeEmbeddedCover, writePoster, writeThumbnail } from '../media/thumbnails';
import { studioRefusal } from '../../../shared/gateway/gateway-error';

export type LibraryEvent = Extract<StudioEvent, { type: 'library' | 'library-bulk' }>;
export type LibraryListener = (event: LibraryEvent) => void;

export interface SpeechFile {
  path: string;
  size: number;
  sha256: string;
  mime: string;
  model: string;
  /** The text that was spoken: filed as the item's prompt so speech is searchable like everything else. */
  input: string;
  /** Every body field but model and input. */
  params: Record<string, unknown>;
}

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
  /** Where deleted files finally go (the OS trash in the desktop app); the library's .trash folder by default. */
  trash?: TrashPort;
  /** Timers of the undo window of a deletion; the system's by default. */
  timers?: Pick<Clock, 'setTimer'>;
  /** How long a deletion can be undone. */
  undoWindowMs?: number;
  logger?: Logger;
}

export type LibraryUpdate = Partial<Pick<LibraryItem, 'favourite' | 'tags'>>;

/** How many index steps of a walk cost about one row fetched for sorting (measured on the 100k bench). */
const WALK_STEP_ADVANTAGE = 5;

const MEDIA_TO_LIBRARY: Record<MediaKind, LibraryKind> = { image: 'image', video: 'video', audio: 'audio' };

export type { DownloadedFile };

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
  private readonly db: DatabaseSync;
  private readonly now: () => number;
  private readonly madeFromOf: (taskId: string) => string[];
  private readonly listeners = new Set<LibraryListener>();
  private readonly statements: {
    insert: StatementSync;
    byId: StatementSync;
    byTask: StatementSync;
    byRemoteUrl: StatementSync;
    bySha: StatementSync;
    pathUsers: StatementSync;
    thumbnailUsers: StatementSync;
    update: StatementSync;
    ftsCount: StatementSync;
    count: StatementSync;
    coverByUrl: StatementSync;
    coverOf: StatementSync;
    coverByThumbnail: StatementSync;
    insertCover: StatementSync;
    tracksWithoutCover: StatementSync;
    setThumbnail: StatementSync;
    setCost: StatementSync;
    tags: StatementSync;
    models: StatementSync;
    tagsByPrefix: StatementSync;
  };

  constructor(options: LibraryOptions) {
    this.db = options.db;
    this.dir = resolve(options.dir);
    this.now = options.now ?? Date.now;
    this.madeFromOf = options.madeFromOf ?? (() => []);
    // Also moves reference images older builds kept inline in items' params into the store (once).
    this.references = options.references ?? ReferenceStore.forDatabase(this.db);
    const columns = ITEM_COLUMNS.join(', ');
    const placeholders = ITEM_COLUMNS.map((c) => `:${c}`).join(', ');
    this.statements = {
      // A second copy of the same remote URL is ignored at the index, even when two downloads race.
      insert: this.db.prepare(
        `INSERT INTO library_items (${columns}) VALUES (${placeholders}) ON CONFLICT (remote_url) DO NOTHING`,
      ),
      byId: this.db.prepare('SELECT * FROM library_items WHERE id = ?'),
      byTask: this.db.prepare('SELECT * FROM library_items WHERE task_id = ? ORDER BY seq'),
      byRemoteUrl: this.db.prepare('SELECT * FROM library_items WHERE remote_url = ?'),
      bySha: this.db.prepare('SELECT * FROM library_items WHERE sha256 = ? ORDER BY seq LIMIT 1'),
      pathUsers: this.db.prepare('SELECT count(*) AS n FROM library_items WHERE path = ?'),
      // Thumbnails are few per request and the table is a user's own library: a scan is cheap enough.
      thumbnailUsers: this.db.prepare('SELECT 1 FROM library_items WHERE thumbnail_path = ? LIMIT 1'),
      ftsCount: this.db.prepare('SELECT count(*) AS n FROM library_fts WHERE library_fts MATCH ?'),
      count: this.db.prepare('SELECT count(*) AS n FROM library_items'),
      update: this.db.prepare('UPDATE library_items SET favourite = :favourite, tags = :tags WHERE id = :id'),
      coverByUrl: this.db.prepare('SELECT 1 FROM library_covers WHERE remote_url = ?'),
      coverOf: this.db.prepare(
        'SELECT thumbnail_path FROM library_covers WHERE task_id = ? AND track_index = ?',
      ),
      coverByThumbnail: this.db.prepare('SELECT 1 FROM library_covers WHERE thumbnail_path = ?'),
      insertCover: this.db.prepare(
        `INSERT INTO library_covers (task_id, track_index, remote_url, path, thumbnail_path)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      ),
      tracksWithoutCover: this.db.prepare(
        'SELECT * FROM library_items WHERE task_id = ? AND track_index = ? AND thumbnail_path IS NULL',
      ),
      setThumbnail: this.db.prepare('UPDATE library_items SET thumbnail_path = ? WHERE id = ?'),
      setCost: this.db.prepare('UPDATE library_items SET cost = ?, credits_cost = ? WHERE id = ?'),
      // Grouped along library_tags' primary key (tag first), so no temporary b-tree for the grouping; a
      // prefix is a range of that key (LIKE on a NOCASE column may use it).
      tags: this.db.prepare(
        'SELECT min(tag) AS tag, count(*) AS n FROM library_tags GROUP BY tag ORDER BY n DESC, tag LIMIT ?',
      ),
      // Read along library_items_model_created (model first): a walk of one index, no table rows.
      models: this.db.prepare('SELECT model, count(*) AS n FROM library_items GROUP BY model ORDER BY model'),
      tagsByPrefix: this.db.prepare(
        `SELECT min(tag) AS tag, count(*) AS n FROM library_tags WHERE tag LIKE ? ESCAPE '\\'
         GROUP BY tag ORDER BY n DESC, tag LIMIT ?`,
      ),
    };
    this.replica = new LibraryReplica({
      db: this.db,
      dir: this.dir,
      emit: (event) => this.emit(event),
      isInside: (path) => this.isInside(path),
    });
    const timers = options.timers ?? systemClock;
    this.bulk = new LibraryBulk(
      {
        db: this.db,
        dir: this.dir,
        emit: (event) => this.emit(event),
        isInside: (path) => this.isInside(path),
      },
      {
        ...(options.trash ? { trash: options.trash } : {}),
        clock: { now: this.now, setTimer: (ms, fn) => timers.setTimer(ms, fn) },
        undoWindowMs: options.undoWindowMs ?? UNDO_WINDOW_MS,
        ...(options.logger ? { logger: options.logger } : {}),
      },
    );
  }

  /** The settings a file of this item carries (and an export writes beside it): shared/studio/file-settings.ts. */
  settingsOf(item: LibraryItem): FileSettings {
    return {
      app: FILE_SETTINGS_KEY,
      version: FILE_SETTINGS_VERSION,
      family: item.family,
      model: item.model,
      params: item.params,
      prompt: item.prompt,
      taskId: item.taskId,
      madeFrom: item.taskId === null ? [] : this.madeFromOf(item.taskId),
    };
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
    return join(folder, name);
  }

  /** Lets the downloader skip a URL whose file is already filed. */
  has(remoteUrl: string): boolean {
    return (
      this.statements.byRemoteUrl.get(remoteUrl) !== undefined ||
      this.statements.coverByUrl.get(remoteUrl) !== undefined
    );
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
    const row = this.statements.byId.get(id) as Row | undefined;
    return row ? rowToItem(row) : null;
  }

  /** The first item holding these bytes (a reference taken from the library has its item's sha256). */
  bySha256(sha256: string): LibraryItem | null {
    const row = this.statements.bySha.get(sha256) as Row | undefined;
    return row ? rowToItem(row) : null;
  }

  /** The item downloaded from this gateway link (a video passed on to a family that takes video URLs). */
  byRemoteUrl(url: string): LibraryItem | null {
    const row = this.statements.byRemoteUrl.get(url) as Row | undefined;
    return row ? rowToItem(row) : null;
  }

  /** A task's items in the order they were filed. */
  itemsOfTask(taskId: string): LibraryItem[] {
    return (this.statements.byTask.all(taskId) as Row[]).map(rowToItem);
  }

  /** LibrarySink: the downloader only needs to know the file is filed. */
  async addFromDownload(download: DownloadedFile): Promise<void> {
    if (isMusicCover(download)) await this.fileCover(download);
    else await this.fileDownload(download);
  }

  /**
   * A music track's cover: kept beside the library's items, not as one, and shown as the picture of the
   * track's items (its audio, and its music video when there is one), whichever of them arrives first.
   */
  private async fileCover(download: DownloadedFile): Promise<void> {
    const { task, file } = download;
    const track = file.index + 1;
    this.assertInside(download.path);
    if (this.statements.coverByUrl.get(file.url) !== undefined) {
      await rm(download.path, { force: true });
      return;
    }
    const thumbnail = await writeThumbnail(download.path);
    this.statements.insertCover.run(task.id, track, file.url, download.path, thumbnail);
    if (!thumbnail) return;
    for (const row of this.statements.tracksWithoutCover.all(task.id, track) as Row[]) {
      const item = { ...rowToItem(row), thumbnailPath: thumbnail };
      this.statements.setThumbnail.run(thumbnail, item.id);
      this.emit({ type: 'library', item, change: 'updated' });
    }
  }

  /** Files a finished download; a URL already filed returns the existing item and drops the new copy. */
  async fileDownload(download: DownloadedFile): Promise<LibraryItem> {
    const { task, file } = download;
    const existing = this.statements.byRemoteUrl.get(file.url) as Row | undefined;
    if (existing) {
      await this.discardIfUnused(download.path);
      return rowToItem(existing);
    }
    const prompt = typeof task.params.prompt === 'string' ? task.params.prompt : null;
    // The settings travel inside the file (PNG, MP3); its bytes, and so its hash and size, change once here,
    // before the item exists, so the item's sha256 is the file's (a reference taken from it matches).
    const settings: FileSettings = {
      app: FILE_SETTINGS_KEY,
      version: FILE_SETTINGS_VERSION,
      family: task.family,
      model: task.model,
      params: task.params,
      prompt,
      taskId: task.id,
      madeFrom: this.madeFromOf(task.id),
    };
    const embedded = await embedSettings(download.path, download.mime, settings);
    const sha256 = embedded ? createHash('sha256').update(embedded).digest('hex') : download.sha256;
    const size = embedded ? embedded.byteLength : download.size;
    const music = task.kind === 'music' && file.kind !== 'image';
    const track = music ? file.index + 1 : null;
    const cover =
      track === null
        ? undefined
        : (this.statements.coverOf.get(task.id, track) as { thumbnail_path: string | null } | undefined);
    return this.file({
      kind: MEDIA_TO_LIBRARY[file.kind],
      path: download.path,
      size,
      sha256,
      mime: download.mime,
      // A music entry reports one duration for its track, cover and video; a still picture has none.
      durationSeconds: file.kind === 'image' ? null : file.durationSeconds,
      prompt,
      model: task.model,
      family: task.family,
      params: task.params,
      taskId: task.id,
      remoteTaskId: task.remoteId,
      remoteUrl: file.url,
      expiresAt: file.expiresAt === null ? null : file.expiresAt * 1000,
      cost: task.cost,
      creditsCost: task.creditsCost,
      sourceTaskId: task.parentTaskId,
      title: music ? file.title : null,
      trackIndex: track,
      tags: music ? styleTags(task.params) : [],
      coverThumbnailPath: cover?.thumbnail_path ?? null,
      ...(task.batch ? { batch: task.batch } : {}),
    });
  }

  async addSpeech(speech: SpeechFile): Promise<LibraryItem> {
    return this.file({
      kind: 'speech',
      path: speech.path,
      size: speech.size,
      sha256: speech.sha256,
      mime: speech.mime,
      durationSeconds: null,
      prompt: speech.input,
      model: speech.model,
      family: 'speech',
      params: speech.params,
      taskId: null,
      remoteTaskId: null,
      remoteUrl: null,
      expiresAt: null,
      cost: null,
      creditsCost: null,
      sourceTaskId: null,
      title: null,
      trackIndex: null,
      tags: [],
      coverThumbnailPath: null,
    });
  }

  query(query: LibraryQuery = {}): LibraryPage {
    const page = buildPageQuery(query);
    if (page.impossible) return { items: [], total: 0 };
    const where = [...(page.match ? [FTS_FILTER] : []), ...page.filters];
    const values = [...(page.match ? [page.match] : []), ...page.values];
    const whereSql = where.length ? where.join(' AND ') : '1';
    let total: number;
    let hint = '';
    if (page.match) {
      // FTS5 counts its own matches without touching the items table.
      const matches = Number((this.statements.ftsCount.get(page.match) as { n: number }).n);
      if (matches === 0) return { items: [], total: 0 };
      // Two ways to a page: fetch every match and sort (cost grows with the matches), or walk the sort
      // order's index keeping matches until the page is full (cost grows with (offset + limit) * all /
      // matches index steps, each several times cheaper than a row fetch). A common word takes the walk;
      // a rare one is left to the planner.
      const all = Number((this.statements.count.get() as { n: number }).n);
      if (matches * matches * WALK_STEP_ADVANTAGE >= (page.offset + page.limit) * all) {
        hint = `INDEXED BY ${page.sortIndex}`;
      }
      total = page.filters.length === 0 ? matches : this.count(whereSql, values);
    } else {
      total = this.count(whereSql, values);
    }
    const rows = this.db
      .prepare(
        `SELECT i.* FROM library_items i ${hint} WHERE ${whereSql} ORDER BY ${page.orderBy} LIMIT ? OFFSET ?`,
      )
      .all(...values, page.limit, page.offset) as Row[];
    return { items: rows.map(rowToItem), total };
  }

  /** The models that made the library's items, each with its count: the model filter's choices. */
  models(): { model: string; count: number }[] {
    return (this.statements.models.all() as { model: string; n: number }[]).map((row) => ({
      model: row.model,
      count: Number(row.n),
    }));
  }

  /** What the items of this view (the same filter as query(), all pages) cost together. */
  costTotal(query: LibraryQuery = {}): CostTotal {
    return libraryCostTotal(this.db, query);
  }

  /** The tags in use, most used first, optionally only those starting with a prefix (case-insensitive). */
  tags({
    prefix,
    limit = 200,
  }: { prefix?: string | undefined; limit?: number | undefined } = {}): LibraryTagCount[] {
    const start = prefix?.trim() ?? '';
    const rows = (
      start === ''
        ? this.statements.tags.all(limit)
        : this.statements.tagsByPrefix.all(`${start.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit)
    ) as { tag: string; n: number }[];
    return rows.map((row) => ({ tag: row.tag, count: Number(row.n) }));
  }

  private count(whereSql: string, values: SqlValue[]): number {
    const row = this.db.prepare(`SELECT count(*) AS n FROM library_items i WHERE ${whereSql}`).get(...values);
    return Number((row as { n: number }).n);
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

  private async file(
    fields: Omit<LibraryItem, 'id' | 'createdAt' | 'favourite' | 'width' | 'height' | 'thumbnailPath'> & {
      /** A music track's cover, already filed: its thumbnail is the item's picture. */
      coverThumbnailPath: string | null;
    },
  ): Promise<LibraryItem> {
    this.assertInside(fields.path);
    let { path } = fields;
    let facts: Pick<LibraryItem, 'width' | 'height' | 'durationSeconds' | 'thumbnailPath'>;
    const twin = this.statements.bySha.get(fields.sha256) as Row | undefined;
    const twinItem = twin ? rowToItem(twin) : null;
    if (twinItem && twinItem.path !== path && (await exists(twinItem.path))) {
      // Same bytes already on disk: keep one copy and point this row at it.
      await this.discardIfUnused(path);
      path = twinItem.path;
      facts = {
        width: twinItem.width,
        height: twinItem.height,
        durationSeconds: fields.durationSeconds ?? twinItem.durationSeconds,
        thumbnailPath: fields.coverThumbnailPath ?? twinItem.thumbnailPath,
      };
    } else {
      const probed = await probeMedia(path, fields.mime);
      facts = {
        width: probed.width,
        height: probed.height,
        durationSeconds: fields.durationSeconds ?? probed.durationSeconds,
        thumbnailPath:
          fields.kind === 'image'
            ? await writeThumbnail(path)
            : // A track with no cover from the gateway shows the picture embedded in its file, if any.
              (fields.coverThumbnailPath ??
              (fields.kind === 'audio' ? await writeEmbeddedCover(path) : null)),
      };
    }
    // Key order is what a reader of `--json` sees: identity first, then the file, then where it came from.
    const item: LibraryItem = {
      id: randomUUID(),
      kind: fields.kind,
      path,
      size: fields.size,
      sha256: fields.sha256,
      mime: fields.mime,
      ...facts,
      prompt: fields.prompt,
      model: fields.model,
      family: fields.family,
      params: fields.params,
      taskId: fields.taskId,
      remoteTaskId: fields.remoteTaskId,
      remoteUrl: fields.remoteUrl,
      expiresAt: fields.expiresAt,
      cost: fields.cost,
      creditsCost: fields.creditsCost,
      createdAt: this.now(),
      favourite: false,
      tags: fields.tags,
      sourceTaskId: fields.sourceTaskId,
      title: fields.title,
      trackIndex: fields.trackIndex,
      ...(fields.batch ? { batch: fields.batch } : {}),
    };
    const result = this.statements.insert.run(itemToParams(item));
    if (Number(result.changes) === 0 && item.remoteUrl !== null) {
      // Lost a race with another copy of the same URL: that row wins, this file goes.
      await this.discardIfUnused(fields.path);
      const winner = this.statements.byRemoteUrl.get(item.remoteUrl) as Row;
      return rowToItem(winner);
    }
    this.emit({ type: 'library', item, change: 'added' });
    return item;
  }

  private async discardIfUnused(path: string, thumbnailPath: string | null = null): Promise<void> {
    const { n } = this.statements.pathUsers.get(path) as { n: number };
    if (Number(n) > 0) return;
    if (this.isInside(path)) await rm(path, { force: true });
    // A track's cover outlives any one of its items: the track's other items still show it.
    const cover = thumbnailPath !== null && this.statements.coverByThumbnail.get(thumbnailPath) !== undefined;
    if (thumbnailPath && !cover && this.isInside(thumbnailPath)) await rm(thumbnailPath, { force: true });
  }

  private isInside(path: string): boolean {
    const rel = relative(this.dir, resolve(path));
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  }

  private assertInside(path: string): void {
    if (!this.isInside(path)) {
      throw studioRefusal('invalid_request_error', `Not filed: ${path} is outside the library folder.`, {
        code: 'outside_library',
        param: 'path',
      });
    }
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

/** A picture that came with a music track (its cover), as opposed to a picture a task was asked for. */
function isMusicCover({ task, file }: DownloadedFile): boolean {
  return task.kind === 'music' && file.kind === 'image';
}

/** The style text a music task was given ([EP-MUSIC-5] tags, "acoustic, warm") as the track's first tags. */
function styleTags(params: Record<string, unknown>): string[] {
  const text = params.tags;
  if (typeof text !== 'string') return [];
  return uniqueTags(text.split(','));
}

function dayFolder(at: number): string {
  // Local calendar day: that is the day the user remembers making the file.
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
