// The tasks table: one row per submission, written before the POST leaves so a restart can see every task
// the gateway may know about. params is the request body but the model, as JSON; the key is never stored.
import type { Migration } from '../db/database';
import { scrubStoredTaskErrors } from './task-secret-scrub';

export const taskMigrations: readonly Migration[] = [
  {
    id: 'tasks-001',
    up: `
      CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        remote_id TEXT,
        family TEXT NOT NULL,
        model TEXT NOT NULL,
        kind TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        params TEXT NOT NULL,
        webhook TEXT,
        idempotency_key TEXT,
        state TEXT NOT NULL,
        progress INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        cost REAL,
        credits_cost REAL,
        estimated_time REAL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        completed_at INTEGER,
        tracking_started_at INTEGER,
        parent_task_id TEXT REFERENCES tasks(id) ON DELETE SET NULL,
        result_files TEXT
      ) STRICT;
      CREATE INDEX tasks_state ON tasks(state);
      CREATE INDEX tasks_created ON tasks(created_at);
      CREATE INDEX tasks_remote ON tasks(remote_id);
    `,
  },
  {
    // What the usage report said about a task the gateway may have charged unseen.
    id: 'tasks-002',
    up: 'ALTER TABLE tasks ADD COLUMN reconciliation TEXT;',
  },
  {
    // When the POST of a 'submitting' row left (null while it waits for the budget or after a 429): a row
    // never sent is sent after a restart instead of being reported as possibly charged.
    id: 'tasks-003',
    up: 'ALTER TABLE tasks ADD COLUMN sent_at INTEGER;',
  },
  {
    // What each task was made from (re-run, edit, library reference, music source, grid source), one
    // row per source, indexed both ways so the viewer's chain costs two index lookups.
    id: 'tasks-004',
    up: `
      CREATE TABLE task_sources (
        seq INTEGER PRIMARY KEY,
        task_id TEXT NOT NULL,
        relation TEXT NOT NULL,
        source_task_id TEXT NOT NULL,
        source_item_id TEXT NOT NULL DEFAULT '',
        UNIQUE (task_id, relation, source_task_id, source_item_id)
      ) STRICT;
      CREATE INDEX task_sources_source ON task_sources(source_task_id);
    `,
  },
  {
    // The submission key is the caller's, chosen once per press and sent again with every repeat; at
    // most one row per key is what turns a repeat into "that task" instead of a second paid one, across the app
    // and a CLI sharing the database too. Keys written before were random UUIDs, so none collide.
    id: 'tasks-005-submission-keys',
    up: 'CREATE UNIQUE INDEX tasks_idempotency_key ON tasks(idempotency_key) WHERE idempotency_key IS NOT NULL;',
  },
  {
    // Batches: several prompts × n sent at one press share a batch id (the press's key) and
    // know their batch's size, so the library can group them and a tile can say "batch of 6".
    id: 'tasks-006-batches',
    up: `
      ALTER TABLE tasks ADD COLUMN batch_id TEXT;
      ALTER TABLE tasks ADD COLUMN batch_size INTEGER;
      CREATE INDEX tasks_batch ON tasks(batch_id) WHERE batch_id IS NOT NULL;
    `,
  },
  {
    // A gateway that echoed the Authorization header in a task's error got the key stored before every gateway
    // text was scrubbed: rewrite those rows (the bare key is scrubbed at start by the host, which knows it).
    id: 'tasks-scrub-echoed-secrets',
    up: (db) => {
      scrubStoredTaskErrors(db);
    },
  },
  {
    // The submission queue (docs/engine.md, "The queue"): submissions held back until their turn, each with the
    // key its task row will carry, so a restart mid-send finds that row instead of sending again. Not task rows:
    // a held item has cost nothing, and the spending budgets count every task row from the moment it is written.
    // `position` orders the waiting items (a move rewrites one number); the one queue_state row is the queue's
    // pause, its reason, its schedule and how many of its tasks may run at once.
    id: 'tasks-007-queue',
    up: `
      CREATE TABLE queue_items (
        id TEXT PRIMARY KEY,
        position REAL NOT NULL,
        state TEXT NOT NULL,
        origin TEXT NOT NULL,
        group_id TEXT,
        family TEXT NOT NULL,
        model TEXT NOT NULL,
        params TEXT NOT NULL,
        webhook TEXT,
        submission_key TEXT NOT NULL UNIQUE,
        options TEXT NOT NULL,
        confirmed INTEGER NOT NULL DEFAULT 0,
        task_id TEXT,
        error TEXT,
        charge TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX queue_items_order ON queue_items(state, position);
      CREATE TABLE queue_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        paused INTEGER NOT NULL DEFAULT 0,
        paused_reason TEXT,
        confirm_item TEXT,
        start_at INTEGER,
        parallel INTEGER NOT NULL DEFAULT 2
      ) STRICT;
      INSERT INTO queue_state (id) VALUES (1);
    `,
  },
  {
    // One prompt sent to several models at one press is a batch marked for comparison: its tasks open
    // together in the compare view (Create's "Also run on…", the library's "Compare group").
    id: 'tasks-008-compare-groups',
    up: 'ALTER TABLE tasks ADD COLUMN batch_compare INTEGER CHECK (batch_compare IN (1));',
  },
  {
    // How the reference pictures went: uploaded first or inline as data URLs, and why (seen in public clients).
    id: 'tasks-009-references-sent-as',
    up: 'ALTER TABLE tasks ADD COLUMN references_sent_as TEXT;',
  },
  {
    // A status word the gateway used that the app does not know (read as processing): the row shows it.
    id: 'tasks-010-gateway-status',
    up: 'ALTER TABLE tasks ADD COLUMN gateway_status TEXT;',
  },
  {
    // Why the limits paused the queue, as facts (JSON of a SpendStop) beside its English sentence, so the app
    // words it in the person's language. A pause kept before this has none: its sentence is shown as it is.
    id: 'tasks-011-queue-paused-for',
    up: 'ALTER TABLE queue_state ADD COLUMN paused_for TEXT;',
  },
  {
    // When a start picked the task up again (it was being tracked when the studio stopped): its row says it is
    // resumed and being checked, instead of a 0 % that looks dead until the first answer.
    id: 'tasks-012-resumed-at',
    up: 'ALTER TABLE tasks ADD COLUMN resumed_at INTEGER;',
  },
  {
    // Only a music operation or an upscale has a source task (made-from-links.ts). Before this was fixed a recipe's
    // later step recorded the step before as a "music source" too, so an image → video recipe's video was made
    // from the picture twice; those links are removed (its reference link, the true one, stays).
    id: 'tasks-013-sources-by-family',
    up: `
      DELETE FROM task_sources
      WHERE relation IN ('music-source', 'grid-source')
        AND task_id IN (SELECT id FROM tasks WHERE family NOT LIKE 'music.%' AND family <> 'grid.upscale');
    `,
  },
  {
    // A task past its poll budget is checked less often (never failed for its length): its row says how often,
    // instead of looking stuck.
    id: 'tasks-014-slow-checks',
    up: 'ALTER TABLE tasks ADD COLUMN checked_every_ms INTEGER;',
  },
  {
    // A fingerprint of the key that submitted the task (never the key): after a restart the task is polled with
    // that key, kept in the secret store while the task is unfinished (submitting-keys.ts).
    id: 'tasks-015-key-ref',
    up: 'ALTER TABLE tasks ADD COLUMN key_ref TEXT;',
  },
];
