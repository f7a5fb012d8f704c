// The library's tables, registered with the shared db module as this subsystem's migrations. Items keep an
// integer rowid (seq) so the FTS5 index can be an external-content table kept in step by triggers: the
// prompt text is stored once, and a search never scans the items table.

import type { Migration } from '../db';
import { withoutControlCharacters } from '../../../shared/studio/records';
import { uniqueTags } from './library-tags';

import { TRASH_JOURNAL_MIGRATION } from './trash-journal';
import { LIBRARY_MOVE_MIGRATION } from './library-move';
import { LIBRARY_SHELF_MIGRATION } from './library-shelf';
export const LIBRARY_MIGRATIONS: readonly Migration[] = [
  {
    id: 'library-001',
    up: `
CREATE TABLE library_items (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'video', 'audio', 'speech')),
  path TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  mime TEXT NOT NULL,
  width INTEGER,
  height INTEGER,
  duration_seconds REAL,
  thumbnail_path TEXT,
  prompt TEXT,
  model TEXT NOT NULL,
  family TEXT NOT NULL,
  params TEXT NOT NULL DEFAULT '{}',
  task_id TEXT,
  remote_task_id TEXT,
  -- NULLs never collide in a UNIQUE index, so speech items (no URL) are unaffected.
  remote_url TEXT UNIQUE,
  expires_at INTEGER,
  cost REAL,
  credits_cost REAL,
  created_at INTEGER NOT NULL,
  favourite INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1)),
  tags TEXT NOT NULL DEFAULT '[]',
  source_task_id TEXT
);
CREATE INDEX library_items_created ON library_items (created_at, seq);
CREATE INDEX library_items_kind_created ON library_items (kind, created_at, seq);
CREATE INDEX library_items_model_created ON library_items (model, created_at, seq);
CREATE INDEX library_items_family_created ON library_items (family, created_at, seq);
CREATE INDEX library_items_favourite_created ON library_items (favourite, created_at, seq);
CREATE INDEX library_items_cost ON library_items (cost, seq);
CREATE INDEX library_items_size ON library_items (size, seq);
CREATE INDEX library_items_sha256 ON library_items (sha256);
CREATE INDEX library_items_path ON library_items (path);
CREATE INDEX library_items_task ON library_items (task_id);

CREATE VIRTUAL TABLE library_fts USING fts5(
  prompt,
  content = 'library_items',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER library_items_fts_insert AFTER INSERT ON library_items BEGIN
  INSERT INTO library_fts (rowid, prompt) VALUES (new.seq, coalesce(new.prompt, ''));
END;
CREATE TRIGGER library_items_fts_delete AFTER DELETE ON library_items BEGIN
  INSERT INTO library_fts (library_fts, rowid, prompt) VALUES ('delete', old.seq, coalesce(old.prompt, ''));
END;
CREATE TRIGGER library_items_fts_update AFTER UPDATE OF prompt ON library_items BEGIN
  INSERT INTO library_fts (library_fts, rowid, prompt) VALUES ('delete', old.seq, coalesce(old.prompt, ''));
  INSERT INTO library_fts (rowid, prompt) VALUES (new.seq, coalesce(new.prompt, ''));
END;
`,
  },
  {
    // Favourites are a few percent of a library: a partial index finds them without reading the rest.
    id: 'library-002',
    up: `
DROP INDEX library_items_favourite_created;
CREATE INDEX library_items_favourites ON library_items (created_at, seq) WHERE favourite = 1;
`,
  },
  {
    // Favourites of one kind (the gallery's favourites tab per media type) without reading other rows.
    id: 'library-003',
    up: `
CREATE INDEX library_items_favourites_kind ON library_items (kind, created_at, seq) WHERE favourite = 1;
`,
  },
  {
    // A music result is one item per track: its title and 1-based position (what a music operation names as
    // its source), and its cover as the item's picture rather than an untitled image item of its own. A cover
    // may arrive before or after its track, so covers are kept apart, keyed by task and track.
    id: 'library-004',
    up: `
ALTER TABLE library_items ADD COLUMN title TEXT;
ALTER TABLE library_items ADD COLUMN track_index INTEGER;
CREATE TABLE library_covers (
  task_id TEXT NOT NULL,
  track_index INTEGER NOT NULL,
  remote_url TEXT NOT NULL UNIQUE,
  path TEXT NOT NULL,
  thumbnail_path TEXT,
  PRIMARY KEY (task_id, track_index)
);
`,
  },
  {
    // Tags as rows: filtering by a tag and listing the tags with their counts are index lookups, not
    // a JSON scan of every item. The items' `tags` JSON column stays the one source of truth (what the bridge
    // reads and writes); triggers keep this table in step with it, whoever writes the row. NOCASE: "Fox" and
    // "fox" are one tag to a person filtering.
    id: 'library-005',
    up: `
CREATE TABLE library_tags (
  tag TEXT NOT NULL COLLATE NOCASE,
  item_seq INTEGER NOT NULL,
  PRIMARY KEY (tag, item_seq)
) WITHOUT ROWID;
CREATE INDEX library_tags_item ON library_tags (item_seq);
INSERT OR IGNORE INTO library_tags (tag, item_seq)
  SELECT trim(j.value), i.seq FROM library_items i, json_each(CASE WHEN json_valid(i.tags) THEN i.tags ELSE '[]' END) j
  WHERE j.type = 'text' AND trim(j.value) <> '';
CREATE TRIGGER library_items_tags_insert AFTER INSERT ON library_items BEGIN
  INSERT OR IGNORE INTO library_tags (tag, item_seq)
    SELECT trim(value), new.seq FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END)
    WHERE type = 'text' AND trim(value) <> '';
END;
CREATE TRIGGER library_items_tags_update AFTER UPDATE OF tags ON library_items BEGIN
  DELETE FROM library_tags WHERE item_seq = old.seq;
  INSERT OR IGNORE INTO library_tags (tag, item_seq)
    SELECT trim(value), new.seq FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END)
    WHERE type = 'text' AND trim(value) <> '';
END;
CREATE TRIGGER library_items_tags_delete AFTER DELETE ON library_items BEGIN
  DELETE FROM library_tags WHERE item_seq = old.seq;
END;
`,
  },
  {
    // Batches: an item made by a task of a batch keeps the batch's id and size, so the library
    // filters by batch with one index lookup and a tile says "batch of 6" without asking the tasks.
    id: 'library-batches',
    up: `
ALTER TABLE library_items ADD COLUMN batch_id TEXT;
ALTER TABLE library_items ADD COLUMN batch_size INTEGER;
CREATE INDEX library_items_batch ON library_items (batch_id) WHERE batch_id IS NOT NULL;
`,
  },
  {
    // Library sync: which device (or person, by the name they chose) made an item that came from another device,
    // and whether its file is on the remote only (a second device downloads files as they are opened).
    id: 'library-sync',
    up: `
ALTER TABLE library_items ADD COLUMN origin TEXT;
ALTER TABLE library_items ADD COLUMN remote_only INTEGER NOT NULL DEFAULT 0 CHECK (remote_only IN (0, 1));
`,
  },
  {
    // The kept trash (library-replica.ts): an item deleted by another device, or by `library trash`, keeps its
    // row here (and its files under .trash/kept/<id>/) until it is restored.
    id: 'library-trash',
    up: `
CREATE TABLE library_trash (
  id TEXT PRIMARY KEY,
  row TEXT NOT NULL,
  trashed_at INTEGER NOT NULL,
  kept_file TEXT,
  kept_thumbnail TEXT
);
`,
  },
  {
    // Tags were once stored as typed, control characters (NUL…) included: strip them (empty and repeated tags
    // dropped as uniqueTags does). The update trigger puts library_tags in step.
    id: 'library-tags-without-control-characters',
    up: (db) => {
      const rows = db.prepare("SELECT seq, tags FROM library_items WHERE tags <> '[]'").all() as {
        seq: number;
        tags: string;
      }[];
      const write = db.prepare('UPDATE library_items SET tags = ? WHERE seq = ?');
      for (const row of rows) {
        const cleaned = cleanedTags(row.tags);
        if (cleaned !== null) write.run(cleaned, row.seq);
      }
    },
  },
  {
    // One prompt sent to several models at one press (a batch marked for comparison): the library offers
    // "Compare group" on its items without asking the tasks.
    id: 'library-compare-groups',
    up: 'ALTER TABLE library_items ADD COLUMN batch_compare INTEGER CHECK (batch_compare IN (1));',
  },
  // Deletions journaled before their files move (trash-journal.ts), so a crash mid-delete is finished or undone.
  TRASH_JOURNAL_MIGRATION,
  {
    // A track and its cover filed at the same moment once left the track without its picture (the cover
    // found no item yet, the item had read no cover yet): give such tracks the cover their task already has.
    id: 'library-tracks-find-their-covers',
    up: `UPDATE library_items SET thumbnail_path = (
           SELECT c.thumbnail_path FROM library_covers c
            WHERE c.task_id = library_items.task_id AND c.track_index = library_items.track_index)
         WHERE thumbnail_path IS NULL AND track_index IS NOT NULL AND EXISTS (
           SELECT 1 FROM library_covers c
            WHERE c.task_id = library_items.task_id AND c.track_index = library_items.track_index
              AND c.thumbnail_path IS NOT NULL);`,
  },
  // A move of the library to another folder, journaled before its files move (library-move.ts).
  LIBRARY_MOVE_MIGRATION,
  // Libraries left for an empty one in another folder, kept to come back (library-shelf.ts).
  LIBRARY_SHELF_MIGRATION,
  {
    // Search follows each key, so its first one to three letters are prefix queries: without prefix indexes
    // FTS5 merges the lists of every word they start ("s" is thousands of words, 30 ms on 100 000 items).
    // Same content, tokenizer and triggers (they name the table, not its shape); the index is built afresh.
    id: 'library-search-prefix-indexes',
    up: `
DROP TABLE library_fts;
CREATE VIRTUAL TABLE library_fts USING fts5(
  prompt,
  content = 'library_items',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
INSERT INTO library_fts (library_fts) VALUES ('rebuild');
`,
  },
];

/** The tags JSON without control characters, or null when it needs no change (or is not a list of tags). */
function cleanedTags(json: string): string | null {
  let tags: unknown;
  try {
    tags = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(tags) || !tags.every((t): t is string => typeof t === 'string')) return null;
  if (tags.every((t) => withoutControlCharacters(t) === t)) return null;
  const out = uniqueTags(tags);
  return JSON.stringify(out);
}
