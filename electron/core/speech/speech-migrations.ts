// The speech takes' table. A take goes with its library item (ON DELETE CASCADE), so this list runs after the
// library's in the studio's migrations (electron/core/studio-database.ts).
import type { Migration } from '../db';

export const speechMigrations: readonly Migration[] = [
  {
    id: 'speech-001',
    up: `
      CREATE TABLE speech_takes (
        item_id TEXT PRIMARY KEY REFERENCES library_items(id) ON DELETE CASCADE,
        cache_key TEXT NOT NULL,
        model TEXT NOT NULL,
        requested_at INTEGER NOT NULL,
        answered_at INTEGER NOT NULL,
        cost_state TEXT NOT NULL CHECK (cost_state IN ('pending', 'known', 'unknown')),
        cost_tries INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX speech_takes_key ON speech_takes(cache_key, answered_at);
      CREATE INDEX speech_takes_pending ON speech_takes(cost_state) WHERE cost_state = 'pending';
    `,
  },
];
