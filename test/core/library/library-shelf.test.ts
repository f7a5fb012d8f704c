// Starting an empty library in another folder on real files: the library in use is kept for its folder (items,
// tags, search, favourites), an item added to the new one stays with it, and choosing a folder again brings its
// own library back, each folder's files untouched where they are.
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import { shelvedItems, switchLibrary } from '../../../electron/core/library/library-shelf';
import { must, openLibraryPair, png, resultFile, task, writeBytes } from './library-fixtures';

let db: DatabaseSync;
let oldDir: string;
let newDir: string;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, first: oldDir, second: newDir, close } = await openLibraryPair('library-shelf-'));
});
afterEach(() => close());

async function add(library: Library, name: string, prompt: string): Promise<string> {
  const path = await library.allocatePath(`${name}.png`);
  const { size, sha256 } = await writeBytes(path, await png(40, 30));
  const item = await library.fileDownload({
    task: task({ params: { prompt } }),
    file: resultFile({ url: `https://cdn.test/${name}.png` }),
    ...{ path, size, sha256, mime: 'image/png' },
  });
  return item.id;
}

const ids = (library: Library, search?: string): string[] =>
  library
    .query({ limit: 100, ...(search ? { search } : {}) })
    .items.map((i) => i.id)
    .sort();

it('starts an empty library in another folder and brings the old one back when its folder is chosen again', async () => {
  const old = new Library({ db, dir: oldDir });
  const fox = await add(old, 'fox', 'a red fox in the snow');
  const owl = await add(old, 'owl', 'an owl at night');
  old.update(fox, { favourite: true, tags: ['animals'] });
  const foxPath = must(old.get(fox)).path;

  switchLibrary(db, oldDir, newDir);
  const fresh = new Library({ db, dir: newDir });
  expect(ids(fresh)).toEqual([]);
  expect(fresh.tags()).toEqual([]);
  expect(ids(fresh, 'fox')).toEqual([]);
  expect(shelvedItems(db, oldDir)).toBe(2);
  // Nothing moved: the old library's files are where they were.
  expect(existsSync(foxPath)).toBe(true);

  const cat = await add(fresh, 'cat', 'a cat on a red sofa');
  expect(ids(fresh)).toEqual([cat]);
  expect(must(fresh.get(cat)).path.startsWith(newDir)).toBe(true);

  switchLibrary(db, newDir, oldDir);
  const back = new Library({ db, dir: oldDir });
  expect(ids(back)).toEqual([fox, owl].sort());
  expect(back.get(cat)).toBeNull();
  expect(must(back.get(fox))).toMatchObject({ favourite: true, tags: ['animals'], path: foxPath });
  expect(back.tags()).toEqual([expect.objectContaining({ tag: 'animals', count: 1 })]);
  // Search finds the old items again, and not the new library's.
  expect(ids(back, 'red')).toEqual([fox]);
  expect(shelvedItems(db, oldDir)).toBe(0);
  expect(shelvedItems(db, newDir)).toBe(1);

  // And the new library is still there for its folder.
  switchLibrary(db, oldDir, newDir);
  const again = new Library({ db, dir: newDir });
  expect(ids(again)).toEqual([cat]);
  expect(ids(again, 'red')).toEqual([cat]);
  expect(existsSync(must(again.get(cat)).path)).toBe(true);
});

it('keeps both libraries whole when a switch fails halfway', async () => {
  const old = new Library({ db, dir: oldDir });
  const fox = await add(old, 'fox', 'a red fox');
  // A shelved row that cannot come back (it lacks the columns an item needs) aborts the whole switch.
  db.prepare("INSERT INTO library_shelves (folder, kind, row) VALUES (?, 'library_items', ?)").run(
    newDir,
    JSON.stringify({ id: fox }),
  );
  expect(() => switchLibrary(db, oldDir, newDir)).toThrow();
  expect(ids(new Library({ db, dir: oldDir }))).toEqual([fox]);
  expect(shelvedItems(db, oldDir)).toBe(0);
  expect(shelvedItems(db, newDir)).toBe(1);
});
