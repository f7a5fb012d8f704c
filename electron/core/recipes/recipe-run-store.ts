// Recipe runs kept in the database, so a run outlives the process that started it. Each row is the run as the
// app shows it, the recipe it runs and, per step, the submission key it was (or is about to be) sent with: on a
// restart the runner sends a step again only under that key, which the engine answers with the task it already
// holds rather than a second paid one. The row is a versioned record: what it keeps of the recipe is the draft
// (name and steps) alone, so a run of a saved recipe (which carries its id and updatedAt) reads back after a
// restart; rows of version 1 are rewritten by the migration recipes-003-run-records.
import { z } from 'zod';
import { recipeDraftSchema, recipeRunSchema, type RecipeDraft } from '../../../shared/studio/recipes';
import { transaction, type DatabaseSync } from '../db/database';

/** The stored run's shape version; the migration brings older rows to it. */
export const RUN_RECORD_VERSION = 2;

const storedRunSchema = z.object({
  version: z.literal(RUN_RECORD_VERSION),
  run: recipeRunSchema,
  recipe: recipeDraftSchema,
  overBudget: z.boolean(),
  attempts: z.number().int().min(0),
  /** Per step: the key of its latest send, written before the send; null until it is first sent. */
  keys: z.array(z.string().nullable()),
  /** The person cancelled the rest: nothing after the step at the gateway is sent (absent in older rows). */
  cancelled: z.boolean().optional(),
});
/** A run as the runner keeps it; the version is the store's business. */
export type StoredRun = Omit<z.infer<typeof storedRunSchema>, 'version'>;

/** What a run keeps of its recipe: the draft, whatever else the caller's object carried (a saved id, a date). */
export const draftOf = (recipe: RecipeDraft): RecipeDraft => ({ name: recipe.name, steps: recipe.steps });

/** The runs shown after a restart: the newest this many (a failed one can still be tried again). */
const KEPT_RUNS = 20;

export class RecipeRunStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Runs `fn` in one BEGIN IMMEDIATE transaction on the runs' database (the limits asked and the runs kept). */
  inTransaction<T>(fn: () => T): T {
    return transaction(this.#db, fn);
  }

  save(stored: StoredRun): void {
    const record = { ...stored, version: RUN_RECORD_VERSION, recipe: draftOf(stored.recipe) };
    this.#db
      .prepare(
        `INSERT INTO recipe_runs (id, state, body, started_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET state = excluded.state, body = excluded.body`,
      )
      .run(stored.run.id, stored.run.state, JSON.stringify(record), stored.run.startedAt);
  }

  /** One run by its id, whatever its age (its job resumes it even when it is no longer among the newest). */
  get(id: string): StoredRun | null {
    const row = this.#db.prepare('SELECT body FROM recipe_runs WHERE id = ?').get(id) as
      { body: string } | undefined;
    return row ? readStored(row.body) : null;
  }

  /** The newest runs, oldest first (the order they were started); a row that no longer reads is left out. */
  recent(): StoredRun[] {
    const rows = this.#db
      .prepare('SELECT body FROM recipe_runs ORDER BY started_at DESC, rowid DESC LIMIT ?')
      .all(KEPT_RUNS) as unknown as { body: string }[];
    return rows.reverse().flatMap((row) => {
      const stored = readStored(row.body);
      return stored ? [stored] : [];
    });
  }
}

/** A kept run read back through its schema; one that no longer reads is null. */
function readStored(body: string): StoredRun | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = storedRunSchema.safeParse(json);
  if (!parsed.success) return null;
  const { version: _version, ...stored } = parsed.data;
  return stored;
}

/**
 * Rewrites a version-1 run (no version; its recipe possibly a saved recipe with id and updatedAt, which the
 * draft's strict schema refused, so the run vanished after a restart and its next step was never sent) as the
 * current record. A body that is not a run at all is left as it is (and left out when read).
 */
export function upgradeStoredRun(body: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || 'version' in value) return null;
  const old = value as { recipe?: unknown };
  const recipe =
    typeof old.recipe === 'object' && old.recipe !== null
      ? (old.recipe as { name?: unknown; steps?: unknown })
      : null;
  if (!recipe) return null;
  return JSON.stringify({
    ...old,
    version: RUN_RECORD_VERSION,
    recipe: { name: recipe.name, steps: recipe.steps },
  });
}
