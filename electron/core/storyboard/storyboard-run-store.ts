// Board runs kept in the database, so a run outlives the process that started it. Each row is the run as the
// page shows it, the board and cast it runs, and the submission key of every paid task part (shots, music),
// written before the part is sent: when its `storyboard` job is handed back after a restart, a part goes again
// only under its key, which the engine answers with the task it already holds rather than a second paid one.
// Narration needs no key: the speech service serves a take it already has from the library, unpaid.
import { z } from 'zod';
import { castMemberDraftSchema } from '../../../shared/studio/cast';
import { storyboardRunSchema, storyboardSchema } from '../../../shared/studio/storyboard';
import { transaction, type DatabaseSync } from '../db/database';

export const STORYBOARD_RUN_VERSION = 1;

const storedSchema = z.object({
  version: z.literal(STORYBOARD_RUN_VERSION),
  run: storyboardRunSchema,
  board: storyboardSchema,
  cast: z.array(castMemberDraftSchema),
  overBudget: z.boolean(),
  attempts: z.number().int().min(0),
  /** Per shot: the key of its latest send, written before the send; null until it is first sent. */
  shotKeys: z.array(z.string().nullable()),
  musicKey: z.string().nullable(),
  /** The narration clip of each shot on disk (joined takes), null until made. */
  narrationPaths: z.array(z.string().nullable()),
  /** The person cancelled the rest: a restart stops the run rather than sending on (absent in older rows). */
  cancelled: z.boolean().optional(),
});
export type StoredStoryboardRun = Omit<z.infer<typeof storedSchema>, 'version'>;

const KEPT_RUNS = 20;

export class StoryboardRunStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  inTransaction<T>(fn: () => T): T {
    return transaction(this.#db, fn);
  }

  save(stored: StoredStoryboardRun): void {
    this.#db
      .prepare(
        `INSERT INTO storyboard_runs (id, state, body, started_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET state = excluded.state, body = excluded.body`,
      )
      .run(
        stored.run.id,
        stored.run.state,
        JSON.stringify({ ...stored, version: STORYBOARD_RUN_VERSION }),
        stored.run.startedAt,
      );
  }

  /** One run by its id, whatever its age (its job resumes it even when it is no longer among the newest). */
  get(id: string): StoredStoryboardRun | null {
    const row = this.#db.prepare('SELECT body FROM storyboard_runs WHERE id = ?').get(id) as
      { body: string } | undefined;
    return row ? readStored(row.body) : null;
  }

  /** The newest runs, oldest first; a row that no longer reads is left out. */
  recent(): StoredStoryboardRun[] {
    const rows = this.#db
      .prepare('SELECT body FROM storyboard_runs ORDER BY started_at DESC, rowid DESC LIMIT ?')
      .all(KEPT_RUNS) as unknown as { body: string }[];
    return rows.reverse().flatMap((row) => {
      const stored = readStored(row.body);
      return stored ? [stored] : [];
    });
  }
}

/** A kept run read back through its schema; one that no longer reads is null. */
function readStored(body: string): StoredStoryboardRun | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return null;
  const { version: _version, ...stored } = parsed.data;
  return stored;
}
