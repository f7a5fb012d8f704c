// Moving the library to another folder on real files: every file arrives and the index points at it; a move
// that fails halfway puts back what it moved; one cut short is resumed or rolled back; and a folder that cannot
// take the library is refused with its reason.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import { moveTargetProblem } from '../../../electron/core/library/library-folder';
import {
  filesUnder,
  finishLibraryMove,
  journaledMove,
  moveLibrary,
  rollBackLibraryMove,
} from '../../../electron/core/library/library-move';
import { openLibraryPair, png, resultFile, task, writeBytes } from './library-fixtures';

let root: string;
let db: DatabaseSync;
let from: string;
let to: string;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ root, db, first: from, second: to, close } = await openLibraryPair('library-move-'));
});
afterEach(() => close());

async function fill(count: number): Promise<Library> {
  const library = new Library({ db, dir: from });
  for (let n = 0; n < count; n += 1) {
    const path = await library.allocatePath(`picture-${n}.png`);
    const { size, sha256 } = await writeBytes(path, await png(64 + n, 48));
    await library.fileDownload({
      task: task({ params: { prompt: `picture ${n}` } }),
      file: resultFile({ url: `https://cdn.test/${n}.png` }),
      ...{ path, size, sha256, mime: 'image/png' },
    });
  }
  return library;
}

const relatives = async (dir: string): Promise<string[]> =>
  (await filesUnder(dir)).map((f) => relative(dir, f.path)).sort();

async function indexedPaths(): Promise<string[]> {
  const library = new Library({ db, dir: to });
  const page = await library.query({ limit: 100 });
  return page.items.flatMap((i) => [i.path, ...(i.thumbnailPath ? [i.thumbnailPath] : [])]);
}

describe('moving the library', () => {
  it('moves every file (pictures and thumbnails) and points the index at the new folder', async () => {
    await fill(3);
    const before = await relatives(from);
    expect(before.length).toBeGreaterThanOrEqual(6); // each picture and its thumbnail
    const seen: number[] = [];
    await moveLibrary({ db, from, to, rewrite: () => undefined, onProgress: (p) => seen.push(p.files) });
    await finishLibraryMove(db);

    expect(await relatives(to)).toEqual(before);
    expect(existsSync(from)).toBe(false); // the old folder's empty folders are gone with it
    const paths = await indexedPaths();
    expect(paths).toHaveLength(6);
    for (const path of paths) {
      expect(path.startsWith(to + '/'), path).toBe(true);
      expect(existsSync(path), path).toBe(true);
    }
    expect(seen.at(-1)).toBe(before.length);
    expect(journaledMove(db)).toBeNull();
  });

  it('makes the new folder itself, even for a library with no file (the check before it made none)', async () => {
    await mkdir(from, { recursive: true });
    const nested = join(root, 'made', 'by', 'the-move');
    await moveLibrary({ db, from, to: nested, rewrite: () => undefined });
    await finishLibraryMove(db);
    expect(existsSync(nested)).toBe(true);
  });

  it('puts back every file it moved when one cannot move, and leaves the index as it was', async () => {
    await fill(3);
    const before = await relatives(from);
    const dayFolder = before.find((p) => !p.startsWith('.'))?.split('/')[0] ?? '';
    // A file where the day's folder must go: every picture of that day fails to move.
    await mkdir(to, { recursive: true });
    await writeFile(join(to, dayFolder), 'in the way');
    await expect(moveLibrary({ db, from, to, rewrite: () => undefined })).rejects.toThrow();

    expect(await relatives(from)).toEqual(before);
    expect(await readdir(to)).toEqual([dayFolder]);
    expect(journaledMove(db)).toBeNull();
    const library = new Library({ db, dir: from });
    for (const item of (await library.query({ limit: 100 })).items) expect(existsSync(item.path)).toBe(true);
  });

  it('resumes a move cut short, skipping the files already moved', async () => {
    await fill(2);
    const before = await relatives(from);
    db.prepare(
      "INSERT INTO library_moves (id, from_dir, to_dir, state, started_at) VALUES (1, ?, ?, 'moving', 0)",
    ).run(from, to);
    const first = before[0] ?? '';
    await mkdir(dirname(join(to, first)), { recursive: true });
    await rename(join(from, first), join(to, first));

    await moveLibrary({ db, from, to, rewrite: () => undefined });
    await finishLibraryMove(db);
    expect(await relatives(to)).toEqual(before);
    for (const path of await indexedPaths()) expect(existsSync(path), path).toBe(true);
  });

  it('rolls back a move cut short: the moved files go back where the index says', async () => {
    await fill(2);
    const before = await relatives(from);
    db.prepare(
      "INSERT INTO library_moves (id, from_dir, to_dir, state, started_at) VALUES (1, ?, ?, 'moving', 0)",
    ).run(from, to);
    for (const file of before.slice(0, 2)) {
      await mkdir(dirname(join(to, file)), { recursive: true });
      await rename(join(from, file), join(to, file));
    }
    await writeFile(join(to, 'half.png.library-move-part'), 'a copy cut short');

    await rollBackLibraryMove(db);
    expect(await relatives(from)).toEqual(before);
    expect(await relatives(to)).toEqual([]);
    expect(journaledMove(db)).toBeNull();
  });
});

describe('where the library may move', () => {
  const context = () => ({ home: homedir(), dataDir: join(root, 'data') });

  it('takes a new or empty folder, and the folder in use', async () => {
    await fill(1);
    const nested = join(root, 'new', 'deeper', 'library');
    expect(await moveTargetProblem(from, nested, context())).toBeNull();
    // The check leaves nothing behind: a person who cancels finds no folder made for the try.
    expect(existsSync(join(root, 'new'))).toBe(false);
    await mkdir(to);
    expect(await moveTargetProblem(from, to, context())).toBeNull();
    expect(await readdir(to)).toEqual([]); // an empty folder is kept as it was, without the write check's file
    expect(await moveTargetProblem(from, from, context())).toBeNull();
  });

  it('refuses a folder inside the library or holding it, one that cannot be written, and one with files of its own', async () => {
    await fill(1);
    expect(await moveTargetProblem(from, join(from, 'inner'), context())).toMatchObject({ reason: 'inside' });
    const blocker = join(root, 'a-file');
    await writeFile(blocker, 'not a folder');
    const unwritable = await moveTargetProblem(from, join(blocker, 'library'), context());
    expect(unwritable).toMatchObject({ reason: 'unwritable' });
    expect(unwritable?.message).toMatch(/a file \(not a folder\) is in the way/);
    await mkdir(join(root, 'busy'));
    await writeFile(join(root, 'busy', 'notes.txt'), 'mine');
    await writeFile(join(root, 'busy', '.DS_Store'), '');
    const busy = await moveTargetProblem(from, join(root, 'busy'), context());
    expect(busy).toMatchObject({ reason: 'not_empty' });
    expect(busy?.message).toContain('notes.txt');
    expect(busy?.message).not.toContain('.DS_Store');
    // What a move cut short left there is the library's own.
    expect(await moveTargetProblem(from, join(root, 'busy'), context(), true)).toBeNull();
    expect(await moveTargetProblem(from, join(root, 'data', 'x'), context())).toBeNull();
  });
});
