// The boards kept in the studio's database (the Storyboard page's): each the JSON of its board and the runs it
// made, read back through its schema (a row that no longer reads is left out, never a crash).
import { randomUUID } from 'node:crypto';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import {
  KEPT_BOARD_RUNS,
  savedStoryboardSchema,
  type SavedStoryboard,
} from '../../../shared/studio/saved-storyboard';
import { storyboardSchema, type StoryboardInput } from '../../../shared/studio/storyboard';
import { systemClock, type Clock } from '../clock';
import type { DatabaseSync } from '../db/database';

interface Row {
  id: string;
  body: string;
  updated_at: number;
}

export class StoryboardStore {
  readonly #db: DatabaseSync;
  readonly #clock: Clock;

  constructor(options: { db: DatabaseSync; clock?: Clock }) {
    this.#db = options.db;
    this.#clock = options.clock ?? systemClock;
  }

  /** Every board, the latest changed first. */
  list(): SavedStoryboard[] {
    const rows = this.#db
      .prepare('SELECT id, body, updated_at FROM storyboards ORDER BY updated_at DESC, rowid DESC')
      .all() as unknown as Row[];
    return rows.flatMap((row) => {
      const board = boardOf(row);
      return board ? [board] : [];
    });
  }

  /** The board, or a not-found error naming it. */
  find(id: string): SavedStoryboard {
    const row = this.#db.prepare('SELECT id, body, updated_at FROM storyboards WHERE id = ?').get(id) as
      Row | undefined;
    const board = row ? boardOf(row) : null;
    if (!board) throw new GatewayError(localErrorInfo('not_found_error', `No storyboard ${id}.`));
    return board;
  }

  /** Saves a new board (no id) or replaces one's board, keeping the runs it made. */
  save(input: StoryboardInput, id: string | null = null): SavedStoryboard {
    const board = storyboardSchema.parse(input);
    const runs = id === null ? [] : this.find(id).runs;
    return this.#write({ id: id ?? randomUUID(), board, runs, updatedAt: this.#clock.now() });
  }

  /** Remembers a run the board made (the newest kept). */
  addRun(id: string, runId: string, shot: number | null): SavedStoryboard {
    const saved = this.find(id);
    const runs = [...saved.runs, { runId, shot }].slice(-KEPT_BOARD_RUNS);
    return this.#write({ ...saved, runs });
  }

  remove(id: string): void {
    this.#db.prepare('DELETE FROM storyboards WHERE id = ?').run(id);
  }

  #write(saved: SavedStoryboard): SavedStoryboard {
    const { id, updatedAt, ...body } = saved;
    this.#db
      .prepare(
        `INSERT INTO storyboards (id, name, body, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, body = excluded.body, updated_at = excluded.updated_at`,
      )
      .run(id, saved.board.name, JSON.stringify(body), updatedAt);
    return saved;
  }
}

function boardOf(row: Row): SavedStoryboard | null {
  let value: unknown;
  try {
    value = JSON.parse(row.body);
  } catch {
    return null;
  }
  const parsed = savedStoryboardSchema.safeParse({
    ...(typeof value === 'object' && value !== null ? value : {}),
    id: row.id,
    updatedAt: row.updated_at,
  });
  return parsed.success ? parsed.data : null;
}
