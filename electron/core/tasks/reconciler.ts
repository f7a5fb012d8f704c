// Where a lost answer is reconciled. A submission whose answer never came (5xx, reset, timeout, unreadable 2xx,
// or the app stopping mid-request) is 'interrupted': it may have been charged. Some time later (the gateway books
// a charge when the task completes, and [LIM-6] the last minute of usage may be incomplete) the usage report
// for the task's model and minutes is compared with the charges of the tasks the app knows; what is left over
// is likely this task's charge, and is written on it (docs/engine.md, "Money under faults"). A task whose
// tracking the person stopped is compared the same way: the gateway may still finish and charge it unseen.
import { isHeldUnsent } from '../../../shared/studio/records';
import type { ChargeReconciliation, TaskRecord } from '../../../shared/studio/records';
import { MAX_USAGE_RANGE_MS } from '../../../shared/gateway/limits';
import type { Disposable } from '../lifetime';
import { describeThrown } from '../log';
import { requestOptions } from './engine-context';
import type { EngineContext } from './engine-context';
import { studioRefusal } from '../../../shared/gateway/gateway-error';

/**
 * Whether a task's charge is for the usage report to say: an interrupted task without an id (its answer was
 * lost), or one whose tracking stopped (the gateway may still finish and charge it, unseen). A row held because
 * it was never sent has nothing to compare: it was provably not charged.
 */
function awaitsReconciliation(record: TaskRecord): boolean {
  if (record.state === 'stopped') return true;
  return record.state === 'interrupted' && !record.remoteId && !isHeldUnsent(record);
}

const MINUTE_MS = 60_000;
/** An automatic reconciliation that fails is tried this many times in all. */
const RECONCILE_TRIES = 3;

export class Reconciler {
  /** The automatic comparison waiting for each interrupted or stopped task; they end with the engine's lifetime. */
  readonly #timers = new Map<string, Disposable>();

  constructor(
    private readonly ctx: EngineContext,
    /** How long after a task became 'interrupted' its usage is compared. */
    private readonly afterMs: number,
  ) {}

  /** After a restart: every interrupted or stopped task not yet compared is compared when its wait is over. */
  resume(): void {
    const now = this.ctx.clock.now();
    for (const task of this.ctx.tasks.store.list({ states: ['interrupted', 'stopped'] })) {
      const { record } = task;
      if (record.reconciliation || !awaitsReconciliation(record)) continue;
      this.later(record.id, Math.max(now, record.updatedAt + this.afterMs));
    }
  }

  /** Compares the task's usage at `at` (by default once the usual wait is over), retrying a failed comparison. */
  later(id: string, at = this.ctx.clock.now() + this.afterMs, tries = 1): void {
    const { ctx } = this;
    if (!ctx.gateway.usage || ctx.lifetime.isDisposed) return;
    this.cancel(id);
    const timer = ctx.lifetime.timer(Math.max(0, at - ctx.clock.now()), () => {
      this.#timers.delete(id);
      const task = ctx.tasks.store.get(id);
      if (!task || !awaitsReconciliation(task.record)) return;
      const work = this.reconcile(id).catch((thrown: unknown) => {
        ctx.logger.warn('comparing an interrupted task with the usage report failed', {
          task: id,
          attempt: tries,
          reason: describeThrown(thrown),
        });
        if (tries < RECONCILE_TRIES) this.later(id, ctx.clock.now() + this.afterMs, tries + 1);
      });
      void ctx.lifetime.track(work, 'background');
    });
    this.#timers.set(id, timer);
  }

  /** The task is being sent again (Try again) or tracked again: no comparison is due for it any more. */
  cancel(id: string): void {
    this.#timers.get(id)?.dispose();
    this.#timers.delete(id);
  }

  /**
   * Compares the usage report for the task's model, from the minute it was submitted until now, with the
   * charges of the tasks the app knows; what is left over is likely this task's charge.
   */
  async reconcile(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    const { ctx } = this;
    const task = ctx.tasks.store.require(taskId);
    const usage = ctx.gateway.usage?.bind(ctx.gateway);
    if (!usage) {
      throw studioRefusal('unsupported', 'This gateway connection cannot query usage.', { code: 'no_usage' });
    }
    const { record } = task;
    const windowStart = Math.floor(record.createdAt / MINUTE_MS) * MINUTE_MS;
    const windowEnd = Math.min(
      windowStart + MAX_USAGE_RANGE_MS,
      Math.max(windowStart + MINUTE_MS, Math.ceil(ctx.clock.now() / MINUTE_MS) * MINUTE_MS),
    );
    await ctx.budget.take(ctx.lifetime.signalWith(signal));
    const work = usage(
      {
        start: windowStart / 1000,
        end: windowEnd / 1000,
        ...(record.model ? { model: record.model } : {}),
        scope: 'key',
      },
      requestOptions(ctx, signal),
    );
    const { report } = await ctx.lifetime.track(work, 'background');
    const known = ctx.tasks.store.chargedIn(record.model || null, windowStart, windowEnd, taskId);
    const knownUsd = known.reduce((sum, t) => sum + (t.cost ?? 0), 0);
    const billedUsd = report.total.amount_usd;
    const reconciliation: ChargeReconciliation = {
      checkedAt: ctx.clock.now(),
      windowStart,
      windowEnd,
      billedRequests: report.total.requests,
      billedUsd,
      knownRequests: known.length,
      knownUsd,
      unmatchedRequests: Math.max(0, report.total.requests - known.length),
      unmatchedUsd: Math.max(0, Math.round((billedUsd - knownUsd) * 1e6) / 1e6),
    };
    return ctx.tasks.update(taskId, { reconciliation });
  }
}
