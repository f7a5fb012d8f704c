// Sync's own tables, in the library's database, apart from the library's. The library knows nothing of them:
// triggers on library_items mark an item dirty whoever changes it (the app, the CLI, another process on the
// same file), and a round compares the dirty items with what sync last agreed on, so a change that sync itself
// applied, or a favourite set to what it already was, sends nothing. The triggers these steps made are
// owned by change-tracking.ts from then on: it checks and puts them back after every migration, as a later
// rebuild of a watched table drops them.
import { withoutAddressCredentials } from '../../../shared/studio/sync';
import type { Migration } from '../db';

export const SYNC_MIGRATIONS: readonly Migration[] = [
  {
    id: 'sync-001',
    up: `
CREATE TABLE sync_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE sync_dirty (item_id TEXT PRIMARY KEY) STRICT;
-- What the devices agreed on per item: its record (null until another device's put is read) and each mergeable
-- field with the hybrid-clock stamp of the edit that set it. Alive while live_hlc (the latest put, restore or
-- edit) is later than trash_hlc (the latest delete).
CREATE TABLE sync_items (
  id TEXT PRIMARY KEY,
  record TEXT,
  origin_device TEXT,
  origin_name TEXT,
  favourite INTEGER NOT NULL DEFAULT 0,
  favourite_hlc TEXT NOT NULL DEFAULT '',
  title TEXT,
  title_hlc TEXT NOT NULL DEFAULT '',
  cost TEXT,
  cost_hlc TEXT NOT NULL DEFAULT '',
  live_hlc TEXT NOT NULL DEFAULT '',
  trash_hlc TEXT NOT NULL DEFAULT '',
  -- What the library row showed when sync last wrote or read it: a row that differs from it was edited here,
  -- and only that difference is this device's change (a three-way merge, so an edit made while another
  -- device's change was being applied is neither lost nor mistaken for undoing it).
  base TEXT
) STRICT;
-- Tags merge one by one: a last-writer-wins flag per (item, tag), "Fox" and "fox" one tag.
CREATE TABLE sync_tags (
  item_id TEXT NOT NULL,
  tag_key TEXT NOT NULL,
  tag TEXT NOT NULL,
  present INTEGER NOT NULL,
  hlc TEXT NOT NULL,
  PRIMARY KEY (item_id, tag_key)
) STRICT;
-- How many segments of each other device's log have been applied here.
CREATE TABLE sync_cursors (device TEXT PRIMARY KEY, segments INTEGER NOT NULL, name TEXT NOT NULL DEFAULT '') STRICT;
-- This device's segments built but not yet confirmed on the remote: sent again, unchanged, after a crash.
CREATE TABLE sync_outbox (seq INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT;
-- Files known to be on the remote whole.
CREATE TABLE sync_blobs (sha256 TEXT PRIMARY KEY) STRICT;
-- Items whose agreed state changed and whose library row has not caught up yet (survives a crash mid-merge).
-- action: a file move decided but not yet done (trash, restore), finished first by the next round.
CREATE TABLE sync_apply (item_id TEXT PRIMARY KEY, action TEXT) STRICT;

CREATE TRIGGER sync_dirty_insert AFTER INSERT ON library_items BEGIN
  INSERT OR IGNORE INTO sync_dirty (item_id) VALUES (new.id);
END;
CREATE TRIGGER sync_dirty_update AFTER UPDATE OF favourite, tags, title, cost, credits_cost ON library_items BEGIN
  INSERT OR IGNORE INTO sync_dirty (item_id) VALUES (new.id);
END;
CREATE TRIGGER sync_dirty_delete AFTER DELETE ON library_items BEGIN
  INSERT OR IGNORE INTO sync_dirty (item_id) VALUES (old.id);
END;
INSERT OR IGNORE INTO sync_dirty (item_id) SELECT id FROM library_items;
`,
  },
  {
    // The presets room's rows travel too (presets/presets-replica.ts reads and writes them): each is one value
    // keyed by (kind, key), the later edit wins whole. Triggers mark a changed row dirty, whoever writes it.
    // Not INSERT OR IGNORE: an upsert's ON CONFLICT (the preset store writes with one) overrides a trigger's
    // conflict clause, so a second mark would fail the person's save.
    id: 'sync-002-shared-rows',
    up: `
CREATE TABLE sync_docs_dirty (kind TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (kind, key)) STRICT;
-- The agreed value of each row (null: deleted) and the stamp of the edit that set it.
CREATE TABLE sync_docs (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT,
  hlc TEXT NOT NULL,
  PRIMARY KEY (kind, key)
) STRICT;
${['INSERT', 'UPDATE', 'DELETE']
  .flatMap((event) => {
    const row = event === 'DELETE' ? 'old' : 'new';
    return [
      ['preset', 'presets', `${row}.id`],
      ['style', 'styles', `${row}.id`],
      ['pin', 'prompt_pins', `${row}.text`],
      [
        'prompt',
        'prompt_history',
        `CASE WHEN ${row}.task_id IS NOT NULL THEN 't:' || ${row}.task_id ELSE 'i:' || ${row}.item_id END`,
      ],
    ].map(
      ([
        kind,
        table,
        key,
      ]) => `CREATE TRIGGER sync_docs_${table}_${event.toLowerCase()} AFTER ${event} ON ${table}
  ${kind === 'prompt' ? `WHEN ${row}.task_id IS NOT NULL OR ${row}.item_id IS NOT NULL` : ''}
BEGIN
  INSERT INTO sync_docs_dirty (kind, key) SELECT '${kind}', ${key}
    WHERE NOT EXISTS (SELECT 1 FROM sync_docs_dirty WHERE kind = '${kind}' AND key = ${key});
END;`,
    );
  })
  .join('\n')}
INSERT OR IGNORE INTO sync_docs_dirty (kind, key) SELECT 'preset', id FROM presets;
INSERT OR IGNORE INTO sync_docs_dirty (kind, key) SELECT 'style', id FROM styles;
INSERT OR IGNORE INTO sync_docs_dirty (kind, key) SELECT 'pin', text FROM prompt_pins;
INSERT OR IGNORE INTO sync_docs_dirty (kind, key)
  SELECT 'prompt', CASE WHEN task_id IS NOT NULL THEN 't:' || task_id ELSE 'i:' || item_id END
  FROM prompt_history WHERE task_id IS NOT NULL OR item_id IS NOT NULL;
`,
  },
  {
    // Earlier versions took a remote's address with a user name and password in it and kept the remote's
    // identity (remote-factory.ts remoteIdentity) with them in sync_meta. The address is now refused, and an old
    // setup's is split when the app reads it (host/sync-settings.ts): the identity loses them the same way, so the
    // remote is still the same one and nothing is sent again.
    id: 'sync-003-address-credentials',
    up: (db) => {
      const row = db.prepare("SELECT value FROM sync_meta WHERE key = 'remote'").get() as
        { value: string } | undefined;
      if (!row) return;
      const cleaned = row.value.replace(
        /^(webdav:|s3:)(.*)$/,
        (_, kind: string, address: string) => `${kind}${withoutAddressCredentials(address)}`,
      );
      if (cleaned !== row.value)
        db.prepare("UPDATE sync_meta SET value = ? WHERE key = 'remote'").run(cleaned);
    },
  },
  {
    // Changes another device wrote that break this app's rules (remote-gate.ts): kept with their device and the
    // reason, never applied, so a person (or a later build) can look into them; one row per op of a segment.
    id: 'sync-003-set-aside',
    up: `
CREATE TABLE sync_set_aside (
  device TEXT NOT NULL,
  seq INTEGER NOT NULL,
  op_index INTEGER NOT NULL,
  reason TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (device, seq, op_index)
) STRICT;
`,
  },
  {
    // Settings › Sync lists the devices with when each was last seen: the wall time of its latest change read.
    id: 'sync-004-device-seen',
    up: `ALTER TABLE sync_cursors ADD COLUMN last_seen INTEGER;`,
  },
  {
    // Past the cursor: the segments read beyond one that could not be read (applied: the last of them) and those
    // still unread (gaps), so a deleted or garbled segment costs one read a round, not a re-read of all after it.
    id: 'sync-005-cursor-gaps',
    up: `
ALTER TABLE sync_cursors ADD COLUMN applied INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sync_cursors ADD COLUMN gaps TEXT NOT NULL DEFAULT '[]';
`,
  },
];
