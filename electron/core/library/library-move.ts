// Moving the library to another folder, files and index together, so nothing is orphaned and nothing is lost.
// The move is journaled first (library_moves), then every file under the old folder is moved to the same place
// under the new one (a rename, or a copy to a temporary name, renamed into place, then the original removed when
// the folders sit on different file systems), and only once every file has arrived are the stored paths rewritten,
// in one transaction that also marks the journal 'moved'. Until then the index points at the old folder, and a
// move cut short is resumed (its files already moved are skipped) or rolled back (they go back); a start that
// finds an entry does one or the other (recoverLibraryMove).
import { copyFile, lstat, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db';

export const LIBRARY_MOVE_MIGRATION = {
  id: 'library-moves',
  up: `
CREATE TABLE library_moves (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  from_dir TEXT NOT NULL,
  to_dir TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('moving', 'moved')),
  started_at INTEGER NOT NULL
) STRICT;
`,
};

/** A copy across file systems is written under this suffix, so a file under its own name is always whole. */
const PART_SUFFIX = '.library-move-part';

export interface MoveProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

export interface JournaledMove {
  from: string;
  to: string;
  state: 'moving' | 'moved';
}

export interface LibraryMoveOptions {
  db: DatabaseSync;
  from: string;
  to: string;
  /** Rewrites other modules' stored paths (the downloads' rows), inside the transaction that commits the move. */
  rewrite: (rebase: (path: string) => string | null) => void;
  onProgress?: (progress: MoveProgress) => void;
}

/** `path` under `to` when it lies under `from`; null otherwise. */
export function rebaser(from: string, to: string): (path: string) => string | null {
  return (path) => {
    const rel = relative(from, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
    return join(to, rel);
  };
}

/** Every file under `dir` (no folders), with its size; a folder that is not there holds none. */
export async function filesUnder(dir: string): Promise<{ path: string; size: number }[]> {
  const out: { path: string; size: number }[] = [];
  const walk = async (at: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push({ path, size: entry.isFile() ? (await stat(path)).size : 0 });
    }
  };
  await walk(dir);
  return out;
}

export function journaledMove(db: DatabaseSync): JournaledMove | null {
  const row = db.prepare('SELECT from_dir, to_dir, state FROM library_moves WHERE id = 1').get() as
    { from_dir: string; to_dir: string; state: 'moving' | 'moved' } | undefined;
  return row ? { from: row.from_dir, to: row.to_dir, state: row.state } : null;
}

/** Renames, or copies under a temporary name, renames that into place and removes the original (EXDEV). */
async function moveOne(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to + PART_SUFFIX);
    await rename(to + PART_SUFFIX, to);
    await rm(from, { force: true });
  }
}

/** Removes the folders left empty under `dir`, and `dir` itself when it ends up empty unless it is kept. */
async function pruneEmpty(dir: string, keep = false): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) if (entry.isDirectory()) await pruneEmpty(join(dir, entry.name));
  if (!keep) await rmdir(dir).catch(() => undefined);
}

/** Moves every file of `from` to `to` (the journal says where, while it happens). */
async function moveFiles(from: string, to: string, onProgress?: (p: MoveProgress) => void): Promise<void> {
  // The folder is made here, not by the check before (which leaves none behind), even for a library with no file.
  await mkdir(to, { recursive: true });
  const waiting = (await filesUnder(from)).filter((f) => !f.path.endsWith(PART_SUFFIX));
  // What a move cut short already put there counts as done.
  const arrived = (await filesUnder(to)).filter((f) => !f.path.endsWith(PART_SUFFIX));
  const progress: MoveProgress = {
    files: arrived.length,
    totalFiles: arrived.length + waiting.length,
    bytes: arrived.reduce((n, f) => n + f.size, 0),
    totalBytes: [...arrived, ...waiting].reduce((n, f) => n + f.size, 0),
  };
  onProgress?.({ ...progress });
  for (const file of waiting) {
    await moveOne(file.path, join(to, relative(from, file.path)));
    progress.files += 1;
    progress.bytes += file.size;
    onProgress?.({ ...progress });
  }
}

/** Rewrites the library's stored paths from `from` to `to` (its own tables; others through `rewrite`). */
function rewritePaths(db: DatabaseSync, rebase: (path: string) => string | null): void {
  const fix = (path: unknown): unknown => (typeof path === 'string' ? (rebase(path) ?? path) : path);
  const columns: [string, string, string[]][] = [
    ['library_items', 'seq', ['path', 'thumbnail_path']],
    ['library_covers', 'rowid', ['path', 'thumbnail_path']],
    ['library_trash', 'rowid', ['kept_file', 'kept_thumbnail']],
  ];
  for (const [table, key, names] of columns) {
    const rows = db.prepare(`SELECT ${key} AS k, ${names.join(', ')} FROM ${table}`).all() as Record<
      string,
      unknown
    >[];
    const write = db.prepare(
      `UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE ${key} = ?`,
    );
    for (const row of rows) {
      const next = names.map((n) => fix(row[n]));
      if (next.some((value, i) => value !== row[names[i] ?? '']))
        write.run(...(next as string[]), row.k as number);
    }
  }
  // A kept item's row (put back on restore) and a deletion's journal name paths inside their JSON.
  const trashed = db.prepare('SELECT id, row FROM library_trash').all() as { id: string; row: string }[];
  for (const { id, row } of trashed) {
    const parsed = JSON.parse(row) as Record<string, unknown>;
    parsed.path = fix(parsed.path);
    parsed.thumbnail_path = fix(parsed.thumbnail_path);
    db.prepare('UPDATE library_trash SET row = ? WHERE id = ?').run(JSON.stringify(parsed), id);
  }
}

/**
 * Moves the library from `from` to `to`: files first, then the stored paths at once. When a file cannot be
 * moved, those already moved go back and the error is thrown: the library stays whole in `from`.
 */
export async function moveLibrary(options: LibraryMoveOptions): Promise<void> {
  const { db, from, to } = options;
  const journaled = journaledMove(db);
  if (journaled && (journaled.from !== from || journaled.to !== to)) {
    throw new Error(`another move of the library (${journaled.from} to ${journaled.to}) is not finished`);
  }
  if (!journaled) {
    db.prepare(
      "INSERT INTO library_moves (id, from_dir, to_dir, state, started_at) VALUES (1, ?, ?, 'moving', ?)",
    ).run(from, to, Date.now());
  }
  if (journaled?.state !== 'moved') {
    try {
      await moveFiles(from, to, options.onProgress);
    } catch (error) {
      // A file that cannot go back keeps the journal: the next start finishes the rollback (or the move).
      await rollBackLibraryMove(db).catch(() => undefined);
      throw error;
    }
    const rebase = rebaser(from, to);
    transaction(db, () => {
      rewritePaths(db, rebase);
      options.rewrite(rebase);
      db.prepare("UPDATE library_moves SET state = 'moved' WHERE id = 1").run();
    });
  }
}

/** After the settings name the new folder: the journal ends and the old folder's empty folders go. */
export async function finishLibraryMove(db: DatabaseSync): Promise<void> {
  const move = journaledMove(db);
  if (!move || move.state !== 'moved') return;
  db.prepare('DELETE FROM library_moves WHERE id = 1').run();
  await pruneEmpty(move.from);
}

/**
 * Puts back what a move cut short had moved, and ends its journal: the index still points at `from`. A file whose
 * place in `from` is taken stays (a copy whose original is still there, or something not the library's); one
 * that cannot go back keeps the journal, so the next start tries again.
 */
export async function rollBackLibraryMove(db: DatabaseSync): Promise<void> {
  const move = journaledMove(db);
  if (!move || move.state !== 'moving') return;
  const stuck: string[] = [];
  for (const file of await filesUnder(move.to)) {
    if (file.path.endsWith(PART_SUFFIX)) {
      await rm(file.path, { force: true });
      continue;
    }
    const back = join(move.from, relative(move.to, file.path));
    if (await taken(back)) continue;
    await moveOne(file.path, back).catch(() => stuck.push(file.path));
  }
  // The folder itself stays: the user may have made it for the library.
  await pruneEmpty(move.to, true);
  if (stuck.length > 0)
    throw new Error(`${stuck.length} files could not go back to ${move.from}: ${stuck[0]}`);
  db.prepare('DELETE FROM library_moves WHERE id = 1').run();
}

async function taken(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
