// The region_edits table: one row per press of "Edit a region", keyed by the press's key (every task of the
// press carries it as its batch id), holding what the result is composited with when it arrives: the original
// picture (by its hash in the reference store), the selection, the instruction and the box the picture sent
// showed. A row outlives a restart, so a result downloaded after one is still put back where it belongs.
import type { Migration } from '../db/database';

export const regionEditMigrations: readonly Migration[] = [
  {
    id: 'region-edit-001-region-edits',
    up: `
      CREATE TABLE region_edits (
        press_key TEXT PRIMARY KEY,
        original_sha256 TEXT NOT NULL,
        original_item_id TEXT,
        selection TEXT NOT NULL,
        instruction TEXT NOT NULL,
        sends TEXT NOT NULL,
        box TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
];
