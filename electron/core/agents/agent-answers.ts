// The answers of keyed agent calls the engine keeps no key for (a recipe's runs, a speech take), kept in the
// studio's database: a retried call under the same key answers with what the first one started, whichever
// process (the CLI's stdio server, the app's endpoint) or run of it asks. The key is claimed in a BEGIN IMMEDIATE
// transaction before anything is sent, so two calls racing with one key never both send.
import { z } from 'zod';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { transaction, type DatabaseSync } from '../db/database';

/** Answers kept: enough for any agent's retries, bounded against one that invents a key for every call. */
const ANSWERS_KEPT = 5_000;

const answerSchema = z.array(z.string().max(200)).max(1_000);

/** A claim: 'mine' (go on and send, then answer()), or what the key already answered (null: still being sent). */
export type AnswerClaim = { kind: 'mine' } | { kind: 'held'; ids: string[] | null };

export class AgentAnswers {
  readonly #db: DatabaseSync;
  readonly #clock: Clock;

  constructor(db: DatabaseSync, clock: Clock = systemClock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** What the key answered with, or null when no call claimed it (or it is still being sent). */
  answered(key: string): string[] | null {
    const row = this.#db.prepare('SELECT answer FROM agent_answers WHERE key = ?').get(key) as
      { answer: string | null } | undefined;
    return row?.answer ? parsed(row.answer) : null;
  }

  /** Takes the key for this call, or says what it already answered. */
  claim(key: string, tool: string): AnswerClaim {
    return transaction(this.#db, () => {
      const row = this.#db.prepare('SELECT answer FROM agent_answers WHERE key = ?').get(key) as
        { answer: string | null } | undefined;
      if (row) return { kind: 'held', ids: row.answer ? parsed(row.answer) : null };
      this.#db
        .prepare('INSERT INTO agent_answers (key, tool, answer, claimed_at) VALUES (?, ?, NULL, ?)')
        .run(key, tool, this.#clock.now());
      this.#db
        .prepare(
          'DELETE FROM agent_answers WHERE key IN (SELECT key FROM agent_answers ORDER BY claimed_at DESC LIMIT -1 OFFSET ?)',
        )
        .run(ANSWERS_KEPT);
      return { kind: 'mine' };
    });
  }

  /** What the claimed key's call started. */
  answer(key: string, ids: readonly string[]): void {
    this.#db.prepare('UPDATE agent_answers SET answer = ? WHERE key = ?').run(JSON.stringify(ids), key);
  }

  /** The call refused before anything was sent: the key is free again for a call that may go. */
  release(key: string): void {
    this.#db.prepare('DELETE FROM agent_answers WHERE key = ? AND answer IS NULL').run(key);
  }
}

function parsed(text: string): string[] | null {
  try {
    const result = answerSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
