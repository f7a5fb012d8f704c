// The storyboard room's tables: the cast (named characters, products and places, each the JSON of its draft,
// read back through its schema), the boards kept in the studio, and the board runs, written before and after
// every paid part so a restart resumes a run where it stopped without paying for any part twice.
import type { Migration } from '../db/database';

export const storyboardMigrations: readonly Migration[] = [
  {
    id: 'storyboard-001',
    up: `
      CREATE TABLE cast_members (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        body TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE storyboard_runs (
        id TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        body TEXT NOT NULL,
        started_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX storyboard_runs_started ON storyboard_runs(started_at);
    `,
  },
  {
    // The Storyboard page's boards, each the JSON of its board and the runs it made.
    id: 'storyboard-002-saved-boards',
    up: `
      CREATE TABLE storyboards (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
];
