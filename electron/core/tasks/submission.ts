// Where a press is admitted and written. A submission is a row before it is a request: its references stored,
// the spending limits asked, its key and its made-from links written, then it waits for a slot of the request
// budget and goes to the sender. A caller's key is on the row before anything is sent, so a repeat of the same
// press answers with that task, never a second paid one, whatever the family (the row decides; the gateway's
// key helps only I2). Batches measure the whole press against the limits once.
import { createHash, randomUUID } from 'node:crypto';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { localError } from '../../../shared/bridge/errors';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import { isHeldUnsent } from '../../../shared/studio/records';
import type { TaskBatch, TaskRecord } from '../../../shared/studio/records';
import { isSubmissionKey, SUBMISSION_KEY_RULE } from '../../../shared/studio/submission-key';
import { canonicalJson } from '../../../shared/studio/canonical-json';
import { transaction } from '../db/database';
import { diskFullSentence, isDiskFull } from '../db/disk-space';
import type { DatabaseSync } from '../db/database';
import type { ReferenceStore } from '../references/reference-store';
import type { EngineContext } from './engine-context';
import { MAX_PRESS_TASKS } from '../../../shared/studio/press';
import type { BatchOptions, BatchResult, SubmitOptions, TaskStylesRecorder } from './engine-options';
import { pollEndpointOf, taskKindOf } from './family-routing';
import { madeFromLinks, namesSource } from './made-from-links';
import type { LibraryFileIndex } from './made-from-links';
import type { MadeFromStore } from './made-from-store';
import type { Pacer } from './pacing';
import type { Reconciler } from './reconciler';
import type { Sender } from './sender';
import type { SubmissionGuard } from './task-history';
import type { StoredTask } from './task-store';
import type { QueueAddOptions } from './submission-queue';
import { studioRefusal } from '../../../shared/gateway/gateway-error';

export interface SubmissionParts {
  /** The shared database: a budget check and its row are one transaction on it. */
  db: DatabaseSync;
  sender: Sender;
  pacer: Pacer;
  reconciler: Reconciler;
  references: ReferenceStore;
  madeFrom: MadeFromStore;
  guard: SubmissionGuard | null;
  libraryFiles: LibraryFileIndex | null;
  newId: () => string;
  /** Keeps a task's styles in the transaction of its row: a press's styles are never kept apart from it. */
  taskStyles: TaskStylesRecorder | null;
  /**
   * Where a batch's part beyond one window of the request budget waits, durably, instead of in memory: the
   * queue (only in an engine that sends it; elsewhere the whole batch waits for the budget as before).
   */
  overflow: ((requests: readonly SubmissionRequest[], options: QueueAddOptions) => Promise<string[]>) | null;
}

export class Submissions {
  /** Keyed submissions not yet answered, by key: a repeat arriving meanwhile waits for the same answer. */
  readonly #keyed = new Map<string, { request: string; work: Promise<TaskRecord> }>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly parts: SubmissionParts,
  ) {}

  /**
   * Writes the task, then sends it. Refusals come back as a 'failed' record with the error kept on it. Reference
   * images arriving as data URLs are stored first and the row keeps `studio-ref:` values; one that cannot be
   * stored (too large, not an image) is refused here, before any row exists.
   */
  submit(request: SubmissionRequest, options: SubmitOptions = {}): Promise<TaskRecord> {
    const { key } = options;
    const { lifetime } = this.ctx;
    if (key === undefined) return lifetime.track(this.#submitNow(request, options, null), 'submission');
    if (!isSubmissionKey(key)) {
      return Promise.reject(localError('validation_error', SUBMISSION_KEY_RULE, { param: 'key' }));
    }
    // A repeat while the first is still on its way (a double click): the same answer, nothing sent twice.
    // Compared as sent (data URLs and all) since the first has not stored its references yet.
    const asked = requestText(request.family, request.model, request.params, request.webhook ?? null);
    const pending = this.#keyed.get(key);
    if (pending) {
      if (pending.request !== asked) return Promise.reject(keyReused());
      return pending.work.then((record) => this.ctx.tasks.get(record.id) ?? record);
    }
    const work = lifetime.track(this.#submitNow(request, options, key), 'submission');
    this.#keyed.set(key, { request: asked, work });
    const done = () => void this.#keyed.delete(key);
    void work.then(done, done);
    return work;
  }

  /**
   * Several submissions at one press (prompts × n): the spending limits apply to their total, once, then each
   * is a submission of its own under the one request budget, keyed `<batch key>-<position>` so a repeat of the
   * press (double click, retried call, after a restart) answers with the same tasks and sends only what was
   * never written. Every task records the batch (its id is the press's key) and its size, and whether it is one
   * prompt sent to several models (`compare`), whose results open together in the compare view.
   */
  async submitBatch(
    requests: readonly SubmissionRequest[],
    options: BatchOptions = {},
  ): Promise<BatchResult> {
    if (requests.length === 0 || requests.length > MAX_PRESS_TASKS) {
      throw localError(
        'validation_error',
        `A batch holds 1 to ${MAX_PRESS_TASKS} tasks; this one has ${requests.length}.`,
        { param: 'requests' },
      );
    }
    const batchId = options.key ?? randomUUID();
    // Room for "-<position>" inside the longest key allowed.
    if (!isSubmissionKey(batchId) || batchId.length > 120) {
      throw localError('validation_error', SUBMISSION_KEY_RULE, { param: 'key' });
    }
    const keyOf = (i: number) => `${batchId}-${i}`;
    const { store } = this.ctx.tasks;
    // A repeat of the press: what it already wrote (or is writing) is not asked about or paid for again.
    const fresh = requests.filter((_, i) => !this.#keyed.has(keyOf(i)) && !store.findByKey(keyOf(i)));
    if (fresh.length > 0) {
      this.parts.guard?.admitAll(
        fresh.map((r) => ({ family: r.family, model: r.model, params: r.params })),
        { confirmed: options.confirmed, overBudget: options.overBudget },
      );
    }
    const batch: TaskBatch = {
      id: batchId,
      size: requests.length,
      ...(options.compare ? { compare: true as const } : {}),
    };
    // What one window of the request budget takes goes now; the rest waits in the queue, where it can be
    // paused, moved or cancelled before it costs anything, and survives a restart (docs/engine.md, "The queue").
    const room = this.parts.overflow ? this.ctx.budget.options.requests : requests.length;
    const later = requests.slice(room);
    if (later.length > 0 && this.parts.overflow) {
      await this.parts.overflow(later, {
        origin: batch.compare ? 'fanout' : 'batch',
        group: batchId,
        keys: later.map((_, i) => keyOf(room + i)),
        batch,
        // A take that waits its turn is still made from what the press edits (a region edit's original).
        ...(options.madeFrom ? { madeFrom: options.madeFrom } : {}),
        confirmed: true,
        overBudget: options.overBudget,
        ...(options.styles ? { styles: options.styles.slice(room) } : {}),
      });
    }
    const settled = await Promise.allSettled(
      requests.slice(0, room).map((request, i) =>
        this.submit(request, {
          key: keyOf(i),
          batch,
          ...(options.madeFrom ? { madeFrom: options.madeFrom } : {}),
          ...(options.styles?.[i] ? { styles: options.styles[i] } : {}),
          // The total was measured against the limits just above: each part of it is within them.
          confirmed: true,
          overBudget: options.overBudget,
          signal: options.signal,
        }),
      ),
    );
    const tasks = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (tasks.length === 0 && refused) throw refused.reason;
    return { batchId, tasks };
  }

  /**
   * "Try again" for a task whose submission ended with its outcome unknown ('interrupted', no remote id):
   * the same row, body and Idempotency-Key go out again. The user chose it knowing the first may have been
   * charged; a gateway that honours the key answers with the original task instead of a second one.
   */
  retrySubmission(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    return this.ctx.lifetime.track(this.#retryNow(taskId, signal), 'submission');
  }

  async #retryNow(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    const { ctx, parts } = this;
    const task = ctx.tasks.store.require(taskId);
    if (task.record.state !== 'interrupted' || task.record.remoteId) {
      throw studioRefusal(
        'unsupported',
        'Only an interrupted task that the gateway never acknowledged can be sent again.',
        { code: 'not_resendable' },
      );
    }
    parts.reconciler.cancel(taskId);
    parts.pacer.forget(taskId);
    parts.sender.forget(taskId);
    const reopen = () => ctx.tasks.update(taskId, { state: 'submitting', error: null, reconciliation: null });
    const { family, model, params } = task.record;
    // A row held because it never left counted for nothing meanwhile: the person's Send it is measured against
    // the budgets again, in one transaction with the row going back to 'submitting' (it counts from then on).
    if (isHeldUnsent(task.record) && parts.guard) {
      const guard = parts.guard;
      transaction(parts.db, () => {
        guard.admit({ family, model, params }, { confirmed: true });
        reopen();
      });
    } else reopen();
    try {
      await ctx.budget.take(ctx.lifetime.signalWith(signal));
    } catch (reason) {
      // Nothing was sent this time: the task is as it was.
      ctx.tasks.update(taskId, { state: 'interrupted', error: task.record.error });
      throw reason;
    }
    return parts.sender.send(taskId, signal);
  }

  async #submitNow(
    request: SubmissionRequest,
    options: SubmitOptions,
    key: string | null,
  ): Promise<TaskRecord> {
    const { ctx, parts } = this;
    const { store } = ctx.tasks;
    const kind = taskKindOf(request.family);
    const interned = parts.references.intern(request.params);
    const params = interned instanceof Promise ? await interned : interned;
    const webhook = request.webhook ?? null;
    // A key a row already holds (the press was answered, or cut off by a restart): that task, as it stands.
    // Whatever its state, nothing is sent again from here; a row that may have been sent is resumed or
    // reconciled by the engine's own rules (start(), retrySubmission()).
    const held = key === null ? null : store.findByKey(key);
    if (held) return heldTask(held, request.family, request.model, params, webhook);
    // A nearly full disk could not keep the row, its sent_at or the answer: refused before any of them.
    ctx.room.assertRoomToSubmit();
    const id = parts.newId();
    const now = ctx.clock.now();
    const inferred = this.#inferParent(request.family, params);
    const parentTaskId = options.parentTaskId ?? inferred ?? options.madeFrom?.taskId ?? null;
    let stored: StoredTask;
    try {
      // The spending check and the row (with the gateway it is spent on, and what it was made from) are one
      // BEGIN IMMEDIATE transaction on the shared database: another process (the CLI beside the app, web mode)
      // cannot check between this check and this row, so together they never pass a budget.
      stored = transaction(parts.db, () => {
        parts.guard?.admit(
          { family: request.family, model: request.model, params },
          { confirmed: options.confirmed, overBudget: options.overBudget },
        );
        const row = store.insert(
          {
            id,
            family: request.family,
            model: request.model,
            kind,
            endpoint: pollEndpointOf(request.family),
            params,
            webhook,
            // Every family gets a key; only I2's is relied on for resending by the gateway.
            idempotencyKey: key ?? randomUUID(),
            parentTaskId,
            createdAt: now,
            batch: options.batch ?? null,
          },
          'submitting',
        );
        parts.guard?.stamp?.(id);
        parts.madeFrom.record(
          id,
          madeFromLinks({
            family: request.family,
            params,
            madeFrom: options.madeFrom ?? null,
            // A music operation or upscale names its source by remote id; the CLI may name the local task itself.
            // Any other family's parent (a recipe's step before) is no source: madeFromLinks says so by family.
            sourceTask: options.madeFrom ? inferred : (options.parentTaskId ?? inferred),
            library: parts.libraryFiles,
          }),
        );
        if (options.styles) {
          // Kept with the row or not at all: no press's styles are lost to a second call that failed.
          if (!parts.taskStyles) throw new Error('This engine was built without a place for styles.');
          parts.taskStyles.recordTaskStyles(id, options.styles.typed, options.styles.styles);
        }
        options.written?.(id);
        return row;
      });
    } catch (thrown) {
      // Another process on this database (the CLI beside the app) wrote the key first: its task is the answer.
      const other = key === null ? null : store.findByKey(key);
      if (other) return heldTask(other, request.family, request.model, params, webhook);
      // The row could not be written: nothing was sent, and the sentence says why.
      if (isDiskFull(thrown)) throw studioRefusal('disk_full', diskFullSentence(ctx.room.free));
      throw thrown;
    }
    ctx.tasks.emit(stored.record);
    try {
      await ctx.budget.take(ctx.lifetime.signalWith(options.signal));
    } catch (reason) {
      // Cancelled while waiting for the budget: nothing left the machine, so nothing can exist upstream.
      return ctx.tasks.update(id, {
        state: 'failed',
        error: localErrorInfo(
          'aborted',
          reason instanceof Error ? reason.message : 'The submission was cancelled before it was sent.',
          { code: '' },
        ),
      });
    }
    return parts.sender.send(id, options.signal);
  }

  #inferParent(family: FamilyId, params: Record<string, unknown>): string | null {
    if (!namesSource(family)) return null;
    const source = params.task_id;
    if (typeof source !== 'string') return null;
    return this.ctx.tasks.store.findByRemoteId(source)?.record.id ?? null;
  }
}

/** The task a repeated key names, if the repeat asks for the same thing; a different request is refused. */
function heldTask(
  held: StoredTask,
  family: FamilyId,
  model: string,
  params: Record<string, unknown>,
  webhook: string | null,
): TaskRecord {
  const { record } = held;
  const same =
    requestText(record.family, record.model, record.params, held.webhook) ===
    requestText(family, model, params, webhook);
  if (!same) throw keyReused();
  return record;
}

/** A request as one text (keys sorted), hashed: what "the same request" means for a repeated key. */
function requestText(
  family: FamilyId,
  model: string,
  params: Readonly<Record<string, unknown>>,
  webhook: string | null,
): string {
  return createHash('sha256').update(canonicalJson({ family, model, params, webhook })).digest('hex');
}

function keyReused(): Error {
  return localError(
    'validation_error',
    'This submission key was already used for a different request; a new press needs a new key.',
    { param: 'key' },
  );
}
