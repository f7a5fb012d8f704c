// Reads and writes the queue's rows (migration tasks-007-queue). Rows are parsed on the way out, like task rows:
// a row another build wrote should fail here, loudly, not deep in the pump. Positions are numbers, not ranks: a
// move writes one row (the midpoint between two neighbours, or past either end), never the whole line.
import { z } from 'zod';
import { familyIdSchema } from '../../../shared/catalog/family-ids';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import { gatewayErrorInfoSchema } from '../../../shared/gateway/normalized';
import {
  queueChargeSchema,
  queueItemStateSchema,
  queueOriginSchema,
  queueRecipeStepSchema,
} from '../../../shared/studio/queue';
import type { QueueCharge, QueueItemState, QueueOrigin } from '../../../shared/studio/queue';
import { spendStopSchema, type SpendStop } from '../../../shared/studio/spending';
import { taskStylesSchema, type TaskStyles } from '../../../shared/studio/presets';
import { ACTIVE_TASK_STATES, taskBatchSchema } from '../../../shared/studio/records';
import { transaction } from '../db/database';
import type { DatabaseSync } from '../db/database';

/** What the item's task is submitted with, besides the request: kept as written at queue time. */
export const queuedOptionsSchema = z.object({
  batch: taskBatchSchema.optional(),
  parentTaskId: z.string().nullable().optional(),
  madeFrom: z.object({ relation: z.enum(['rerun', 'edit']), taskId: z.string() }).optional(),
  /** The recipe step the item is: its run follows it and is the one to try it again. */
  recipe: queueRecipeStepSchema.optional(),
  /** The prompt as typed and the styles on: kept with the task's row when the item is sent. */
  styles: taskStylesSchema.optional(),
});
export type QueuedOptions = z.infer<typeof queuedOptionsSchema>;

/** What a press gives its items: the options they share, and each item's own styles (by position). */
export type QueuedPressOptions = Omit<QueuedOptions, 'styles'> & { styles?: readonly (TaskStyles | null)[] };

/** The options the item at `index` keeps from its press (what its task is submitted with), and nothing else. */
export function queuedOptions(options: QueuedPressOptions, index: number): QueuedOptions {
  const styles = options.styles?.[index];
  return {
    ...(options.batch ? { batch: options.batch } : {}),
    ...(options.parentTaskId !== undefined ? { parentTaskId: options.parentTaskId } : {}),
    ...(options.madeFrom ? { madeFrom: options.madeFrom } : {}),
    ...(options.recipe ? { recipe: options.recipe } : {}),
    ...(styles ? { styles } : {}),
  };
}

const rowSchema = z.object({
  id: z.string(),
  position: z.number(),
  state: queueItemStateSchema,
  origin: queueOriginSchema,
  group_id: z.string().nullable(),
  family: familyIdSchema,
  model: z.string(),
  params: z.string(),
  webhook: z.string().nullable(),
  submission_key: z.string(),
  options: z.string(),
  confirmed: z.number().int(),
  task_id: z.string().nullable(),
  error: z.string().nullable(),
  charge: queueChargeSchema.nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});

export interface QueuedItem {
  id: string;
  position: number;
  state: QueueItemState;
  origin: QueueOrigin;
  group: string | null;
  family: FamilyId;
  model: string;
  params: Record<string, unknown>;
  webhook: string | null;
  /** The key its task row will carry: sent again after a restart, it finds that row instead of a second task. */
  key: string;
  options: QueuedOptions;
  /** The person saw the estimate and confirmed it when queueing (above the threshold). */
  confirmed: boolean;
  taskId: string | null;
  error: GatewayErrorInfo | null;
  charge: QueueCharge | null;
  createdAt: number;
  updatedAt: number;
}

export type NewQueuedItem = Omit<
  QueuedItem,
  'position' | 'state' | 'taskId' | 'error' | 'charge' | 'updatedAt'
>;

export interface QueueSettings {
  paused: boolean;
  pausedReason: string | null;
  /**
   * The facts pausedReason was worded from when the limits paused the queue (tasks-011), so each screen words it
   * in its own language; null when a person paused it, and for a pause kept before there were facts.
   */
  pausedFor: SpendStop | null;
  /** The item whose confirmation paused the queue: resuming confirms it. */
  confirmItem: string | null;
  startAt: number | null;
  parallel: number;
}

const settingsRowSchema = z.object({
  paused: z.number().int(),
  paused_reason: z.string().nullable(),
  paused_for: z.string().nullable(),
  confirm_item: z.string().nullable(),
  start_at: z.number().nullable(),
  parallel: z.number().int(),
});

const paramsSchema = z.record(z.string(), z.unknown());

function fromRow(raw: unknown): QueuedItem {
  const row = rowSchema.parse(raw);
  return {
    id: row.id,
    position: row.position,
    state: row.state,
    origin: row.origin,
    group: row.group_id,
    family: row.family,
    model: row.model,
    params: paramsSchema.parse(JSON.parse(row.params)),
    webhook: row.webhook,
    key: row.submission_key,
    options: queuedOptionsSchema.parse(JSON.parse(row.options)),
    confirmed: row.confirmed === 1,
    taskId: row.task_id,
    error: row.error === null ? null : gatewayErrorInfoSchema.parse(JSON.parse(row.error)),
    charge: row.charge,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface QueueItemPatch {
  state?: QueueItemState;
  position?: number;
  taskId?: string | null;
  error?: GatewayErrorInfo | null;
  charge?: QueueCharge | null;
  confirmed?: boolean;
  key?: string;
  updatedAt: number;
}

export class QueueStore {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Appends the items at the back, in the order given: all of them or, if the process dies, none. `admit` (the
   * spending limits) is asked inside the same transaction: a refusal writes nothing.
   */
  append(items: readonly NewQueuedItem[], now: number, admit?: () => void): void {
    transaction(this.db, () => {
      admit?.();
      this.#append(items, now);
    });
  }

  #append(items: readonly NewQueuedItem[], now: number): void {
    let position = this.#edge('MAX') + 1;
    const insert = this.db.prepare(
      `INSERT INTO queue_items (id, position, state, origin, group_id, family, model, params, webhook,
         submission_key, options, confirmed, created_at, updated_at)
       VALUES (?, ?, 'waiting', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const item of items) {
      insert.run(
        item.id,
        position++,
        item.origin,
        item.group,
        item.family,
        item.model,
        JSON.stringify(item.params),
        item.webhook,
        item.key,
        JSON.stringify(item.options),
        item.confirmed ? 1 : 0,
        item.createdAt,
        now,
      );
    }
  }

  get(id: string): QueuedItem | null {
    const row = this.db.prepare('SELECT * FROM queue_items WHERE id = ?').get(id);
    return row ? fromRow(row) : null;
  }

  findByKey(key: string): QueuedItem | null {
    const row = this.db.prepare('SELECT * FROM queue_items WHERE submission_key = ?').get(key);
    return row ? fromRow(row) : null;
  }

  /** The queue's tasks at the gateway and not finished: what `parallel` bounds. */
  runningCount(): number {
    const marks = ACTIVE_TASK_STATES.map(() => '?').join(', ');
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM queue_items q JOIN tasks t ON t.id = q.task_id
         WHERE q.state = 'sent' AND t.state IN (${marks})`,
      )
      .get(...ACTIVE_TASK_STATES) as { n: number };
    return row.n;
  }

  /** The queue's rows written and not yet answered by the gateway (being sent, or resumed by a start). */
  submittingCount(): number {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM queue_items q JOIN tasks t ON t.id = q.task_id
         WHERE q.state = 'sent' AND t.state = 'submitting'`,
      )
      .get() as { n: number };
    return row.n;
  }

  /** Whether a queue item (being sent, or sent) holds this submission key: its row is the queue's press. */
  ownsKey(key: string): boolean {
    return (
      this.db
        .prepare("SELECT 1 FROM queue_items WHERE submission_key = ? AND state IN ('sending', 'sent')")
        .get(key) !== undefined
    );
  }

  /** The ids of the queue's tasks at the gateway and not finished, for the timeline. */
  runningTaskIds(): string[] {
    const marks = ACTIVE_TASK_STATES.map(() => '?').join(', ');
    return this.db
      .prepare(
        `SELECT t.id AS id FROM queue_items q JOIN tasks t ON t.id = q.task_id
         WHERE q.state IN ('sent', 'sending') AND t.state IN (${marks})`,
      )
      .all(...ACTIVE_TASK_STATES)
      .map((row) => String(row.id));
  }

  /** Items in these states, in queue order (the next to go first). */
  list(states: readonly QueueItemState[]): QueuedItem[] {
    if (states.length === 0) return [];
    const marks = states.map(() => '?').join(', ');
    return this.db
      .prepare(`SELECT * FROM queue_items WHERE state IN (${marks}) ORDER BY position, created_at, id`)
      .all(...states)
      .map(fromRow);
  }

  /** Items that left the line (sent, failed, cancelled), the latest first: the list's recent history. */
  recent(limit: number): QueuedItem[] {
    return this.db
      .prepare(
        `SELECT * FROM queue_items WHERE state IN ('sent', 'failed', 'cancelled')
         ORDER BY updated_at DESC, position DESC LIMIT ?`,
      )
      .all(limit)
      .map(fromRow);
  }

  count(states: readonly QueueItemState[]): number {
    const marks = states.map(() => '?').join(', ');
    const row = this.db
      .prepare(`SELECT COUNT(*) AS n FROM queue_items WHERE state IN (${marks})`)
      .get(...states) as { n: number };
    return row.n;
  }

  update(id: string, patch: QueueItemPatch): void {
    const sets: string[] = ['updated_at = ?'];
    const values: (string | number | null)[] = [patch.updatedAt];
    const put = (column: string, value: string | number | null): void => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (patch.state !== undefined) put('state', patch.state);
    if (patch.position !== undefined) put('position', patch.position);
    if (patch.taskId !== undefined) put('task_id', patch.taskId);
    if (patch.error !== undefined) put('error', patch.error === null ? null : JSON.stringify(patch.error));
    if (patch.charge !== undefined) put('charge', patch.charge);
    if (patch.confirmed !== undefined) put('confirmed', patch.confirmed ? 1 : 0);
    if (patch.key !== undefined) put('submission_key', patch.key);
    this.db.prepare(`UPDATE queue_items SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  }

  /** A position before every item (front) or after every item (back). */
  frontPosition(): number {
    return this.#edge('MIN') - 1;
  }

  backPosition(): number {
    return this.#edge('MAX') + 1;
  }

  settings(): QueueSettings {
    const row = settingsRowSchema.parse(
      this.db
        .prepare(
          'SELECT paused, paused_reason, paused_for, confirm_item, start_at, parallel FROM queue_state WHERE id = 1',
        )
        .get(),
    );
    return {
      paused: row.paused === 1,
      pausedReason: row.paused_reason,
      pausedFor: row.paused_for === null ? null : spendStopSchema.parse(JSON.parse(row.paused_for)),
      confirmItem: row.confirm_item,
      startAt: row.start_at,
      parallel: row.parallel,
    };
  }

  setSettings(patch: Partial<QueueSettings>): QueueSettings {
    const next = { ...this.settings(), ...patch };
    this.db
      .prepare(
        'UPDATE queue_state SET paused = ?, paused_reason = ?, paused_for = ?, confirm_item = ?, start_at = ?, parallel = ? WHERE id = 1',
      )
      .run(
        next.paused ? 1 : 0,
        next.pausedReason,
        next.pausedFor === null ? null : JSON.stringify(next.pausedFor),
        next.confirmItem,
        next.startAt,
        next.parallel,
      );
    return next;
  }

  #edge(fn: 'MIN' | 'MAX'): number {
    const row = this.db.prepare(`SELECT ${fn}(position) AS p FROM queue_items`).get() as { p: number | null };
    return row.p ?? 0;
  }
}
