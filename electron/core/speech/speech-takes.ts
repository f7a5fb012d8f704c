// Every fresh speech take the app paid for: its cache key, when the call went out and came back (the window
// the usage report is read over to learn its cost, since the speech answer carries none), and whether that
// cost is settled. Rows go with their library item (ON DELETE CASCADE): a deleted clip is never a cache hit.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export type SpeechCostState = 'pending' | 'known' | 'unknown';

export interface SpeechTake {
  itemId: string;
  cacheKey: string;
  model: string;
  requestedAt: number;
  answeredAt: number;
  costState: SpeechCostState;
  costTries: number;
}

interface TakeRow {
  item_id: string;
  cache_key: string;
  model: string;
  requested_at: number;
  answered_at: number;
  cost_state: SpeechCostState;
  cost_tries: number;
}

const toTake = (row: TakeRow): SpeechTake => ({
  itemId: row.item_id,
  cacheKey: row.cache_key,
  model: row.model,
  requestedAt: row.requested_at,
  answeredAt: row.answered_at,
  costState: row.cost_state,
  costTries: row.cost_tries,
});

export class SpeechTakes {
  private readonly statements: Record<
    'insert' | 'byKey' | 'get' | 'pending' | 'settle' | 'drop',
    StatementSync
  >;

  constructor(db: DatabaseSync) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO speech_takes (item_id, cache_key, model, requested_at, answered_at, cost_state)
         VALUES (?, ?, ?, ?, ?, 'pending') ON CONFLICT (item_id) DO NOTHING`,
      ),
      byKey: db.prepare('SELECT * FROM speech_takes WHERE cache_key = ? ORDER BY answered_at DESC'),
      get: db.prepare('SELECT * FROM speech_takes WHERE item_id = ?'),
      pending: db.prepare("SELECT * FROM speech_takes WHERE cost_state = 'pending' ORDER BY answered_at"),
      settle: db.prepare(
        'UPDATE speech_takes SET cost_state = ?, cost_tries = cost_tries + 1 WHERE item_id = ?',
      ),
      drop: db.prepare('DELETE FROM speech_takes WHERE item_id = ?'),
    };
  }

  add(take: Omit<SpeechTake, 'costState' | 'costTries'>): void {
    this.statements.insert.run(take.itemId, take.cacheKey, take.model, take.requestedAt, take.answeredAt);
  }

  /** Takes under one key, newest first. */
  withKey(cacheKey: string): SpeechTake[] {
    return (this.statements.byKey.all(cacheKey) as unknown as TakeRow[]).map(toTake);
  }

  get(itemId: string): SpeechTake | null {
    const row = this.statements.get.get(itemId) as unknown as TakeRow | undefined;
    return row ? toTake(row) : null;
  }

  pending(): SpeechTake[] {
    return (this.statements.pending.all() as unknown as TakeRow[]).map(toTake);
  }

  /** Records one try at the cost: its new state ('pending' again when the report did not show it yet). */
  settle(itemId: string, state: SpeechCostState): void {
    this.statements.settle.run(state, itemId);
  }

  /** Forgets a take whose file is gone, so it is not looked at again. */
  drop(itemId: string): void {
    this.statements.drop.run(itemId);
  }
}
