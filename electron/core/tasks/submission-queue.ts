// The submission queue: submissions held in the database, not sent, until their turn (docs/engine.md, "The
// queue"). A held item has cost nothing, so holding it is the cheapest undo there is: it can be paused,
// reordered, cancelled ("not charged") and scheduled. Its turn comes when the queue runs, its schedule has
// come and fewer than `parallel` of its tasks run at the gateway; items go one after another, the next only
// once the one before has its answer, so the gateway receives them in the queue's order.
//
// Each item carries the key its task row will take. It is written 'sending' before engine.submit(), and 'sent'
// in the transaction that writes its task row and key: a kill -9 leaves a 'sending' item with no row (submitted
// again under its key at the next start) or a 'sent' one with its row, which the engine's start sends if its
// request never left (sender.ts), never twice. The next item waits while a queue row is still being sent. Budgets and the confirmation
// threshold are asked when an item is queued (its press as a whole) and again when it is sent (submit's own
// check, in the row's transaction): a refusal then pauses the queue with its sentence instead of refusing
// item after item.
import { randomUUID } from 'node:crypto';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import { localError } from '../../../shared/bridge/errors';
import { isActiveState } from '../../../shared/studio/records';
import type { TaskRecord } from '../../../shared/studio/records';
import { MAX_QUEUE_ITEMS, MAX_QUEUE_PARALLEL } from '../../../shared/studio/queue';
import type { QueueCancelResult, QueueMove, QueueOrigin, QueueView } from '../../../shared/studio/queue';
import { isSubmissionKey, SUBMISSION_KEY_RULE } from '../../../shared/studio/submission-key';
import { SpendStopped } from '../../../shared/studio/spend-stopped';
import { studioRefusal } from '../../../shared/gateway/gateway-error';
import type { Disposable } from '../lifetime';
import { describeThrown } from '../log';
import type { ReferenceStore } from '../references/reference-store';
import type { EngineContext } from './engine-context';
import type { SubmitOptions } from './engine-options';
import { toGatewayErrorInfo } from './gateway-errors';
import { QueueStore } from './queue-store';
import { queuedOptions } from './queue-store';
import type { NewQueuedItem, QueuedItem, QueuedPressOptions } from './queue-store';
import { queueView } from './queue-view';
import { QueueWaiters } from './queue-waiters';
import type { QueueEstimator } from './queue-view';
import type { SubmissionGuard, TaskHistory } from './task-history';
import type { DatabaseSync } from '../db/database';

export interface QueueAddOptions extends QueuedPressOptions {
  /** Where the items came from (the Queue button by default). */
  origin?: QueueOrigin;
  /** The press's key: a repeat of it answers with the items already queued. Items take "<key>-<n>". */
  key?: string;
  /** The person saw the estimate and confirmed it (above the confirmation threshold). */
  confirmed?: boolean;
  overBudget?: boolean;
  /** The press was measured against the limits as a whole already (a recipe at its start): asked again at send. */
  admitted?: boolean;
  /** The press the items belong to (a batch's id); the key, or a fresh id, by default. */
  group?: string;
  /** Each item's own task key (a batch's overflow keeps "<batch key>-<position>"); derived from `key` if not given. */
  keys?: readonly string[];
}

export interface QueueParts {
  db: DatabaseSync;
  references: ReferenceStore;
  guard: SubmissionGuard | null;
  history: TaskHistory | null;
  submit: (request: SubmissionRequest, options: SubmitOptions) => Promise<TaskRecord>;
  /** Stops tracking a task (it may still run, and be charged, upstream). */
  stop: (taskId: string) => void;
  newId: () => string;
}

/** While items wait, the queue looks at its rows this often: a CLI beside the app may have changed them. */
export const QUEUE_LOOK_MS = 2_000;

export class SubmissionQueue {
  readonly store: QueueStore;
  readonly #waiters: QueueWaiters;
  #running = false;
  #timer: Disposable | null = null;
  /** The item being submitted now; only one at a time, so the gateway receives them in order. */
  #sending: string | null = null;

  constructor(
    private readonly ctx: EngineContext,
    private readonly parts: QueueParts,
  ) {
    this.store = new QueueStore(parts.db);
    this.#waiters = new QueueWaiters(this.store);
  }

  /** True once this engine sends the queue (the app's and the soak's; the CLI's only edits its rows). */
  get sends(): boolean {
    return this.#running;
  }

  /** Resolves once the item left the line: sent (with its task), refused before it left, or cancelled. */
  left(id: string): Promise<QueuedItem> {
    return this.#waiters.left(id);
  }

  /**
   * Puts submissions at the back of the queue, not sent. The press is checked against the spending limits as
   * a whole now, and each item again when its turn comes. A repeat of a keyed press adds nothing.
   */
  async add(requests: readonly SubmissionRequest[], options: QueueAddOptions = {}): Promise<string[]> {
    const { key } = options;
    if (key !== undefined && (!isSubmissionKey(key) || key.length > 120)) {
      throw localError('validation_error', SUBMISSION_KEY_RULE, { param: 'key' });
    }
    const group = options.group ?? key ?? randomUUID();
    const keyOf = (i: number) => (key === undefined ? `queue-${randomUUID()}` : `${key}-${i}`);
    const keys = options.keys ?? requests.map((_, i) => keyOf(i));
    if (keys.length !== requests.length || !keys.every(isSubmissionKey)) {
      throw localError('validation_error', SUBMISSION_KEY_RULE, { param: 'key' });
    }
    const held = keys.map((k) => this.#byKey(k));
    if (held.every((id) => id !== null)) return held.filter((id): id is string => id !== null);
    const waiting = this.store.count(['waiting', 'sending']);
    if (waiting + requests.length > MAX_QUEUE_ITEMS) {
      throw studioRefusal(
        'validation_error',
        `The queue holds at most ${MAX_QUEUE_ITEMS} items; ${waiting} are waiting.`,
        { code: 'queue_full' },
      );
    }
    const items: NewQueuedItem[] = [];
    for (const [i, request] of requests.entries()) {
      if (held[i]) continue;
      const interned = this.parts.references.intern(request.params);
      const params = interned instanceof Promise ? await interned : interned;
      items.push({
        id: this.parts.newId(),
        origin: options.origin ?? 'queue',
        group,
        family: request.family,
        model: request.model,
        params,
        webhook: request.webhook ?? null,
        key: keys[i] ?? keyOf(i),
        options: queuedOptions(options, i),
        confirmed: options.confirmed ?? false,
        createdAt: this.ctx.clock.now(),
      });
    }
    const { guard } = this.parts; // asked in the transaction that writes the press down
    const admit = () =>
      guard?.admitAll(
        items.map((r) => ({ family: r.family, model: r.model, params: r.params })),
        { confirmed: options.confirmed, overBudget: options.overBudget },
      );
    this.store.append(items, this.ctx.clock.now(), options.admitted ? undefined : admit);
    this.#changed();
    return keys.map((k) => this.#byKey(k) ?? '');
  }

  /** The queue as a person sees it: waiting items with their place, and the latest that left the line. */
  view(estimator?: QueueEstimator): QueueView {
    return queueView(this.ctx, this.store, this.parts.history, estimator);
  }

  pause(): void {
    this.store.setSettings({ paused: true, pausedReason: null, pausedFor: null, confirmItem: null });
    this.#changed();
  }

  /** Runs the queue again; an item whose confirmation paused it counts as confirmed now. */
  resume(): void {
    const { confirmItem } = this.store.settings();
    if (confirmItem) this.store.update(confirmItem, { confirmed: true, updatedAt: this.ctx.clock.now() });
    this.store.setSettings({ paused: false, pausedReason: null, pausedFor: null, confirmItem: null });
    this.#changed();
  }

  /** Nothing is sent before `at` (null: at once). */
  schedule(at: number | null): void {
    this.store.setSettings({ startAt: at });
    this.#changed();
  }

  setParallel(parallel: number): void {
    if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_QUEUE_PARALLEL) {
      throw studioRefusal('validation_error', `Between 1 and ${MAX_QUEUE_PARALLEL} at once.`, {
        code: 'queue_parallel',
      });
    }
    this.store.setSettings({ parallel });
    this.#changed();
  }

  move(id: string, to: QueueMove): void {
    const item = this.#waiting(id);
    const now = this.ctx.clock.now();
    let position: number;
    if (to === 'front') position = this.store.frontPosition();
    else if (to === 'back') position = this.store.backPosition();
    else {
      const line = this.store.list(['waiting']).filter((i) => i.id !== item.id);
      const at = line.findIndex((i) => i.id === to.before);
      if (at < 0) throw notWaiting(to.before);
      const after = line[at]?.position ?? 0;
      const before = at === 0 ? after - 2 : (line[at - 1]?.position ?? after - 2);
      position = (before + after) / 2;
    }
    this.store.update(item.id, { position, updatedAt: now });
    this.#changed();
  }

  /**
   * Takes items out. One never sent is cancelled and not charged. One already at the gateway (sending, or
   * sent and still running) may be charged whatever happens here: it is cancelled, and its tracking stopped,
   * only with `atGateway: true` (the person confirmed); otherwise it is named in the answer and left alone.
   */
  cancel(ids: readonly string[], options: { atGateway?: boolean } = {}): QueueCancelResult {
    const result: QueueCancelResult = { cancelled: [], atGateway: [] };
    const now = this.ctx.clock.now();
    for (const id of ids) {
      const item = this.store.get(id);
      if (!item) throw notWaiting(id);
      if (item.state === 'waiting' || item.state === 'failed') {
        this.store.update(id, { state: 'cancelled', charge: 'not-charged', updatedAt: now });
        result.cancelled.push(id);
        continue;
      }
      const task = item.taskId ? this.ctx.tasks.get(item.taskId) : this.#taskOf(item);
      const live = item.state === 'sending' || (task !== null && isActiveState(task.state));
      if (!live) continue;
      if (!options.atGateway) {
        result.atGateway.push(id);
        continue;
      }
      if (task) this.parts.stop(task.id);
      this.store.update(id, { state: 'cancelled', charge: 'may-be-charged', updatedAt: now });
      result.cancelled.push(id);
    }
    this.#changed();
    return result;
  }

  /** A failed item (refused before it left, or its task failed) goes to the back of the line as a new press. */
  retry(id: string): void {
    const item = this.store.get(id);
    const task = item?.taskId ? this.ctx.tasks.get(item.taskId) : null;
    const failed = item?.state === 'failed' || (item?.state === 'sent' && task?.state === 'failed');
    if (!item || !failed) {
      throw studioRefusal('unsupported', 'Only a failed queue item can be tried again.', {
        code: 'not_retryable',
      });
    }
    if (item.options.recipe) {
      // Its run stopped at this step and is what sends it again (and the steps after it).
      throw studioRefusal('unsupported', 'A recipe step is tried again from its run on Create.', {
        code: 'not_retryable',
      });
    }
    this.store.update(id, {
      state: 'waiting',
      position: this.store.backPosition(),
      taskId: null,
      error: null,
      charge: null,
      // A new key: the failed task keeps the old one, and this is a new take.
      key: `queue-${randomUUID()}`,
      updatedAt: this.ctx.clock.now(),
    });
    this.#changed();
  }

  /** Starts sending (the app and the soak; the CLI's commands only edit the rows and leave sending to the app). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.ctx.events.on('task', () => this.#wake());
    this.#wake();
  }

  /** Sends nothing more (handing over to a successor engine). */
  stop(): void {
    this.#running = false;
    this.#timer?.dispose();
    this.#timer = null;
  }

  #changed(): void {
    this.ctx.events.emit({ type: 'queue' });
    this.#wake();
  }

  #wake(): void {
    if (!this.#running || this.ctx.lifetime.isDisposed) return;
    this.#timer?.dispose();
    this.#timer = this.ctx.lifetime.timer(0, () => this.#pump());
  }

  #arm(ms: number): void {
    this.#timer?.dispose();
    this.#timer = this.ctx.lifetime.timer(ms, () => this.#pump());
  }

  #pump(): void {
    this.#timer = null;
    if (!this.#running || this.ctx.lifetime.isDisposed || this.#sending !== null) return;
    try {
      this.#next();
      this.#waiters.check();
    } catch (thrown) {
      // The database under us failed (closing); the next start picks the rows up again.
      this.ctx.logger.error('the queue could not look at its items', { reason: describeThrown(thrown) });
      this.#arm(QUEUE_LOOK_MS);
    }
  }

  #next(): void {
    const { clock } = this.ctx;
    const settings = this.store.settings();
    const line = this.store.list(['sending', 'waiting']);
    if (line.length === 0) return;
    if (settings.paused) return this.#arm(QUEUE_LOOK_MS);
    const now = clock.now();
    if (settings.startAt !== null && now < settings.startAt) {
      return this.#arm(Math.min(settings.startAt - now, QUEUE_LOOK_MS));
    }
    for (const item of line.filter((i) => i.state === 'sending')) {
      const task = this.#taskOf(item);
      // Left 'sending' beside its row by an earlier version: the row is the item's task.
      if (task) this.store.update(item.id, { state: 'sent', taskId: task.id, updatedAt: now });
      else return this.#send(item); // cut off before its row was written: sent now, under its key
    }
    // A row of the queue's still being sent (a 429 waited out, one a restart resumes): its answer comes first.
    if (this.store.submittingCount() > 0) return this.#arm(QUEUE_LOOK_MS);
    const head = line.find((i) => i.state === 'waiting');
    if (!head) return;
    if (this.store.runningCount() >= settings.parallel) return this.#arm(QUEUE_LOOK_MS);
    this.store.update(head.id, { state: 'sending', updatedAt: now });
    this.#send(head);
  }

  #send(item: QueuedItem): void {
    this.#sending = item.id;
    const sent = (taskId: string) =>
      this.store.update(item.id, { state: 'sent', taskId, updatedAt: this.ctx.clock.now() });
    const request: SubmissionRequest = {
      family: item.family,
      model: item.model,
      params: item.params,
      ...(item.webhook ? { webhook: item.webhook } : {}),
    };
    const work = this.parts
      .submit(request, { ...item.options, key: item.key, confirmed: item.confirmed, written: sent })
      .then(
        (task) => this.#sent(item, task),
        (thrown: unknown) => this.#refused(item, thrown),
      )
      .catch((thrown: unknown) => {
        this.ctx.logger.error('the queue could not record an answer', {
          reason: describeThrown(thrown),
        });
      })
      .finally(() => {
        this.#sending = null;
        this.#changed();
      });
    void this.ctx.lifetime.track(work, 'background');
  }

  #sent(item: QueuedItem, task: TaskRecord): void {
    this.store.update(item.id, { state: 'sent', taskId: task.id, updatedAt: this.ctx.clock.now() });
  }

  #refused(item: QueuedItem, thrown: unknown): void {
    const info = toGatewayErrorInfo(thrown);
    const now = this.ctx.clock.now();
    if (this.ctx.lifetime.isDisposed || info.type === 'aborted') {
      return; // the engine is closing: the item stays 'sending' and is taken up by the next start
    }
    if (info.type === 'budget_exceeded' || info.type === 'confirmation_required') {
      // Not a refusal of this item: the queue stops here, says why, and waits for the person.
      this.store.update(item.id, { state: 'waiting', updatedAt: now });
      this.store.setSettings({
        paused: true,
        pausedReason: info.message,
        pausedFor: thrown instanceof SpendStopped ? thrown.stop : null,
        confirmItem: info.type === 'confirmation_required' ? item.id : null,
      });
      return;
    }
    this.store.update(item.id, { state: 'failed', error: info, charge: 'not-charged', updatedAt: now });
  }

  #taskOf(item: QueuedItem): TaskRecord | null {
    return this.ctx.tasks.store.findByKey(item.key)?.record ?? null;
  }

  #byKey(key: string): string | null {
    return this.store.findByKey(key)?.id ?? null;
  }

  #waiting(id: string): QueuedItem {
    const item = this.store.get(id);
    if (!item || item.state !== 'waiting') throw notWaiting(id);
    return item;
  }
}

function notWaiting(id: string): Error {
  return studioRefusal('not_found_error', `No waiting queue item ${id}.`, { code: 'queue_item' });
}
