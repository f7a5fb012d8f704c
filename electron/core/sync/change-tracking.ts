// Sync's change tracking: the triggers that mark a library item, preset, style, pin, prompt or cast member dirty whoever
// writes it (the app, the CLI, another process on the same file). They sit on other modules' tables, and a later
// migration of those modules that rebuilds a table (SQLite's create-copy-drop-rename) drops every trigger on it
// without a word: sync would then send nothing more, and no test of that module would notice. So this module is
// the triggers' one owner: openStudioDatabase() runs ensureChangeTracking() after every migration, which puts
// back any trigger that is missing or differs, and marks every row of a table that was untracked dirty (a change
// made while it was untracked is then still sent; a row that did not change sends nothing).
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db';
import { libraryItemIds } from '../library/library-reads';
import { markAllDocsDirty } from './doc-sync';

interface Tracker {
  name: string;
  /** The watched table (another module's). */
  table: string;
  sql: string;
}

const ITEM_MARK = (row: 'new' | 'old') =>
  `BEGIN INSERT OR IGNORE INTO sync_dirty (item_id) VALUES (${row}.id); END`;

/** The library's items: added, edited in a field that syncs, removed. */
const ITEM_TRACKERS: readonly Tracker[] = [
  {
    name: 'sync_dirty_insert',
    table: 'library_items',
    sql: `CREATE TRIGGER sync_dirty_insert AFTER INSERT ON library_items ${ITEM_MARK('new')}`,
  },
  {
    name: 'sync_dirty_update',
    table: 'library_items',
    sql: `CREATE TRIGGER sync_dirty_update AFTER UPDATE OF favourite, tags, title, cost, credits_cost ON library_items ${ITEM_MARK('new')}`,
  },
  {
    name: 'sync_dirty_delete',
    table: 'library_items',
    sql: `CREATE TRIGGER sync_dirty_delete AFTER DELETE ON library_items ${ITEM_MARK('old')}`,
  },
];

/**
 * The presets room's rows and the cast's members, each keyed as doc-sync.ts keys it. Not INSERT OR IGNORE: an upsert's ON CONFLICT (the
 * preset store writes with one) overrides a trigger's conflict clause, so a second mark would fail the save.
 */
const DOC_TRACKERS: readonly Tracker[] = (['INSERT', 'UPDATE', 'DELETE'] as const).flatMap((event) => {
  const row = event === 'DELETE' ? 'old' : 'new';
  const watched: [kind: string, table: string, key: string, when: string][] = [
    ['preset', 'presets', `${row}.id`, ''],
    ['style', 'styles', `${row}.id`, ''],
    ['pin', 'prompt_pins', `${row}.text`, ''],
    ['cast', 'cast_members', `${row}.id`, ''],
    [
      'prompt',
      'prompt_history',
      `CASE WHEN ${row}.task_id IS NOT NULL THEN 't:' || ${row}.task_id ELSE 'i:' || ${row}.item_id END`,
      ` WHEN ${row}.task_id IS NOT NULL OR ${row}.item_id IS NOT NULL`,
    ],
  ];
  return watched.map(([kind, table, key, when]) => {
    const name = `sync_docs_${table}_${event.toLowerCase()}`;
    return {
      name,
      table,
      sql:
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table}${when} BEGIN ` +
        `INSERT INTO sync_docs_dirty (kind, key) SELECT '${kind}', ${key} ` +
        `WHERE NOT EXISTS (SELECT 1 FROM sync_docs_dirty WHERE kind = '${kind}' AND key = ${key}); END`,
    };
  });
});

/** Every trigger sync's tracking needs: the one list the check, the repair and the tests read. */
export const CHANGE_TRACKERS: readonly Tracker[] = [...ITEM_TRACKERS, ...DOC_TRACKERS];

/** Spaces collapsed: SQLite keeps a trigger's text as written, and the migrations wrote theirs over lines. */
const normal = (sql: string): string =>
  sql
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*END$/i, '; END')
    .trim();

function storedTriggers(db: DatabaseSync): Map<string, string> {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as {
    name: string;
    sql: string;
  }[];
  return new Map(rows.map((row) => [row.name, normal(row.sql)]));
}

/** The tracking triggers that are missing or not as defined here ("sync_dirty_insert missing"); [] when whole. */
export function changeTrackingProblems(db: DatabaseSync): string[] {
  const stored = storedTriggers(db);
  return CHANGE_TRACKERS.flatMap(({ name, sql }) => {
    const found = stored.get(name);
    if (found === undefined) return [`${name} missing`];
    return found === normal(sql) ? [] : [`${name} differs`];
  });
}

/**
 * Puts every tracking trigger in place as defined here, after all migrations have run. A table that had lost a
 * trigger has all its rows marked dirty: what changed while it was untracked is found by the next round's
 * three-way compare (unchanged rows send nothing). Writes nothing when all is in place, which is every open but
 * the first after a rebuild, so a second process opening the file is not held up.
 */
export function ensureChangeTracking(db: DatabaseSync): void {
  if (changeTrackingProblems(db).length === 0) return;
  transaction(db, () => {
    const stored = storedTriggers(db);
    const untracked = new Set<string>();
    for (const { name, table, sql } of CHANGE_TRACKERS) {
      const found = stored.get(name);
      if (found === normal(sql)) continue;
      if (found === undefined) untracked.add(table);
      db.exec(`DROP TRIGGER IF EXISTS ${name}`);
      db.exec(sql);
    }
    if (untracked.has('library_items')) {
      const mark = db.prepare('INSERT OR IGNORE INTO sync_dirty (item_id) VALUES (?)');
      for (const id of libraryItemIds(db)) mark.run(id);
    }
    if (DOC_TRACKERS.some((tracker) => untracked.has(tracker.table))) markAllDocsDirty(db);
  });
}
