// Recipe runs kept in the database, so a run outlives the process that started it. Each row is the run as the
// app shows it, the recipe it runs and, per step, the submission key it was (or is about to be) sent with: on a
// restart the runner sends a step again only under that key, which the engine answers with the task it already
// holds rather than a second paid one.
import { z } from 'zod';
import { recipeDraftSchema, recipeRunSchema } from '../../../shared/studio/recipes';
import type { DatabaseSync } from '../db/database';

const storedRunSchema = z.object({
  run: recipeRunSchema,
  recipe: recipeDraftSchema,
  overBudget: z.boolean(),
  attempts: z.number().int().min(0),
  /** Per step: the key of its latest send, written before the send; null until it is first sent. */
  keys: z.array(z.string().nullable()),
  /** The person cancelled the rest: nothing after the step at the gateway is sent (absent in older rows). */
  cancelled: z.boolean().optional(),
});
export type StoredRun = z.infer<typeof storedRunSchema>;

/** The runs shown after a restart: the newest this many (a failed one can still be tried again). */
const KEPT_RUNS = 20;

export class RecipeRunStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  save(stored: StoredRun): void {
    this.#db
      .prepare(
        `INSERT INTO recipe_runs (id, state, body, started_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET state = excluded.state, body = excluded.body`,
      )
      .run(stored.run.id, stored.run.state, JSON.stringify(stored), stored.run.startedAt);
  }

  /** The newest runs, oldest first (the order they were started); a row that no longer reads is left out. */
  recent(): StoredRun[] {
    const rows = this.#db
      .prepare('SELECT body FROM recipe_runs ORDER BY started_at DESC, rowid DESC LIMIT ?')
      .all(KEPT_RUNS) as unknown as { body: string }[];
    return rows.reverse().flatMap((row) => {
      const parsed = storedRunSchema.safeParse(JSON.parse(row.body));
      return parsed.success ? [parsed.data] : [];
    });
  }
}
