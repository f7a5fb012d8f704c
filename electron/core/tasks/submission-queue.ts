// The submission queue: submissions held in the database, not sent, until their turn (docs/engine.md, "The
// queue"). A held item has cost nothing, so holding it is the cheapest undo there is: it can be paused,
// reordered, cancelled ("not charged") and scheduled. Each item is a job of the studio's durable job mechanism
// (core/jobs), written with it: the mechanism sends it when the queue's rules give it its turn (queue-sending.ts),
// hands it back after a kill, and ends with the studio. This file is what a person does with the line: add to it,
// look at it, pause, schedule, move, cancel, try again. Budgets and the confirmation threshold are asked when an
// item is queued (its press as a whole) and again when it is sent.
import { randomUUID } from 'node:crypto';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import { localError } from '../../../shared/bridge/errors';
import { isActiveState } from '../../../shared/studio/records';
import type { TaskRecord } from '../../../shared/studio/records';
import { MAX_QUEUE_ITEMS, MAX_QUEUE_PARALLEL } from '../../../shared/studio/queue';
import type { QueueCancelResult, QueueMove, QueueOrigin, QueueView } from '../../../shared/studio/queue';
import { isSubmissionKey, SUBMISSION_KEY_RULE } from '../../../shared/studio/submission-key';
import { studioRefusal } from '../../../shared/gateway/gateway-error';
import type { Disposable } from '../lifetime';
import type { JobChange, JobRunner } from '../jobs';
import type { ReferenceStore } from '../references/reference-store';
import type { EngineContext } from './engine-context';
import type { SubmitOptions } from './engine-options';
import { QUEUE_JOB, queueJobKind } from './queue-sending';
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
  /** The studio's durable jobs: each item is one (kind `queue-item`, keyed by the item's id). */
  jobs: JobRunner;
}

export class SubmissionQueue {
  readonly store: QueueStore;
  readonly #waiters: QueueWaiters;
  #running = false;
  #timer: Disposable | null = null;
  /** What start() took on (the kind's registration, the listeners): given back by stop(). */
  #held: (() => void)[] = [];

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
    // Each item's job, written before anything of it is sent (a kill between the two is made good at start).
    for (const item of items) this.parts.jobs.add(QUEUE_JOB, item.id, null);
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
        this.#cancelJob(id);
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
      this.#cancelJob(id);
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
    this.#lineJob(id);
    this.#changed();
  }

  /** Starts sending (the app and the soak; the CLI's commands only edit the rows and leave sending to the app). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    const { jobs } = this.parts;
    // Items kept by an earlier version (or written just before a kill, their jobs not yet) get their jobs now.
    for (const item of this.store.list(['waiting', 'sending'])) this.#lineJob(item.id);
    const kind = jobs.register(
      queueJobKind(this.ctx, {
        store: this.store,
        submit: this.parts.submit,
        looked: () => this.#waiters.check(),
      }),
    );
    const offJobs = jobs.subscribe((change: JobChange) => {
      if (change.kind !== QUEUE_JOB) return;
      this.#waiters.check();
      this.ctx.events.emit({ type: 'queue' });
    });
    // A task that finished frees a place among `parallel`, or answers the row the next item waits behind.
    const offTasks = this.ctx.events.on('task', () => this.#wake());
    this.#held = [() => kind.dispose(), offJobs, offTasks];
    this.#wake();
  }

  /** Sends nothing more (handing over to a successor engine); an item being sent gets its answer. */
  stop(): void {
    this.#running = false;
    this.#timer?.dispose();
    this.#timer = null;
    for (const release of this.#held.splice(0)) release();
  }

  /** An item back in the line: its job is written, or sent back to the line if it had ended. */
  #lineJob(id: string): void {
    const { jobs } = this.parts;
    const job = jobs.store.byKey(QUEUE_JOB, id);
    if (!job) jobs.add(QUEUE_JOB, id, null);
    else if (job.state !== 'waiting' && job.state !== 'running') jobs.revive(job.id);
  }

  #cancelJob(id: string): void {
    const job = this.parts.jobs.store.byKey(QUEUE_JOB, id);
    if (job) this.parts.jobs.cancel(job.id, 'cancelled from the queue');
  }

  #changed(): void {
    this.ctx.events.emit({ type: 'queue' });
    this.#waiters.check();
    this.#wake();
  }

  /** Has the job mechanism look at the line soon (once for many changes in one turn). */
  #wake(): void {
    if (!this.#running || this.ctx.lifetime.isDisposed || this.#timer) return;
    this.#timer = this.ctx.lifetime.timer(0, () => {
      this.#timer = null;
      this.parts.jobs.poke();
    });
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
