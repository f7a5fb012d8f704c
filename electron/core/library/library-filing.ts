// Filing files into the library: a finished download (an item, or a music track's cover kept beside the
// items), a speech take, and what each one is: its settings written into the file first, its bytes probed for
// size and duration, its picture made, one copy kept of bytes filed twice, and a race for the same link lost
// gracefully. The only writes that create items; the library facade (library.ts) hands each over here.
import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { pathExists } from '../path-exists';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { MediaKind } from '../../../shared/gateway/normalized';
import type { LibraryItem, LibraryKind, StudioEvent } from '../../../shared/studio/records';
import { FILE_SETTINGS_KEY, FILE_SETTINGS_VERSION } from '../../../shared/studio/file-settings';
import type { FileSettings } from '../../../shared/studio/file-settings';
import type { TaskStyles } from '../../../shared/studio/presets';
import type { RegionEditSettings } from '../../../shared/studio/region-selection';
import { studioRefusal } from '../../../shared/gateway/gateway-error';
import type { DownloadedFile } from '../downloads/library-sink';
import { probeMedia } from '../media/media-probe';
import { writeEmbeddedCover, writeThumbnail } from '../media/thumbnails';
import { embedSettings } from './file-settings';
import { ITEM_COLUMNS, itemToParams, rowToItem } from './library-rows';
import type { Row } from './library-rows';
import { uniqueTags } from './library-tags';
import type { RegionEditPort } from './region-edit-port';

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

/**
 * A file the studio made locally from library items (a storyboard's cut): filed under a local task id that
 * names what made it, so its made-from links (recorded by the maker) lead to its sources.
 */
export interface MadeFile {
  path: string;
  size: number;
  sha256: string;
  mime: string;
  kind: 'video';
  prompt: string | null;
  model: string;
  family: LibraryItem['family'];
  params: Record<string, unknown>;
  taskId: string;
}

/** What the library lends its filing: the database, the clock, made-from links and its event fan-out. */
export interface FilingInternals {
  db: DatabaseSync;
  now: () => number;
  madeFromOf: (taskId: string) => string[];
  /** The styles a task's prompt was sent with (the presets room keeps them), written into its files. */
  stylesOf: (taskId: string) => TaskStyles | null;
  emit: (event: Extract<StudioEvent, { type: 'library' }>) => void;
  isInside: (path: string) => boolean;
  /** Region edits: a press's results are put back into the picture they edit before they are filed. */
  regionEdits: RegionEditPort | null;
}

/** A file found in a day folder with no item, carrying the settings it was made with (stray-files.ts). */
export interface FoundFile {
  path: string;
  size: number;
  sha256: string;
  mime: string;
  kind: MediaKind;
  settings: FileSettings;
}

/** The fields a new item is filed with; the rest (id, date, picture, size in pixels) are found here. */
type NewItem = Omit<LibraryItem, 'id' | 'createdAt' | 'favourite' | 'width' | 'height' | 'thumbnailPath'> & {
  /** A music track's cover, already filed: its thumbnail is the item's picture. */
  coverThumbnailPath: string | null;
};

/** What a file that came from no gateway link carries (a speech take, a file found again): nothing of one. */
const NOT_FROM_A_LINK = {
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
} as const satisfies Partial<NewItem>;

const MEDIA_TO_LIBRARY: Record<MediaKind, LibraryKind> = { image: 'image', video: 'video', audio: 'audio' };

/** The settings a file carries (and an export writes beside it): shared/studio/file-settings.ts. */
export function fileSettings(
  made: Pick<LibraryItem, 'family' | 'model' | 'params' | 'prompt' | 'taskId'>,
  madeFrom: string[],
  styles: TaskStyles | null = null,
  region: RegionEditSettings | null = null,
): FileSettings {
  const { family, model, params, prompt, taskId } = made;
  return {
    app: FILE_SETTINGS_KEY,
    version: FILE_SETTINGS_VERSION,
    family,
    model,
    params,
    prompt,
    taskId,
    madeFrom,
    ...(styles ? { styles } : {}),
    ...(region ? { region } : {}),
  };
}

export class LibraryFiling {
  private readonly statements: Record<
    | 'insert'
    | 'byRemoteUrl'
    | 'bySha'
    | 'pathUsers'
    | 'coverByUrl'
    | 'coverOf'
    | 'insertCover'
    | 'tracksWithoutCover'
    | 'setThumbnail',
    StatementSync
  >;

  constructor(private readonly lib: FilingInternals) {
    const { db } = lib;
    const columns = ITEM_COLUMNS.join(', ');
    const placeholders = ITEM_COLUMNS.map((c) => `:${c}`).join(', ');
    this.statements = {
      // A second copy of the same remote URL is ignored at the index, even when two downloads race.
      insert: db.prepare(
        `INSERT INTO library_items (${columns}) VALUES (${placeholders}) ON CONFLICT (remote_url) DO NOTHING`,
      ),
      byRemoteUrl: db.prepare('SELECT * FROM library_items WHERE remote_url = ?'),
      bySha: db.prepare('SELECT * FROM library_items WHERE sha256 = ? ORDER BY seq LIMIT 1'),
      pathUsers: db.prepare('SELECT count(*) AS n FROM library_items WHERE path = ?'),
      coverByUrl: db.prepare('SELECT 1 FROM library_covers WHERE remote_url = ?'),
      coverOf: db.prepare('SELECT thumbnail_path FROM library_covers WHERE task_id = ? AND track_index = ?'),
      insertCover: db.prepare(
        `INSERT INTO library_covers (task_id, track_index, remote_url, path, thumbnail_path)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      ),
      tracksWithoutCover: db.prepare(
        'SELECT * FROM library_items WHERE task_id = ? AND track_index = ? AND thumbnail_path IS NULL',
      ),
      setThumbnail: db.prepare('UPDATE library_items SET thumbnail_path = ? WHERE id = ?'),
    };
  }

  /**
   * A music track's cover: kept beside the library's items, not as one, and shown as the picture of the
   * track's items (its audio, and its music video when there is one), whichever of them arrives first.
   */
  async fileCover(download: DownloadedFile): Promise<void> {
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
      this.lib.emit({ type: 'library', item, change: 'updated' });
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
    // A region edit's picture is put back into the original first (core/region-edit): the file becomes the whole
    // picture, a PNG, and what it was made with joins its settings.
    const region = task.batch ? (this.lib.regionEdits?.settingsFor(task.batch.id) ?? null) : null;
    // The take is a PNG whatever the gateway sent, and named so (a .jpg link's file becomes .png).
    const path =
      region && task.batch
        ? ((await this.lib.regionEdits?.composite(task.batch.id, download.path)) ?? download.path)
        : download.path;
    if (path !== download.path) this.assertInside(path);
    const mime = region ? 'image/png' : download.mime;
    // The settings travel inside the file (PNG, MP3); its bytes, and so its hash and size, change once here,
    // before the item exists, so the item's sha256 is the file's (a reference taken from it matches).
    const settings = fileSettings(
      { ...task, prompt, taskId: task.id },
      this.lib.madeFromOf(task.id),
      this.lib.stylesOf(task.id),
      region,
    );
    const embedded = await embedSettings(path, mime, settings);
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
      path,
      size,
      sha256,
      mime,
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

  async fileSpeech(speech: SpeechFile): Promise<LibraryItem> {
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
      ...NOT_FROM_A_LINK,
    });
  }

  async fileMade(made: MadeFile): Promise<LibraryItem> {
    return this.file({ ...made, durationSeconds: null, ...NOT_FROM_A_LINK });
  }

  /** Files again a file found with no item, as its own settings say it was made (re-index after a crash). */
  async fileFound(found: FoundFile): Promise<LibraryItem> {
    const { settings } = found;
    return this.file({
      kind: settings.family === 'speech' ? 'speech' : MEDIA_TO_LIBRARY[found.kind],
      path: found.path,
      size: found.size,
      sha256: found.sha256,
      mime: found.mime,
      durationSeconds: null,
      prompt: settings.prompt,
      model: settings.model,
      family: settings.family,
      params: settings.params,
      taskId: settings.taskId,
      ...NOT_FROM_A_LINK,
    });
  }

  private async file(fields: NewItem): Promise<LibraryItem> {
    this.assertInside(fields.path);
    let { path } = fields;
    let facts: Pick<LibraryItem, 'width' | 'height' | 'durationSeconds' | 'thumbnailPath'>;
    const twin = this.statements.bySha.get(fields.sha256) as Row | undefined;
    const twinItem = twin ? rowToItem(twin) : null;
    if (twinItem && twinItem.path !== path && (await pathExists(twinItem.path))) {
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
      createdAt: this.lib.now(),
      favourite: false,
      tags: fields.tags,
      sourceTaskId: fields.sourceTaskId,
      title: fields.title,
      trackIndex: fields.trackIndex,
      ...(fields.batch ? { batch: fields.batch } : {}),
    };
    if (item.thumbnailPath === null && item.taskId !== null && item.trackIndex !== null) {
      // The cover may have been filed while this file was probed (fileCover then found no item to give it
      // to): read it again with no await before the insert, so one of the two always sees the other.
      const late = this.statements.coverOf.get(item.taskId, item.trackIndex) as
        { thumbnail_path: string | null } | undefined;
      item.thumbnailPath = late?.thumbnail_path ?? null;
    }
    const result = this.statements.insert.run(itemToParams(item));
    if (Number(result.changes) === 0 && item.remoteUrl !== null) {
      // Lost a race with another copy of the same URL: that row wins, this file goes.
      await this.discardIfUnused(fields.path);
      const winner = this.statements.byRemoteUrl.get(item.remoteUrl) as Row;
      return rowToItem(winner);
    }
    this.lib.emit({ type: 'library', item, change: 'added' });
    return item;
  }

  private async discardIfUnused(path: string): Promise<void> {
    const { n } = this.statements.pathUsers.get(path) as { n: number };
    if (Number(n) > 0) return;
    if (this.lib.isInside(path)) await rm(path, { force: true });
  }

  private assertInside(path: string): void {
    if (!this.lib.isInside(path)) {
      throw studioRefusal('invalid_request_error', `Not filed: ${path} is outside the library folder.`, {
        code: 'outside_library',
        param: 'path',
      });
    }
  }
}

/** A picture that came with a music track (its cover), as opposed to a picture a task was asked for. */
export function isMusicCover({ task, file }: DownloadedFile): boolean {
  return task.kind === 'music' && file.kind === 'image';
}

/** The style text a music task was given ([EP-MUSIC-5] tags, "acoustic, warm") as the track's first tags. */
function styleTags(params: Record<string, unknown>): string[] {
  const text = params.tags;
  if (typeof text !== 'string') return [];
  return uniqueTags(text.split(','));
}
