// The recipes room's table: saved recipes, each the JSON of its file's recipe, read back through its schema.
import type { DatabaseSync, Migration } from '../db/database';
import { upgradeStoredRun } from './recipe-run-store';

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
  {
    // A run's progress, written before and after every paid step, so a restart resumes it at the step it
    // reached: the key a step was (or was about to be) sent with is kept, and the engine answers a key it holds
    // with its task instead of sending again.
    id: 'recipes-002-runs',
    up: `
      CREATE TABLE recipe_runs (
        id TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        body TEXT NOT NULL,
        started_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX recipe_runs_started ON recipe_runs(started_at);
    `,
  },
  {
    // Runs become versioned records keeping the recipe's draft alone: a run of a saved recipe had kept its id
    // and updatedAt, failed its own schema when read back, and vanished after a restart with a step paid.
    id: 'recipes-003-run-records',
    up: (db: DatabaseSync) => {
      const rows = db.prepare('SELECT id, body FROM recipe_runs').all() as unknown as {
        id: string;
        body: string;
      }[];
      const write = db.prepare('UPDATE recipe_runs SET body = ? WHERE id = ?');
      for (const row of rows) {
        const upgraded = upgradeStoredRun(row.body);
        if (upgraded !== null) write.run(upgraded, row.id);
      }
    },
  },
];
