// A process stopped in the middle of a deletion (kill -9) leaves no file nothing knows about: the deletion is
// journaled before a file moves, and the next start finishes or rolls back what was under way. Each test leaves
// the journal, the files and the rows exactly as a process killed at that step leaves them (its writer's
// process id one that no longer runs), then starts a new Library on the same database and folder, as a restart
// does. The sweep of files no item indexes is tested here too: what a crash while saving leaves behind.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Library } from '../../../electron/core/library';
import { pngWithSettings } from '../../../electron/core/library/file-settings';
import { TrashJournal } from '../../../electron/core/library/trash-journal';
import type { LibraryItem } from '../../../shared/studio/records';
import {
  fileBytes,
  libraryOnClock,
  must,
  pictureSettings,
  png,
  recordingTrash,
  task,
  writeStray,
  distinctPng,
  UNDO_WINDOW_MS,
  useClockedRoom,
} from './library-fixtures';

const room = useClockedRoom('trash-journal-');

let trashed: string[];

/** A process id that ran and is gone: the writer of a deletion the next start must finish. */
const deadPid = (): number => must(spawnSync(process.execPath, ['-e', '0']).pid);

const openLibrary = (): Library =>
  libraryOnClock(room, {
    trash: recordingTrash((path) => void trashed.push(basename(path))),
    undoWindowMs: UNDO_WINDOW_MS,
  });

beforeEach(async () => {
  trashed = [];
});

async function addImage(library: Library, prompt: string): Promise<LibraryItem> {
  await room.clock.advance(1000);
  return fileBytes(library, await distinctPng(), { source: task({ params: { prompt } }) });
}

/** The deletion as the killed process left it: its writer gone. */
const orphanJournal = (pid = deadPid()) =>
  room.db.prepare('UPDATE library_trash_journal SET pid = ?').run(pid);
const journalRows = () => room.db.prepare('SELECT id, state FROM library_trash_journal').all();
const ids = (library: Library) =>
  library
    .query()
    .items.map((i) => i.id)
    .sort();

describe('a deletion cut short by a kill', () => {
  it('killed while moving its files: rolled back at the next start, rows and files as they were', async () => {
    const before = openLibrary();
    const a = await addImage(before, 'a fox');
    const b = await addImage(before, 'a hen');
    // The kill came after the journal and the first file's move, before the second and before the rows went.
    const pendingDir = join(room.dir, 'media', '.trash', '.undo', 'cut-short');
    const moves = [a.path, b.path].map((from, i) => ({
      from,
      to: join(pendingDir, String(i + 1), basename(from)),
    }));
    new TrashJournal(room.db, () => room.clock.now()).begin({
      id: 'cut-short',
      rows: room.db.prepare('SELECT * FROM library_items').all() as never,
      moves,
      dir: pendingDir,
      undoUntil: room.clock.now() + UNDO_WINDOW_MS,
    });
    await mkdir(dirname(must(moves[0]).to), { recursive: true });
    await rename(a.path, must(moves[0]).to);
    orphanJournal();

    const after = openLibrary();
    await after.bulk.sweep();

    expect(ids(after)).toEqual([a.id, b.id].sort());
    expect(existsSync(a.path) && existsSync(b.path)).toBe(true);
    expect(existsSync(pendingDir)).toBe(false);
    expect(journalRows()).toEqual([]);
    expect((await after.strays.find()).files).toEqual([]);
  });

  it('killed inside its undo window: the next start keeps the window, and Undo still brings it back', async () => {
    const before = openLibrary();
    const a = await addImage(before, 'a fox');
    const receipt = await before.bulk.trash({ ids: [a.id] });
    orphanJournal();

    const after = openLibrary();
    await after.bulk.sweep();
    const undoId = must(receipt.undoId);
    expect(after.bulk.openUndos()).toEqual([{ undoId, count: 1, undoUntil: receipt.undoUntil }]);
    expect(await after.bulk.undo(undoId)).toBe(1);
    expect(ids(after)).toEqual([a.id]);
    expect(existsSync(a.path)).toBe(true);
    expect(journalRows()).toEqual([]);
  });

  it('killed after its window: the next start sends its files on to the trash', async () => {
    const before = openLibrary();
    const a = await addImage(before, 'a fox');
    await before.bulk.trash({ ids: [a.id] });
    orphanJournal();
    await room.clock.advance(UNDO_WINDOW_MS + 1);

    const after = openLibrary();
    await after.bulk.sweep();
    expect(trashed).toContain(basename(a.path));
    expect(ids(after)).toEqual([]);
    expect(journalRows()).toEqual([]);
    expect(existsSync(join(room.dir, 'media', '.trash', '.undo'))).toBe(true);
    expect(await readdir(join(room.dir, 'media', '.trash', '.undo'))).toEqual([]);
  });

  it('killed while undoing: the next start finishes the undo', async () => {
    const before = openLibrary();
    const a = await addImage(before, 'a fox');
    const receipt = await before.bulk.trash({ ids: [a.id] });
    // The undo had begun and the picture was back in place, but not its thumbnail and not the row.
    room.db.prepare("UPDATE library_trash_journal SET state = 'restoring'").run();
    const pending = join(room.dir, 'media', '.trash', '.undo', must(receipt.undoId));
    for (const slot of await readdir(pending)) {
      for (const name of await readdir(join(pending, slot))) {
        if (name === basename(a.path)) await rename(join(pending, slot, name), a.path);
      }
    }
    orphanJournal();

    const after = openLibrary();
    await after.bulk.sweep();
    expect(ids(after)).toEqual([a.id]);
    expect(existsSync(a.path) && existsSync(must(a.thumbnailPath))).toBe(true);
    expect(journalRows()).toEqual([]);
  });

  it('leaves alone a deletion whose writer still runs (the app beside the CLI)', async () => {
    const before = openLibrary();
    const a = await addImage(before, 'a fox');
    await before.bulk.trash({ ids: [a.id] });
    // Its own toast offers Undo: the list of windows a restart found stays empty.
    expect(before.bulk.openUndos()).toEqual([]);
    const after = openLibrary();
    await after.bulk.sweep();
    expect(after.bulk.openUndos()).toEqual([]);
    expect(journalRows()).toHaveLength(1);
  });
});

describe('files no item indexes', () => {
  async function stray(library: Library, name: string, bytes: Buffer): Promise<string> {
    const path = await library.allocatePath(name);
    await writeStray(path, bytes);
    return relative(join(room.dir, 'media'), path);
  }

  it('are reported, and re-indexed as their settings say or, when a copy of filed bytes, trashed', async () => {
    const library = openLibrary();
    const kept = await addImage(library, 'a kept picture');
    const settings = pictureSettings('a lost lighthouse');
    const lost = await stray(
      library,
      'lost.png',
      Buffer.from(pngWithSettings(await png(32, 32, '#112233'), settings)),
    );
    const copy = await stray(library, 'copy.png', await readFile(kept.path));
    const plain = await stray(library, 'plain.png', await png(16, 16, '#445566'));

    const report = await library.strays.find();
    expect(report.files.map((f) => [f.path, f.refileable]).sort()).toEqual(
      [
        [copy, false],
        [lost, true],
        [plain, false],
      ].sort(),
    );

    // A path that is not a stray is never touched, whatever the caller names.
    const outcome = await library.strays.reindex([
      lost,
      copy,
      plain,
      relative(join(room.dir, 'media'), kept.path),
      '../studio.db',
    ]);
    expect(outcome).toEqual({ filed: 1, duplicates: 1, kept: 1 });
    expect(library.query({ search: 'lighthouse' }).items.map((i) => i.family)).toEqual(['image.i3']);
    expect(trashed).toEqual(['copy.png']);
    expect(existsSync(kept.path) && existsSync(join(room.dir, 'studio.db'))).toBe(true);

    expect(await library.strays.trash([plain])).toBe(1);
    expect((await library.strays.find()).files).toEqual([]);
  });

  it('leaves out a file written in the last minute: a neighbour may be filing it', async () => {
    const library = openLibrary();
    await writeFile(await library.allocatePath('fresh.png'), await png(8, 8));
    expect((await library.strays.find()).files).toEqual([]);
  });
});
