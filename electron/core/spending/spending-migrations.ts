// The spending limits live in the database beside the tasks they count, so whoever spends from this database
// (the app, web mode, the CLI given the same STUDIO_DATA_DIR) is held to the same limits.
import type { Migration } from '../db/database';

export const spendingMigrations: readonly Migration[] = [
  {
    id: 'spending-001',
    up: `
      CREATE TABLE spending_limits (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        unit TEXT NOT NULL,
        confirm_above REAL,
        daily REAL,
        monthly REAL,
        time_zone TEXT,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
];
