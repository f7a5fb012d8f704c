// Saved recipes and the files they are shared in (format name and version, zod-checked, all or nothing).
import { randomUUID } from 'node:crypto';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { shareableParams } from '../../../shared/studio/presets';
import {
  RECIPE_FILE_FORMAT,
  RECIPE_FILE_VERSION,
  recipeDraftSchema,
  recipeFileSchema,
  recipeSchema,
  type Recipe,
  type RecipeDraft,
  type RecipeFile,
} from '../../../shared/studio/recipes';
import { systemClock, type Clock } from '../clock';
import type { DatabaseSync } from '../db/database';
import { readableRecords, recordOrNull, upsertJsonRow, type JsonRow } from '../db/json-rows';
import { readStudioFile } from '../../../shared/studio/studio-file';
import { assertRecipeSaves } from './recipe-check';

/** A recipe as it may travel: each step without webhook or stored references. */
const shareable = (draft: RecipeDraft): RecipeDraft => ({
  name: draft.name,
  steps: draft.steps.map((s) => ({ ...s, params: shareableParams(s.params) })),
});

export class RecipeStore {
  readonly #db: DatabaseSync;
  readonly #clock: Clock;

  constructor(options: { db: DatabaseSync; clock?: Clock }) {
    this.#db = options.db;
    this.#clock = options.clock ?? systemClock;
  }

  list(): Recipe[] {
    const rows = this.#db
      .prepare('SELECT * FROM recipes ORDER BY name COLLATE NOCASE')
      .all() as unknown as JsonRow[];
    return readableRecords(recipeSchema, rows);
  }

  /** By id, or else by name. */
  find(idOrName: string): Recipe {
    const row = this.#db
      .prepare('SELECT * FROM recipes WHERE id = ? OR name = ? COLLATE NOCASE ORDER BY id = ? DESC LIMIT 1')
      .get(idOrName, idOrName, idOrName) as JsonRow | undefined;
    if (!row) throw new GatewayError(localErrorInfo('not_found_error', `No recipe named ${idOrName}.`));
    return this.#of(row);
  }

  save(draft: RecipeDraft, id: string = randomUUID()): Recipe {
    const parsed = recipeDraftSchema.parse(draft);
    // Every step and binding, whole: a recipe that would stop at step 2 is never saved to charge step 1.
    assertRecipeSaves(parsed);
    const now = this.#clock.now();
    upsertJsonRow(this.#db, 'recipes', id, { name: parsed.name }, parsed, now);
    return { id, ...parsed, updatedAt: now };
  }

  delete(id: string): void {
    this.#db.prepare('DELETE FROM recipes WHERE id = ?').run(id);
  }

  exportFile(id: string): RecipeFile {
    const { name, steps } = this.find(id);
    return { format: RECIPE_FILE_FORMAT, version: RECIPE_FILE_VERSION, recipe: shareable({ name, steps }) };
  }

  /** Reads a recipe file: its recipe, checked, not yet saved. */
  static read(text: string): RecipeDraft {
    return shareable(readStudioFile('recipe', text, recipeFileSchema).recipe);
  }

  importFile(text: string): Recipe {
    return this.save(RecipeStore.read(text));
  }

  #of(row: JsonRow): Recipe {
    const recipe = recordOrNull(recipeSchema, row);
    if (recipe === null) {
      throw new GatewayError(
        localErrorInfo(
          'not_found_error',
          `The recipe ${row.id} cannot be read (it was saved by another build).`,
        ),
      );
    }
    return recipe;
  }
}
