// The region_edits rows (region-edit-migrations.ts): written once per press before anything is sent, read when
// a result of the press is filed. Only this module's SQL names the table.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import {
  REGION_SENDS,
  regionSelectionSchema,
  type PixelBox,
  type RegionEditSettings,
} from '../../../shared/studio/region-selection';

/** A press's region edit: what its results are put back into, and the box of the original they show. */
export interface StoredRegionEdit extends RegionEditSettings {
  pressKey: string;
  box: PixelBox;
}

const boxSchema = z.strictObject({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  w: z.number().int().min(1),
  h: z.number().int().min(1),
});

interface Row {
  press_key: string;
  original_sha256: string;
  original_item_id: string | null;
  selection: string;
  instruction: string;
  sends: string;
  box: string;
}

export class RegionEditStore {
  readonly #insert: StatementSync;
  readonly #byKey: StatementSync;

  constructor(db: DatabaseSync) {
    // A repeat of the press (same key) keeps what the first wrote: its tasks were made from that.
    this.#insert = db.prepare(
      `INSERT INTO region_edits (press_key, original_sha256, original_item_id, selection, instruction, sends, box,
         created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (press_key) DO NOTHING`,
    );
    this.#byKey = db.prepare('SELECT * FROM region_edits WHERE press_key = ?');
  }

  add(edit: StoredRegionEdit, at: number): void {
    this.#insert.run(
      edit.pressKey,
      edit.originalSha256,
      edit.originalItemId,
      JSON.stringify(edit.selection),
      edit.instruction,
      edit.sends,
      JSON.stringify(edit.box),
      at,
    );
  }

  /** The press's region edit; null for any other key, and for a row that no longer reads (never trusted). */
  get(pressKey: string): StoredRegionEdit | null {
    const row = this.#byKey.get(pressKey) as Row | undefined;
    if (!row) return null;
    try {
      const selection = regionSelectionSchema.parse(JSON.parse(row.selection));
      const box = boxSchema.parse(JSON.parse(row.box));
      const sends = z.enum(REGION_SENDS).parse(row.sends);
      return {
        pressKey: row.press_key,
        originalSha256: row.original_sha256,
        originalItemId: row.original_item_id,
        selection,
        instruction: row.instruction,
        sends,
        box,
      };
    } catch {
      return null;
    }
  }
}
