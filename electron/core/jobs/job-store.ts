// The jobs table's one owner: every read and write of a job row is here. Each change of state is one guarded
// UPDATE (compare-and-set on the state and the life that holds the row), so two runners on one database (the app
// and the CLI, or a life and its successor after a kill -9) never both run a job, and a life that lost its row
// to a successor cannot write over what the successor did.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from '../db/database';
import { transaction } from '../db/database';
import { JOB_STATES, type JobState } from '../../../shared/studio/jobs';

export { JOB_STATES, type JobState };

/** A job as its row holds it; payload and progress are the kind's own JSON, read by the kind. */
export interface JobRow {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  state: JobState;
  /** Tries that ended in a passing failure (a kill is not one: the work did not fail, its process did). */
  attempts: number;
  /** When a waiting job may run next (ms since the epoch). */
  nextTryAt: number;
  error: string | null;
  progress: unknown;
  createdAt: number;
  updatedAt: number;
}

interface RawJob {
  id: string;
  kind: string;
  key: string;
  payload: string;
  state: string;
  attempts: number;
  next_try_at: number;
  error: string | null;
  progress: string | null;
  created_at: number;
  updated_at: number;
  lease_life: string | null;
  lease_pid: number | null;
}

/** A stored JSON text read back; a row garbled outside the studio reads as null rather than throwing. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function rowOf(raw: RawJob): JobRow {
  const state = (JOB_STATES as readonly string[]).includes(raw.state) ? (raw.state as JobState) : 'failed';
  return {
    id: raw.id,
    kind: raw.kind,
    key: raw.key,
    payload: parsed(raw.payload),
    state,
    attempts: raw.attempts,
    nextTryAt: raw.next_try_at,
    error: raw.error,
    progress: parsed(raw.progress),
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
  };
}

const COLUMNS =
  'id, kind, key, payload, state, attempts, next_try_at, error, progress, created_at, updated_at, lease_life, lease_pid';

export class JobStore {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Writes the job before any of its work starts, or finds the one already written under the same kind and key
   * (a repeated press, a restart that adds again what it had added): the second add is the same job.
   */
  add(
    kind: string,
    key: string,
    payload: unknown,
    now: number,
    notBefore = now,
  ): { job: JobRow; added: boolean } {
    return transaction(this.db, () => {
      const found = this.byKey(kind, key);
      if (found) return { job: found, added: false };
      const id = randomUUID();
      this.db
        .prepare(
          `INSERT INTO jobs (id, kind, key, payload, state, attempts, next_try_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'waiting', 0, ?, ?, ?)`,
        )
        .run(id, kind, key, JSON.stringify(payload ?? null), notBefore, now, now);
      return { job: this.get(id) as JobRow, added: true };
    });
  }

  get(id: string): JobRow | null {
    const raw = this.db.prepare(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`).get(id) as RawJob | undefined;
    return raw ? rowOf(raw) : null;
  }

  byKey(kind: string, key: string): JobRow | null {
    const raw = this.db.prepare(`SELECT ${COLUMNS} FROM jobs WHERE kind = ? AND key = ?`).get(kind, key) as
      RawJob | undefined;
    return raw ? rowOf(raw) : null;
  }

  /** Jobs of these kinds in these states, oldest first. */
  list(kinds: readonly string[], states: readonly JobState[] = JOB_STATES, limit = 1_000): JobRow[] {
    if (kinds.length === 0 || states.length === 0) return [];
    const raws = this.db
      .prepare(
        `SELECT ${COLUMNS} FROM jobs WHERE kind IN (${kinds.map(() => '?').join(', ')})
         AND state IN (${states.map(() => '?').join(', ')}) ORDER BY created_at, id LIMIT ?`,
      )
      .all(...kinds, ...states, limit) as unknown as RawJob[];
    return raws.map(rowOf);
  }

  /** Waiting jobs of one kind whose time has come, in the order they were written. */
  due(kind: string, now: number, limit: number): JobRow[] {
    const raws = this.db
      .prepare(
        `SELECT ${COLUMNS} FROM jobs WHERE kind = ? AND state = 'waiting' AND next_try_at <= ?
         ORDER BY next_try_at, created_at, id LIMIT ?`,
      )
      .all(kind, now, limit) as unknown as RawJob[];
    return raws.map(rowOf);
  }

  /** When the next waiting job of these kinds may run, or null when none waits. */
  nextDueAt(kinds: readonly string[]): number | null {
    if (kinds.length === 0) return null;
    const row = this.db
      .prepare(
        `SELECT MIN(next_try_at) AS at FROM jobs WHERE state = 'waiting' AND kind IN (${kinds.map(() => '?').join(', ')})`,
      )
      .get(...kinds) as { at: number | null } | undefined;
    return row?.at ?? null;
  }

  /** Takes a waiting job for this life: true for exactly one claimant, whoever else tries at the same moment. */
  claim(id: string, life: string, pid: number, now: number): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET state = 'running', lease_life = ?, lease_pid = ?, updated_at = ?
         WHERE id = ? AND state = 'waiting' AND next_try_at <= ?`,
      )
      .run(life, pid, now, id, now);
    return Number(result.changes) === 1;
  }

  /** Ends a job this life runs; false when the row is no longer this life's (cancelled, or taken over). */
  finish(id: string, life: string, state: 'done' | 'failed', error: string | null, now: number): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET state = ?, error = ?, lease_life = NULL, lease_pid = NULL, updated_at = ?
         WHERE id = ? AND state = 'running' AND lease_life = ?`,
      )
      .run(state, error, now, id, life);
    return Number(result.changes) === 1;
  }

  /**
   * Hands a running job back to the line until `at`. `failed` counts the try against the policy (a passing
   * failure); without it the job only waits (its turn has not come, or this life is ending).
   */
  release(id: string, life: string, at: number, failed: boolean, error: string | null, now: number): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET state = 'waiting', next_try_at = ?, attempts = attempts + ?, error = ?,
         lease_life = NULL, lease_pid = NULL, updated_at = ?
         WHERE id = ? AND state = 'running' AND lease_life = ?`,
      )
      .run(at, failed ? 1 : 0, error, now, id, life);
    return Number(result.changes) === 1;
  }

  /** A waiting job comes forward to `now`, its tries counted afresh (its work is asked for again). */
  bringForward(id: string, now: number): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET attempts = 0, error = NULL, next_try_at = MIN(next_try_at, ?), updated_at = ?
         WHERE id = ? AND state = 'waiting'`,
      )
      .run(now, now, id);
    return Number(result.changes) === 1;
  }

  /** Stores what the job has done so far (the kind's JSON), while this life runs it. */
  setProgress(id: string, life: string, progress: unknown, now: number): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET progress = ?, updated_at = ? WHERE id = ? AND state = 'running' AND lease_life = ?`,
      )
      .run(JSON.stringify(progress ?? null), now, id, life);
    return Number(result.changes) === 1;
  }

  /** Stops a job that has not ended; the life running it sees its row gone from under it. */
  cancel(id: string, now: number, reason: string | null = null): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET state = 'cancelled', error = ?, lease_life = NULL, lease_pid = NULL, updated_at = ?
         WHERE id = ? AND state IN ('waiting', 'running')`,
      )
      .run(reason, now, id);
    return Number(result.changes) === 1;
  }

  /**
   * Sends an ended job back to the line, its tries counted afresh: a person's Try again, or a kind whose own
   * record says the work is still going (a run kept as running whose job ended as its process was closing).
   */
  revive(id: string, now: number): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET state = 'waiting', attempts = 0, error = NULL, next_try_at = ?, updated_at = ?
         WHERE id = ? AND state IN ('done', 'failed', 'cancelled')`,
      )
      .run(now, now, id);
    return Number(result.changes) === 1;
  }

  /**
   * After a crash: running jobs of these kinds whose life is gone (its process is not running, or it is this
   * process under another life) go back to waiting, each by one guarded UPDATE, so two starts recovering at once
   * hand each job back once. A kill is not the work's failure: no try is counted. Returns the jobs handed back.
   */
  recover(
    kinds: readonly string[],
    life: string,
    pid: number,
    alive: (pid: number) => boolean,
    now: number,
  ): string[] {
    if (kinds.length === 0) return [];
    const running = this.db
      .prepare(
        `SELECT id, lease_life, lease_pid FROM jobs WHERE state = 'running'
         AND kind IN (${kinds.map(() => '?').join(', ')})`,
      )
      .all(...kinds) as unknown as Pick<RawJob, 'id' | 'lease_life' | 'lease_pid'>[];
    const back: string[] = [];
    for (const row of running) {
      if (row.lease_life === life) continue;
      const holder = row.lease_pid;
      const gone = holder === null || holder === pid || !alive(holder);
      if (!gone) continue;
      const result = this.db
        .prepare(
          `UPDATE jobs SET state = 'waiting', next_try_at = MIN(next_try_at, ?), lease_life = NULL,
           lease_pid = NULL, updated_at = ? WHERE id = ? AND state = 'running' AND lease_life IS ?`,
        )
        .run(now, now, row.id, row.lease_life);
      if (Number(result.changes) === 1) back.push(row.id);
    }
    return back;
  }

  /**
   * Running jobs of these kinds held by another process that is no longer running go back to waiting (no try
   * counted), each by one guarded UPDATE. Unlike recover(), a row of this process under another life is left
   * alone: that life may be a live neighbour in this same process (a start hands back its own crashed lives).
   */
  takeOverDead(
    kinds: readonly string[],
    pid: number,
    alive: (pid: number) => boolean,
    now: number,
  ): string[] {
    if (kinds.length === 0) return [];
    const running = this.db
      .prepare(
        `SELECT id, lease_life, lease_pid FROM jobs WHERE state = 'running' AND lease_pid IS NOT ?
         AND kind IN (${kinds.map(() => '?').join(', ')})`,
      )
      .all(pid, ...kinds) as unknown as Pick<RawJob, 'id' | 'lease_life' | 'lease_pid'>[];
    const back: string[] = [];
    for (const row of running) {
      if (row.lease_pid !== null && alive(row.lease_pid)) continue;
      const result = this.db
        .prepare(
          `UPDATE jobs SET state = 'waiting', next_try_at = MIN(next_try_at, ?), lease_life = NULL,
           lease_pid = NULL, updated_at = ? WHERE id = ? AND state = 'running' AND lease_life IS ?`,
        )
        .run(now, now, row.id, row.lease_life);
      if (Number(result.changes) === 1) back.push(row.id);
    }
    return back;
  }

  /** Whether a job of these kinds is running in another process (looked at again until it ends or is taken). */
  heldElsewhere(kinds: readonly string[], pid: number): boolean {
    if (kinds.length === 0) return false;
    const row = this.db
      .prepare(
        `SELECT 1 AS held FROM jobs WHERE state = 'running' AND lease_pid IS NOT ?
         AND kind IN (${kinds.map(() => '?').join(', ')}) LIMIT 1`,
      )
      .get(pid, ...kinds);
    return row !== undefined;
  }

  /** Forgets ended jobs older than `before` (the list keeps what is going, and recent history). */
  prune(before: number): number {
    const result = this.db
      .prepare(`DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') AND updated_at < ?`)
      .run(before);
    return Number(result.changes);
  }
}
