// Sync's change tracking cannot be dropped silently: the triggers that mark library items and the presets
// room's rows dirty are in place and fire on a database opened from every point of the migration history, and
// after a later migration rebuilds library_items (which drops every trigger on it) the next open puts them back
// and marks the rows that changed meanwhile.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import { PresetStore, PromptHistory } from '../../../electron/core/presets';
import { openStudioDatabase, studioMigrations } from '../../../electron/core/studio-database';
import { CHANGE_TRACKERS, changeTrackingProblems } from '../../../electron/core/sync/change-tracking';
import { useTempDir } from '../../support/studio-db';
import { addImage } from './sync-devices';

const folder = useTempDir('change-tracking-');

const dirtyItems = (db: DatabaseSync): string[] =>
  db
    .prepare('SELECT item_id FROM sync_dirty ORDER BY item_id')
    .all()
    .map((row) => String(row.item_id));
const dirtyDocs = (db: DatabaseSync): string[] =>
  db
    .prepare('SELECT kind FROM sync_docs_dirty ORDER BY kind')
    .all()
    .map((row) => String(row.kind));
const clearDirty = (db: DatabaseSync): void =>
  db.exec('DELETE FROM sync_dirty; DELETE FROM sync_docs_dirty;');

/** Every kind of tracked write, each seen marking its row: an item added, edited, removed; a preset, a style,
 * a pin and a prompt saved. */
async function expectTrackingFires(db: DatabaseSync, dir: string): Promise<void> {
  expect(changeTrackingProblems(db)).toEqual([]);
  const library = new Library({ db, dir: join(dir, 'library') });
  clearDirty(db);
  const item = await addImage({ library }, 'a heron at dawn');
  expect(dirtyItems(db)).toEqual([item.id]);
  clearDirty(db);
  library.update(item.id, { favourite: true });
  expect(dirtyItems(db)).toEqual([item.id]);
  clearDirty(db);
  db.prepare('DELETE FROM library_items WHERE id = ?').run(item.id);
  expect(dirtyItems(db)).toEqual([item.id]);
  await library.bulk.flush();
  const presets = new PresetStore({ db });
  const history = new PromptHistory({ db });
  presets.savePreset({ name: 'Square', family: 'image.i3', model: 'image_model_id_i3', params: {} });
  presets.saveStyle({ name: 'Film', text: 'shot on film', placement: 'after' });
  history.record({ text: 'rain on a tin roof', family: 'image.i3', sentAt: 1_000, taskId: 'task-1' });
  history.pin('rain on a tin roof', true);
  expect(dirtyDocs(db)).toEqual(['pin', 'preset', 'prompt', 'style']);
}

describe('sync change tracking', () => {
  it('is whole and fires on a database upgraded from every point of the migration history', async () => {
    const migrations = studioMigrations(join(folder.dir, 'references'));
    for (let applied = 0; applied <= migrations.length; applied += 1) {
      // The file as an older version left it: only the first `applied` steps (a fresh file for 0).
      const raw = new DatabaseSync(join(folder.dir, `older-${applied}.db`));
      runMigrations(raw, migrations.slice(0, applied));
      raw.close();
      const db = openStudioDatabase(join(folder.dir, `older-${applied}.db`));
      try {
        expect(changeTrackingProblems(db), `after ${migrations[applied - 1]?.id ?? 'nothing'}`).toEqual([]);
        if (applied === migrations.length || applied % 7 === 0)
          await expectTrackingFires(db, join(folder.dir, `lib-${applied}`));
      } finally {
        db.close();
      }
    }
  }, 60_000);

  it('a later migration that rebuilds library_items loses no tracking: the next open puts it back', async () => {
    const path = join(folder.dir, 'studio.db');
    const first = openStudioDatabase(path);
    const library = new Library({ db: first, dir: join(folder.dir, 'library') });
    const kept = await addImage({ library }, 'lighthouse at dusk');
    const other = await addImage({ library }, 'gull');
    await library.bulk.flush();
    clearDirty(first);
    first.close();

    // A step a later version might add: SQLite's create-copy-drop-rename, which drops every trigger on the table;
    // and, while the table is untracked, an edit (another process, or the step itself).
    const raw = new DatabaseSync(path);
    const sql = (
      raw.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'library_items'").get() as {
        sql: string;
      }
    ).sql;
    raw.exec('PRAGMA foreign_keys = OFF; BEGIN;');
    raw.exec(sql.replace(/^CREATE TABLE library_items/, 'CREATE TABLE library_items_new'));
    raw.exec('INSERT INTO library_items_new SELECT * FROM library_items');
    raw.exec('DROP TABLE library_items');
    raw.exec('ALTER TABLE library_items_new RENAME TO library_items');
    raw.exec('COMMIT');
    const lost = CHANGE_TRACKERS.filter((t) => t.table === 'library_items').map((t) => `${t.name} missing`);
    expect(changeTrackingProblems(raw)).toEqual(lost);
    raw.prepare('UPDATE library_items SET favourite = 1 WHERE id = ?').run(kept.id);
    expect(dirtyItems(raw)).toEqual([]);
    raw.close();

    const db = openStudioDatabase(path);
    try {
      expect(changeTrackingProblems(db)).toEqual([]);
      // The edit made while untracked is sent: every row is marked, and the round's compare finds the change.
      expect(dirtyItems(db)).toEqual([kept.id, other.id].sort());
      await expectTrackingFires(db, folder.dir);
    } finally {
      db.close();
    }
  });
});
