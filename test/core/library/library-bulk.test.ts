// Bulk actions on the real Library over a real SQLite file and real files: favourite and tags in one go,
// "all matching the filter but these", and delete that waits out an undo window in the pending folder, comes
// back exactly (rows, seq, tags, favourite, made-from) on Undo, and goes on to the trash port afterwards.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { Library } from '../../../electron/core/library';
import type { LibraryEvent } from '../../../electron/core/library';
import type { LibraryItem } from '../../../shared/studio/records';
import {
  fileBytes,
  libraryOnClock,
  must,
  png,
  recordingTrash,
  resultFile,
  task,
  writeBytes,
  distinctPng,
  UNDO_WINDOW_MS,
  useClockedRoom,
} from './library-fixtures';

const room = useClockedRoom('library-bulk-');

let library: Library;
let trashed: string[];
let events: LibraryEvent[];

/** A trash port that records what reached it and keeps the bytes, as the OS trash would. */
/** The trash every library of these tests hands files to: `trashed` keeps what each file held. */
const keepingTrash = recordingTrash(async (path) => void trashed.push(await readFile(path, 'latin1')));

beforeEach(async () => {
  trashed = [];
  events = [];
  library = libraryOnClock(room, {
    trash: keepingTrash,
    undoWindowMs: UNDO_WINDOW_MS,
    madeFromOf: () => ['parent-task'],
  });
  library.subscribe((e) => events.push(e));
});

async function addImage(prompt: string, bytes?: Buffer, mime = 'image/png'): Promise<LibraryItem> {
  await room.clock.advance(1000);
  const data = bytes ?? (await distinctPng());
  return fileBytes(library, data, { source: task({ params: { prompt } }), mime });
}

const rowsOf = (ids: string[]) =>
  room.db
    .prepare('SELECT * FROM library_items WHERE id IN (SELECT value FROM json_each(?)) ORDER BY seq')
    .all(JSON.stringify(ids));

describe('selections', () => {
  it('resolves picked ids that exist, and "all matching the filter but these" from the index', async () => {
    const a = await addImage('a red fox');
    const b = await addImage('a red barn');
    const c = await addImage('a blue whale');
    expect(library.bulk.resolve({ ids: [b.id, 'gone', a.id, b.id] })).toEqual([b.id, a.id]);
    // The grid's own filter and order (newest first), whatever pages the renderer has loaded.
    expect(library.bulk.resolve({ filter: { search: 'red' }, except: [] })).toEqual([b.id, a.id]);
    expect(library.bulk.resolve({ filter: {}, except: [b.id] })).toEqual([c.id, a.id]);
    expect(library.bulk.resolve({ filter: { search: '""' }, except: [] })).toEqual([]);
  });
});

describe('favourite and tags in bulk', () => {
  it('favours every selected item in one statement and says so in one event', async () => {
    const a = await addImage('one');
    const b = await addImage('two');
    const c = await addImage('three');
    events.length = 0;
    expect(library.bulk.setFavourite({ filter: {}, except: [b.id] }, true)).toBe(2);
    expect(library.query({ favourite: true }).items.map((i) => i.id)).toEqual([c.id, a.id]);
    expect(events).toEqual([{ type: 'library-bulk', change: 'updated', count: 2 }]);
    expect(library.bulk.setFavourite({ ids: [a.id] }, false)).toBe(1);
    expect(library.query({ favourite: true }).items.map((i) => i.id)).toEqual([c.id]);
  });

  it('adds and removes tags, each item keeping its others', async () => {
    const a = await addImage('one');
    const b = await addImage('two');
    library.update(a.id, { tags: ['sky', 'draft'] });
    expect(
      library.bulk.editTags({ ids: [a.id, b.id] }, { add: [' portfolio ', 'sky'], remove: ['draft'] }),
    ).toBe(2);
    expect(must(library.get(a.id)).tags).toEqual(['sky', 'portfolio']);
    expect(must(library.get(b.id)).tags).toEqual(['portfolio', 'sky']);
    // The tag filter (library_tags, kept by triggers) sees what the bulk edit wrote; case does not matter.
    expect(library.query({ tags: ['Portfolio'] }).total).toBe(2);
    library.bulk.editTags({ ids: [a.id, b.id] }, { add: [], remove: ['SKY'] });
    expect(library.query({ tags: ['sky'] }).total).toBe(0);
    expect(library.bulk.editTags({ ids: [a.id] }, { add: [], remove: [] })).toBe(0);
  });
});

describe('delete with undo', () => {
  it('takes rows out at once, keeps the files pending, and Undo puts back the very rows and files', async () => {
    const a = await addImage('keep me');
    const b = await addImage('delete me');
    const c = await addImage('delete me too');
    library.update(b.id, { favourite: true, tags: ['best'] });
    const before = rowsOf([b.id, c.id]);
    const receipt = await library.bulk.trash({ ids: [b.id, c.id] });
    expect(receipt).toMatchObject({ count: 2, trash: 'os', undoUntil: room.clock.now() + UNDO_WINDOW_MS });
    expect(library.query().items.map((i) => i.id)).toEqual([a.id]);
    expect(existsSync(b.path) || existsSync(c.path)).toBe(false);
    expect(library.isLibraryFile(b.path)).toBe(false);
    expect(library.query({ search: 'delete' }).total).toBe(0);
    // Waiting inside the library's trash folder, not yet in the trash.
    expect(trashed).toEqual([]);
    const pending = join(room.dir, 'media', '.trash', '.undo', must(receipt.undoId));
    expect((await readdir(pending)).length).toBe(4); // two pictures, two thumbnails, a folder each

    expect(library.query({ tags: ['best'] }).total).toBe(0);
    expect(await library.bulk.undo(must(receipt.undoId))).toBe(2);
    expect(rowsOf([b.id, c.id])).toEqual(before);
    expect(library.query({ tags: ['best'] }).items.map((i) => i.id)).toEqual([b.id]);
    expect(existsSync(b.path) && existsSync(c.path)).toBe(true);
    expect(existsSync(must(b.thumbnailPath))).toBe(true);
    expect(library.query({ search: 'delete' }).total).toBe(2);
    expect(library.query().items.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(existsSync(pending)).toBe(false);
    expect(events.filter((e) => e.type === 'library-bulk')).toEqual([
      { type: 'library-bulk', change: 'deleted', count: 2 },
      { type: 'library-bulk', change: 'restored', count: 2 },
    ]);
    // The window's timer is gone with it: nothing reaches the trash later.
    await room.clock.advance(UNDO_WINDOW_MS * 2);
    expect(trashed).toEqual([]);
  });

  it('hands the files to the trash once the window ends; Undo is then too late', async () => {
    const a = await addImage('going');
    const bytes = await readFile(a.path, 'latin1');
    const receipt = await library.bulk.trash({ ids: [a.id] });
    await room.clock.advance(UNDO_WINDOW_MS - 1);
    expect(trashed).toEqual([]);
    await room.clock.advance(1);
    await expect.poll(() => trashed.length).toBe(2);
    expect(trashed).toContain(bytes);
    expect(await library.bulk.undo(must(receipt.undoId))).toBeNull();
    expect(library.get(a.id)).toBeNull();
    await expect
      .poll(() => existsSync(join(room.dir, 'media', '.trash', '.undo', must(receipt.undoId))))
      .toBe(false);
  });

  it('keeps a file another item still shares, and brings back only the row', async () => {
    // A JPEG carries no settings, so two tasks that return the same one share its file.
    const bytes = await sharp(await png(32, 32, '#abcdef'))
      .jpeg()
      .toBuffer();
    const a = await addImage('twin one', bytes, 'image/jpeg');
    const b = await addImage('twin two', bytes, 'image/jpeg');
    expect(b.path).toBe(a.path);
    const receipt = await library.bulk.trash({ ids: [b.id] });
    expect(existsSync(a.path)).toBe(true);
    await room.clock.advance(UNDO_WINDOW_MS);
    expect(trashed).toEqual([]);
    expect(receipt.count).toBe(1);
    expect(must(library.get(a.id)).path).toBe(a.path);
  });

  it('Undo after the same download was filed again meanwhile: the newer row stands and no file is left unindexed', async () => {
    const file = resultFile();
    const fileIt = async (): Promise<LibraryItem> => {
      await room.clock.advance(1000);
      const made = task({ params: { prompt: 'filed twice' } });
      return fileBytes(library, await png(40, 30, '#4477aa'), { source: made, file });
    };
    const first = await fileIt();
    const receipt = await library.bulk.trash({ ids: [first.id] });
    // Try again on its task fetched the same link again while the deletion waited.
    const again = await fileIt();
    // Undo counts it back: the picture is in the library, under the row filed meanwhile.
    expect(await library.bulk.undo(must(receipt.undoId))).toBe(1);
    expect(library.query().items.map((i) => i.id)).toEqual([again.id]);
    // Every file in the day folders is one a row names: the copy Undo moved back went to the trash.
    const named = new Set(
      room.db
        .prepare('SELECT path AS p FROM library_items UNION SELECT thumbnail_path FROM library_items')
        .all()
        .map((row) => String(row.p)),
    );
    const media = join(room.dir, 'media');
    const onDisk: string[] = [];
    for (const day of await readdir(media)) {
      if (day.startsWith('.')) continue;
      for (const name of await readdir(join(media, day))) {
        if (!name.startsWith('.')) onDisk.push(join(media, day, name));
      }
    }
    expect(onDisk.filter((path) => !named.has(path))).toEqual([]);
    expect(trashed.length).toBeGreaterThanOrEqual(1);
    expect(existsSync(again.path)).toBe(true);
  });

  it('restores beside a file that took the place meanwhile, never over it', async () => {
    const a = await addImage('crowded');
    const receipt = await library.bulk.trash({ ids: [a.id] });
    await writeBytes(a.path, Buffer.from('someone else'));
    await library.bulk.undo(must(receipt.undoId));
    const back = must(library.get(a.id));
    expect(back.path).not.toBe(a.path);
    expect(basename(back.path)).toMatch(/ \(2\)\.png$/);
    expect(await readFile(a.path, 'utf8')).toBe('someone else');
    expect(library.isLibraryFile(back.path)).toBe(true);
  });

  it('flush sends every open window to the trash; a new run sweeps what a stopped one left', async () => {
    const a = await addImage('flushed');
    await library.bulk.trash({ ids: [a.id] });
    await library.bulk.flush();
    expect(trashed.length).toBe(2);

    const b = await addImage('left behind');
    await library.bulk.trash({ ids: [b.id] });
    // A new library over the same folder (the app restarted inside the window): the old window is lost.
    trashed = [];
    // The folder's age is the file system's, so this run's clock is the real one.
    let now = Date.now();
    const next = new Library({
      db: room.db,
      dir: join(room.dir, 'media'),
      now: () => now,
      timers: new ManualClock(),
      trash: keepingTrash,
    });
    await next.bulk.sweep();
    // Too young: another process's window may still be open.
    expect(trashed).toEqual([]);
    now += UNDO_WINDOW_MS + 1000;
    await next.bulk.sweep();
    expect(trashed.length).toBe(2);
  });

  it("in web mode and the CLI, files end in the library's own .trash folder", async () => {
    const plain = libraryOnClock(room, { undoWindowMs: UNDO_WINDOW_MS });
    const item = await fileBytes(plain, await png(20, 20, '#102030'), { name: 'plain.png' });
    const receipt = await plain.bulk.trash({ ids: [item.id] });
    expect(receipt.trash).toBe('folder');
    await room.clock.advance(UNDO_WINDOW_MS);
    await expect
      .poll(async () => (await readdir(join(room.dir, 'media', '.trash'))).sort())
      .toContain('plain.png');
  });
});
