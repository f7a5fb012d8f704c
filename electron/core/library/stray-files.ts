// Files in the library's day folders that no item indexes: what a crash between writing a file and filing it
// leaves (a CLI killed while saving, a copy made twice, a deletion cut short by an older build). The start
// reports them; the person re-indexes them (a file that carries its settings, as every PNG and MP3 the studio
// writes does, is filed again as it was made; a copy of bytes already in the library is a duplicate and goes to
// the trash) or moves them to the trash. Only files that are strays at the moment of the action are touched:
// a path from outside (the bridge, the CLI) is never trusted to name one.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { StrayFile, StrayReport } from '../../../shared/studio/stray-files';
import { sniffMedia } from '../downloads/media-sniff';
import { readFileSettings } from './file-settings';
import type { FoundFile } from './library-filing';
import type { TrashPort } from './trash-port';

/** A day folder as the library names them (readable-name.ts dayFolder). */
const DAY_FOLDER = /^\d{4}-\d{2}-\d{2}$/;
/** A file younger than this may be one a neighbour (the CLI beside the app) is filing right now. */
const QUIET_MS = 60_000;

export interface StrayParts {
  db: DatabaseSync;
  dir: string;
  /** Files a found file under its settings; null when an item already holds the same bytes. */
  file: (found: FoundFile) => Promise<unknown>;
  trash: TrashPort;
}

export class StrayFiles {
  constructor(private readonly parts: StrayParts) {}

  /** Every file in a day folder no item, cover or thumbnail names, with whether it can be filed again. */
  async find(): Promise<StrayReport> {
    const { db, dir } = this.parts;
    const known = new Set<string>();
    const paths = db
      .prepare(
        `SELECT path AS p FROM library_items UNION SELECT thumbnail_path FROM library_items
         UNION SELECT path FROM library_covers UNION SELECT thumbnail_path FROM library_covers`,
      )
      .all() as { p: string | null }[];
    for (const { p } of paths) if (p) known.add(p);
    const files: StrayFile[] = [];
    const days = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const day of days) {
      if (!day.isDirectory() || !DAY_FOLDER.test(day.name)) continue;
      for (const entry of await readdir(join(dir, day.name), { withFileTypes: true }).catch(() => [])) {
        // Hidden names are the library's own (.thumbs, a download's .part is `<name>.<pid>.part`).
        if (!entry.isFile() || entry.name.startsWith('.') || entry.name.endsWith('.part')) continue;
        const path = join(dir, day.name, entry.name);
        if (known.has(path)) continue;
        const info = await stat(path).catch(() => null);
        // The file system's clock, not the studio's: mtimes are wall time.
        if (!info || Date.now() - info.mtimeMs < QUIET_MS) continue;
        files.push({
          path: relative(dir, path).split(sep).join('/'),
          size: info.size,
          refileable: await this.#refileable(path),
        });
      }
    }
    return { files, bytes: files.reduce((sum, f) => sum + f.size, 0) };
  }

  /** Files each stray named (that still is one) under its own settings; a copy of filed bytes goes to the trash. */
  async reindex(paths: readonly string[]): Promise<{ filed: number; duplicates: number; kept: number }> {
    let filed = 0;
    let duplicates = 0;
    let kept = 0;
    for (const path of await this.#current(paths)) {
      const found = await this.#read(path);
      if (!found) {
        kept++;
        continue;
      }
      if (this.#holds(found.sha256)) {
        await this.parts.trash.discard(path);
        duplicates++;
      } else {
        await this.parts.file(found);
        filed++;
      }
    }
    return { filed, duplicates, kept };
  }

  /** Moves each stray named (that still is one) to the trash. */
  async trash(paths: readonly string[]): Promise<number> {
    const strays = await this.#current(paths);
    for (const path of strays) await this.parts.trash.discard(path);
    return strays.length;
  }

  /** The absolute paths of the named files that are strays now. */
  async #current(paths: readonly string[]): Promise<string[]> {
    const wanted = new Set(paths);
    const { files } = await this.find();
    return files.filter((f) => wanted.has(f.path)).map((f) => join(this.parts.dir, ...f.path.split('/')));
  }

  #holds(sha256: string): boolean {
    return (
      this.parts.db.prepare('SELECT 1 FROM library_items WHERE sha256 = ? LIMIT 1').get(sha256) !== undefined
    );
  }

  async #refileable(path: string): Promise<boolean> {
    const found = await this.#read(path);
    return found !== null && !this.#holds(found.sha256);
  }

  /** The file's type from its bytes and the settings it carries, or null when it carries none. */
  async #read(path: string): Promise<FoundFile | null> {
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) return null;
    const sniffed = sniffMedia(bytes.subarray(0, 16));
    const settings = sniffed ? readFileSettings(bytes) : null;
    if (!sniffed || !settings) return null;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { path, size: bytes.byteLength, sha256, mime: sniffed.mime, kind: sniffed.kind, settings };
  }
}
