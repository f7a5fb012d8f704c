// The jobs room's table: every piece of background work that must outlive a restart, one row each, written
// before the work starts (docs/engine.md, "One durable work list").
import type { Migration } from '../db/database';

export const jobMigrations: readonly Migration[] = [
  {
    // kind + key is the work's own name (a queue item's id, a run's id): adding it again finds the row.
    // lease_life names the life of the runner that runs it, lease_pid its process, so a start tells its own
    // earlier life's rows (a crash) from a live neighbour's.
    id: 'jobs-001',
    up: `
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('waiting', 'running', 'done', 'failed', 'cancelled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_try_at INTEGER NOT NULL,
        lease_life TEXT,
        lease_pid INTEGER,
        error TEXT,
        progress TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (kind, key)
      ) STRICT;
      CREATE INDEX jobs_due ON jobs(state, next_try_at);
    `,
  },
];
