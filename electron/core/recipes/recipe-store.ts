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

interface Row {
  id: string;
  body: string;
  updated_at: number;
}

const badFile = (detail: string) =>
  new GatewayError(
    localErrorInfo('validation_error', `This is not a recipe file Gateway Studio can read (${detail}).`, {
      param: 'file',
    }),
  );

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
      .all() as unknown as Row[];
    return rows.map((row) => this.#of(row));
  }

  /** By id, or else by name. */
  find(idOrName: string): Recipe {
    const row = this.#db
      .prepare('SELECT * FROM recipes WHERE id = ? OR name = ? COLLATE NOCASE ORDER BY id = ? DESC LIMIT 1')
      .get(idOrName, idOrName, idOrName) as Row | undefined;
    if (!row) throw new GatewayError(localErrorInfo('not_found_error', `No recipe named ${idOrName}.`));
    return this.#of(row);
  }

  save(draft: RecipeDraft, id: string = randomUUID()): Recipe {
    const parsed = recipeDraftSchema.parse(draft);
    const now = this.#clock.now();
    this.#db
      .prepare(
        `INSERT INTO recipes (id, name, body, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, body = excluded.body, updated_at = excluded.updated_at`,
      )
      .run(id, parsed.name, JSON.stringify(parsed), now);
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
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badFile('it is not JSON');
    }
    const parsed = recipeFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badFile(issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown shape');
    }
    return shareable(parsed.data.recipe);
  }

  importFile(text: string): Recipe {
    return this.save(RecipeStore.read(text));
  }

  #of(row: Row): Recipe {
    return recipeSchema.parse({ ...(JSON.parse(row.body) as object), id: row.id, updatedAt: row.updated_at });
  }
}
