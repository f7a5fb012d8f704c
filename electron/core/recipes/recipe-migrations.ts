// The recipes room's table: saved recipes, each the JSON of its file's recipe, read back through its schema.
import type { Migration } from '../db/database';

export const recipeMigrations: readonly Migration[] = [
  {
    id: 'recipes-001',
    up: `
      CREATE TABLE recipes (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
];
