// Reads and writes task rows (their shape and parsing: task-rows.ts).
import type { TaskCostTotal } from '../../../shared/studio/cost-totals';
import type { FamilyId, TaskEndpoint, TaskKind } from '../../../shared/catalog/family-ids';
import type { GatewayErrorInfo, ResultFile } from '../../../shared/gateway/normalized';
import type {
  ChargeReconciliation,
  ReferencesSentAs,
  DownloadProgress,
  TaskBatch,
  TaskRecord,
  TaskState,
} from '../../../shared/studio/records';
import type { DatabaseSync } from '../db/database';
import { EMPTY_DOWNLOADS, fromRow, type StoredTask } from './task-rows';
import { scrubErrorTexts } from '../../../shared/gateway/secret-scrub';
import { studioRefusal } from '../../../shared/gateway/gateway-error';

export { EMPTY_DOWNLOADS, type StoredTask };

export interface NewTask {
  id: string;
  family: FamilyId;
  model: string;
  kind: TaskKind;
  endpoint: TaskEndpoint;
  params: Record<string, unknown>;
  webhook: string | null;
  idempotencyKey: string | null;
  parentTaskId: string | null;
  createdAt: number;
  batch?: TaskBatch | null;
}

export interface TaskPatch {
  remoteId?: string | null;
  endpoint?: TaskEndpoint;
  state?: TaskState;
  progress?: number;
  error?: GatewayErrorInfo | null;
  cost?: number | null;
  creditsCost?: number | null;
  estimatedTime?: number | null;
  completedAt?: number | null;
  trackingStartedAt?: number | null;
  files?: ResultFile[] | null;
  reconciliation?: ChargeReconciliation | null;
  sentAt?: number | null;
  referencesSentAs?: ReferencesSentAs | null;
  gatewayStatus?: string | null;
  resumedAt?: number | null;
  checkedEveryMs?: number | null;
  keyRef?: string | null;
  batchId?: string | null;
  batchSize?: number | null;
  updatedAt: number;
}

const PATCH_COLUMNS: Record<keyof Omit<TaskPatch, 'updatedAt'>, string> = {
  remoteId: 'remote_id',
  endpoint: 'endpoint',
  state: 'state',
  progress: 'progress',
  error: 'error',
  cost: 'cost',
  creditsCost: 'credits_cost',
  estimatedTime: 'estimated_time',
  completedAt: 'completed_at',
  trackingStartedAt: 'tracking_started_at',
  files: 'result_files',
  reconciliation: 'reconciliation',
  sentAt: 'sent_at',
  referencesSentAs: 'references_sent_as',
  gatewayStatus: 'gateway_status',
  resumedAt: 'resumed_at',
  checkedEveryMs: 'checked_every_ms',
  keyRef: 'key_ref',
  batchId: 'batch_id',
  batchSize: 'batch_size',
};

type SqlValue = string | number | null;

function toSql(key: keyof TaskPatch, value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  // An error's text may be the gateway's: scrubbed of bearer tokens and Authorization values whatever made it.
  if (key === 'error') return JSON.stringify(scrubErrorTexts(value as GatewayErrorInfo));
  if (key === 'files' || key === 'reconciliation' || key === 'referencesSentAs') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new Error(`unexpected value for ${key}`);
}

/**
 * Download counts come from a callback so the downloads table stays owned by the downloads module. It is asked
 * once per read with every task id the read returns (one GROUP BY for a page, never one query per task); a task
 * it has no entry for has no files.
 */
export type DownloadCounter = (taskIds: readonly string[]) => ReadonlyMap<string, DownloadProgress>;

const NO_COUNTS: DownloadCounter = () => new Map();

export class TaskStore {
  /** Each statement prepared once: a task's life is a dozen reads and writes, and preparing was their main cost. */
  readonly #statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();

  constructor(
    private readonly db: DatabaseSync,
    private readonly countDownloads: DownloadCounter = NO_COUNTS,
  ) {}

  private sql(text: string): ReturnType<DatabaseSync['prepare']> {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  insert(task: NewTask, state: TaskState): StoredTask {
    this.sql(
      `INSERT INTO tasks (id, family, model, kind, endpoint, params, webhook, idempotency_key, state,
           progress, created_at, updated_at, parent_task_id, batch_id, batch_size,
           batch_compare)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    ).run(
      task.id,
      task.family,
      task.model,
      task.kind,
      task.endpoint,
      JSON.stringify(task.params),
      task.webhook,
      task.idempotencyKey,
      state,
      task.createdAt,
      task.createdAt,
      task.parentTaskId,
      task.batch?.id ?? null,
      task.batch?.size ?? null,
      task.batch?.compare ? 1 : null,
    );
    return this.require(task.id);
  }

  update(id: string, patch: TaskPatch): StoredTask {
    const sets: string[] = ['updated_at = ?'];
    const values: SqlValue[] = [patch.updatedAt];
    for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof typeof PATCH_COLUMNS, string][]) {
      if (!(key in patch)) continue;
      sets.push(`${column} = ?`);
      values.push(toSql(key, patch[key]));
    }
    this.sql(`UPDATE tasks SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    return this.require(id);
  }

  /**
   * Marks the row sent, but only while it is still 'submitting': a row another process (or the person) took
   * out of that state meanwhile (held at a start, stopped) is not sent from here. False when it was not.
   */
  claimSend(id: string, expectedSentAt: number | null, at: number): boolean {
    // Compared with what the sender read: two processes resuming one row never both send it.
    const done = this.sql(
      "UPDATE tasks SET sent_at = ?, updated_at = ? WHERE id = ? AND state = 'submitting' AND sent_at IS ?",
    ).run(at, at, id, expectedSentAt);
    return Number(done.changes) > 0;
  }

  /**
   * The key fingerprints of tasks that may still ask the gateway about themselves: those not yet finished (a
   * stopped or interrupted task may be tracked again), and completed ones whose files are still to come (a
   * file pending, or an expired link not yet given up as lost), since renewing a link is a status poll that
   * only the submitting key is answered.
   */
  keyRefsInUse(filesToCome: readonly string[]): { id: string; keyRef: string }[] {
    // Which files are still to come is the downloads' to say (they own task_files); the ids arrive as JSON.
    const rows = this.sql(
      `SELECT id, key_ref FROM tasks WHERE key_ref IS NOT NULL AND (
         state NOT IN ('completed', 'failed', 'cancelled')
         OR (state = 'completed' AND id IN (SELECT value FROM json_each(?))))`,
    ).all(JSON.stringify(filesToCome)) as { id: string; key_ref: string }[];
    return rows.map((row) => ({ id: row.id, keyRef: row.key_ref }));
  }

  get(id: string): StoredTask | null {
    const row = this.sql('SELECT * FROM tasks WHERE id = ?').get(id);
    return row ? (this.withCounts([row])[0] ?? null) : null;
  }

  require(id: string): StoredTask {
    const task = this.get(id);
    if (!task) throw studioRefusal('not_found_error', `No task with id ${id}.`, { param: 'id' });
    return task;
  }

  /** The task a submission key was first used for (the key is unique among rows). */
  findByKey(key: string): StoredTask | null {
    const row = this.sql('SELECT * FROM tasks WHERE idempotency_key = ?').get(key);
    return row ? (this.withCounts([row])[0] ?? null) : null;
  }

  /** The local task that produced a remote id, for linking music operations and upscales to their source. */
  findByRemoteId(remoteId: string): StoredTask | null {
    const row = this.sql('SELECT * FROM tasks WHERE remote_id = ? ORDER BY created_at DESC LIMIT 1').get(
      remoteId,
    );
    return row ? (this.withCounts([row])[0] ?? null) : null;
  }

  /**
   * Completed tasks (of one model, or any) that were charged within [start, end): created before the
   * window ends and seen completing after it starts. `except` leaves out the task being reconciled.
   */
  chargedIn(model: string | null, start: number, end: number, except: string): TaskRecord[] {
    const rows = this.sql(
      `SELECT * FROM tasks WHERE state = 'completed' AND created_at < ? AND completed_at >= ? AND id != ?
           AND (? IS NULL OR lower(model) = lower(?))`,
    ).all(end, start, except, model, model);
    return this.withCounts(rows).map((task) => task.record);
  }

  /**
   * The tasks of one batch in the order of its press (each keyed `<batch id>-<position>`): a compare group's
   * models as they were chosen, the first being the form's own.
   */
  inBatch(batchId: string): StoredTask[] {
    const rows = this.sql('SELECT * FROM tasks WHERE batch_id = ?').all(batchId);
    const position = (task: StoredTask) => Number(task.idempotencyKey?.slice(batchId.length + 1) ?? NaN);
    return this.withCounts(rows).sort((a, b) => position(a) - position(b));
  }

  /** Newest first, one page in SQL (LIMIT/OFFSET), download counts for the whole page in one call. */
  list(options: { states?: readonly TaskState[]; limit?: number; offset?: number } = {}): StoredTask[] {
    const rows = this.sql(
      `SELECT * FROM tasks ${whereStates(options.states)} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
    ).all(...(options.states ?? []), options.limit ?? -1, options.offset ?? 0);
    return this.withCounts(rows);
  }

  /** How many tasks list() would return without a limit: the task list's "N of M". */
  count(options: { states?: readonly TaskState[] } = {}): number {
    const row = this.sql(`SELECT COUNT(*) AS n FROM tasks ${whereStates(options.states)}`).get(
      ...(options.states ?? []),
    );
    return Number(row?.n ?? 0);
  }

  /**
   * What the tasks list() would return (all pages) cost together ([TASK-8], [TASK-9]). A failed or cancelled
   * task is not charged ([STATE-7]), so it is not unknown; any other without a cost is counted as unknown, never as 0.
   */
  costTotal(options: { states?: readonly TaskState[]; gateway?: string } = {}): TaskCostTotal {
    // With a gateway, only its tasks are summed; the rest of the list (other gateways, or tasks whose gateway was
    // never known) is counted apart. IS NOT compares NULL as a value, so those count as elsewhere.
    const mine = options.gateway === undefined ? '1' : 'gateway IS ?';
    const row = this.sql(
      `SELECT SUM(${mine}) AS n, SUM(CASE WHEN ${mine} THEN cost END) AS usd,
           SUM(CASE WHEN ${mine} THEN credits_cost END) AS credits,
           SUM(${mine} AND cost IS NOT NULL AND credits_cost IS NULL) AS usd_only,
           SUM(${mine} AND cost IS NULL AND credits_cost IS NULL AND state NOT IN ('failed', 'cancelled')) AS unknown,
           SUM(NOT (${mine})) AS elsewhere
         FROM tasks ${whereStates(options.states)}`,
    ).get(
      ...(options.gateway === undefined ? [] : Array<string>(6).fill(options.gateway)),
      ...(options.states ?? []),
    ) as
      | {
          n: number | null;
          usd: number | null;
          credits: number | null;
          usd_only: number | null;
          unknown: number | null;
          elsewhere: number | null;
        }
      | undefined;
    if (!row) return { count: 0, usd: null, credits: null, unknown: 0, elsewhere: 0 };
    return {
      count: Number(row.n ?? 0),
      usd: row.usd === null ? null : Number(row.usd),
      credits: row.credits === null || Number(row.usd_only ?? 0) > 0 ? null : Number(row.credits),
      unknown: Number(row.unknown ?? 0),
      elsewhere: Number(row.elsewhere ?? 0),
    };
  }

  private withCounts(rows: readonly unknown[]): StoredTask[] {
    const ids = rows.map((row) => String((row as { id: unknown }).id));
    const counts = ids.length ? this.countDownloads(ids) : new Map<string, DownloadProgress>();
    return rows.map((row, i) => fromRow(row, counts.get(ids[i] ?? '') ?? EMPTY_DOWNLOADS));
  }
}

function whereStates(states: readonly TaskState[] | undefined): string {
  return states?.length ? `WHERE state IN (${states.map(() => '?').join(', ')})` : '';
}
