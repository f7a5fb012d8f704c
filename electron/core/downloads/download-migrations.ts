// One row per result file of a completed task. A row becomes 'done' only after the file is renamed into
// place and handed to the library, so a crash at any point leaves a 'pending' row and, at most, a .part
// file that the next start deletes.
import type { Migration } from '../db/database';

export const downloadMigrations: readonly Migration[] = [
  {
    id: 'downloads-001',
    up: `
      CREATE TABLE task_files (
        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        kind TEXT NOT NULL,
        url TEXT NOT NULL,
        expires_at INTEGER,
        file_index INTEGER NOT NULL,
        title TEXT,
        duration_seconds REAL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        path TEXT,
        size INTEGER,
        sha256 TEXT,
        mime TEXT,
        error TEXT,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (task_id, ordinal)
      ) STRICT;
      CREATE INDEX task_files_state ON task_files(state);
    `,
  },
  {
    // Why a file is missing (expired, refused, network, invalid, lost) and when it is tried again by itself.
    id: 'downloads-002',
    up: `
      ALTER TABLE task_files ADD COLUMN failure TEXT;
      ALTER TABLE task_files ADD COLUMN retry_at INTEGER;
    `,
  },
  {
    // Which process is fetching the file and when it last showed signs of life (download-leases.ts).
    id: 'downloads-003',
    up: `
      ALTER TABLE task_files ADD COLUMN lease_pid INTEGER;
      ALTER TABLE task_files ADD COLUMN lease_at INTEGER;
    `,
  },
];
