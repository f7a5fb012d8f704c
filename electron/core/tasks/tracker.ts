// Where a poll is scheduled. Every tracked task (and every submission waiting to be sent) sits in one due-queue,
// served earliest-first under the one request budget and a cap on requests in flight; the pump starts what is
// due and sleeps on the clock until the next. A poll's answer is applied to the row here: progress, the
// gateway's failure, or completion, which teaches the history and hands the files to the downloads.
import { taskFailureInfo } from '../../../shared/gateway/task-failure';
import type { GatewayErrorInfo, TaskSnapshot } from '../../../shared/gateway/normalized';
import { isTrackedState, TRACKED_TASK_STATES } from '../../../shared/studio/records';
import type { TaskRecord } from '../../../shared/studio/records';
import { localError } from '../../../shared/bridge/errors';
import type { Disposable } from '../lifetime';
import { describeThrown } from '../log';
import { DueQueue } from './due-queue';
import { requestOptions } from './engine-context';
import type { EngineContext } from './engine-context';
import { isErrorAnswer, judgeErrorAnswer } from './error-answers';
import { judgePollError, mayHaveBeenCharged, toGatewayErrorInfo } from './gateway-errors';
import type { Pacer } from './pacing';
import type { Reconciler } from './reconciler';
import type { TaskDownloads } from './task-downloads';
import type { TaskHistory } from './task-history';
import type { StoredTask } from './task-store';
import { TaskDoubts } from './task-doubts';

export interface TrackerParts {
  pacer: Pacer;
  downloads: TaskDownloads;
  reconciler: Reconciler;
  history: TaskHistory | null;
  /** Polls allowed in flight at once; the budget bounds the rate, this bounds a slow gateway's backlog. */
  maxInFlight: number;
  /** Sends a row still in 'submitting' whose turn came (a resend, or a send after a 429's wait). */
  send: (id: string) => Promise<unknown>;
}

export class Tracker {
  readonly #due = new DueQueue();
  /** Answers that contradict themselves, held while they are asked again (task-doubts.ts). */
  readonly #doubts = new TaskDoubts();
  #timer: Disposable | null = null;
  /** Handing over: what is due is left to the successor, which rebuilds the schedule from the rows. */
  #paused = false;

  constructor(
    private readonly ctx: EngineContext,
    private readonly parts: TrackerParts,
  ) {}

  /** After a restart: every tracked task is scheduled, asked at once if it should be done by now. */
  resume(): void {
    const now = this.ctx.clock.now();
    for (const task of this.ctx.tasks.store.list({ states: TRACKED_TASK_STATES })) {
      // Said on its row ("resumed after a restart, being checked") until it ends.
      this.ctx.tasks.update(task.record.id, { resumedAt: now });
      this.parts.pacer.markResumed(task.record.id);
      this.schedule(task.record.id, now + this.parts.pacer.delayFor(task));
    }
  }

  /** The gateway acknowledged the task: its polls start now. */
  begin(id: string): void {
    this.parts.pacer.begin(id);
    this.schedule(id, this.ctx.clock.now() + this.parts.pacer.delayFor(this.ctx.tasks.store.require(id)));
  }

  schedule(id: string, dueAt: number): void {
    // Whole milliseconds: the rows store integer times, and fractions buy nothing.
    this.#due.set(id, Math.ceil(dueAt));
    this.#pump();
  }

  /** The task is no longer asked about (stopped, or asked out of turn by refresh). */
  untrack(id: string): void {
    this.#due.delete(id);
    this.#doubts.forget(id);
  }

  /** Starts nothing more; the queue is left as it is for a successor to rebuild from the rows. */
  pause(): void {
    this.#paused = true;
    this.#cancelTimer();
  }

  /** Polls started by the pump and not yet answered. */
  get inFlight(): number {
    return this.ctx.lifetime.count(['poll']);
  }

  /**
   * One poll now, outside the schedule, for someone asking where a task stands (the CLI's `task <id>`).
   * It still takes a slot of the request budget. A settled or never-acknowledged task is returned as
   * stored; a poll that fails comes back as `error` beside the stored record, judged as a scheduled poll
   * would be (a transient error changes nothing, a permanent one fails the task).
   */
  async refresh(
    taskId: string,
    signal?: AbortSignal,
  ): Promise<{ task: TaskRecord; error: GatewayErrorInfo | null }> {
    const { ctx } = this;
    const task = ctx.tasks.store.require(taskId);
    const remoteId = task.record.remoteId;
    if (!isTrackedState(task.record.state) || !remoteId) return { task: task.record, error: null };
    await ctx.budget.take(ctx.lifetime.signalWith(signal));
    this.#due.delete(taskId);
    // Held by the lifetime like a scheduled poll, so close() waits for it before the database goes away.
    let error = await ctx.lifetime.track(this.#poll(task, remoteId), 'background');
    // An answer that contradicts itself is asked again before someone asking out of turn is told anything.
    while (error === null && this.#doubts.has(taskId)) {
      const dueAt = this.#due.dueAt(taskId);
      const current = ctx.tasks.store.get(taskId);
      if (dueAt === undefined || !current || !isTrackedState(current.record.state)) break;
      this.#due.delete(taskId);
      try {
        await ctx.clock.sleep(Math.max(0, dueAt - ctx.clock.now()), ctx.lifetime.signalWith(signal));
        await ctx.budget.take(ctx.lifetime.signalWith(signal));
      } catch (stopped) {
        this.schedule(taskId, dueAt);
        throw stopped;
      }
      error = await ctx.lifetime.track(this.#poll(current, remoteId), 'background');
    }
    return { task: ctx.tasks.store.require(taskId).record, error };
  }

  /** Starts every due poll the budget and the in-flight cap allow, then sleeps until the next one. */
  #pump(): void {
    this.#cancelTimer();
    const { ctx } = this;
    if (ctx.lifetime.isDisposed || this.#paused) return;
    for (;;) {
      const next = this.#due.peek();
      if (!next) return;
      const now = ctx.clock.now();
      if (next.dueAt > now) {
        this.#arm(next.dueAt - now);
        return;
      }
      if (this.inFlight >= this.parts.maxInFlight) return;
      if (!ctx.budget.tryTake()) {
        this.#arm(Math.max(1, ctx.budget.delay()));
        return;
      }
      this.#due.pop();
      // The lifetime lets go of the run before the pump looks again, so the slot it held is free.
      const work = ctx.lifetime.track(
        this.#runDue(next.id).catch((thrown: unknown) => this.#runFailed(next.id, thrown)),
        'poll',
      );
      void work.finally(() => this.#pump());
    }
  }

  #arm(ms: number): void {
    this.#timer = this.ctx.lifetime.timer(Math.ceil(ms), () => {
      this.#timer = null;
      this.#pump();
    });
  }

  #cancelTimer(): void {
    this.#timer?.dispose();
    this.#timer = null;
  }

  async #runDue(id: string): Promise<void> {
    const task = this.ctx.tasks.store.get(id);
    if (!task) return;
    if (task.record.state === 'submitting') {
      await this.parts.send(id);
      return;
    }
    if (!isTrackedState(task.record.state) || !task.record.remoteId) return;
    await this.#poll(task, task.record.remoteId);
  }

  /**
   * A poll or send that threw instead of answering: a bug (in apply, the store, the history), not a gateway
   * error, which the poll and the sender judge themselves. It is logged, the task shows the failure, and a
   * tracked task is asked again after a backoff, so a bug never silently stops a task's polling.
   */
  #runFailed(id: string, thrown: unknown): void {
    const { ctx } = this;
    if (ctx.lifetime.isDisposed) return;
    ctx.logger.error('tracking a task failed', { task: id, reason: describeThrown(thrown) });
    try {
      const task = ctx.tasks.store.get(id);
      if (!task) return; // deleted under us: nothing left to track
      const error = localError(
        'internal_error',
        'Tracking this task failed inside the studio; it will be asked again.',
        { code: 'tracking_failed' },
      ).info;
      if (task.record.state === 'submitting') {
        // Whether the POST left is unknown: never resent blindly, as for any submission without an answer.
        this.parts.reconciler.later(id);
        ctx.tasks.update(id, { state: 'interrupted', error: mayHaveBeenCharged(error) });
        return;
      }
      if (!isTrackedState(task.record.state)) return;
      const delay = this.parts.pacer.failed(id);
      ctx.tasks.update(id, { error });
      this.schedule(id, ctx.clock.now() + delay);
    } catch (again) {
      // The database closed under us: the next start rebuilds the schedule from the rows.
      ctx.logger.error('recording a tracking failure failed', { task: id, reason: describeThrown(again) });
    }
  }

  /** Returns the error of a poll that got no answer (null when it got one or the engine is closing). */
  async #poll(task: StoredTask, remoteId: string): Promise<GatewayErrorInfo | null> {
    const { ctx } = this;
    const id = task.record.id;
    ctx.stats.polls++;
    let snapshot: TaskSnapshot;
    try {
      snapshot = await ctx.gateway.getTask(remoteId, task.record.endpoint, {
        ...requestOptions(ctx),
        ...ctx.keys.optionsFor(id),
      });
    } catch (thrown) {
      if (ctx.lifetime.isDisposed) return null;
      const info = toGatewayErrorInfo(thrown);
      const current = ctx.tasks.store.get(id);
      if (!current || !isTrackedState(current.record.state)) return info;
      // The key that submitted the task was refused (revoked, or of an account since left): the current one
      // is tried at once instead of failing the task for a key nobody uses any more.
      if ((info.httpStatus === 401 || info.httpStatus === 403) && ctx.keys.has(id)) {
        ctx.keys.forget(id);
        this.schedule(id, ctx.clock.now());
        return info;
      }
      // Asking again about an answer that contradicted itself met an error: that answer is decided on.
      const held = this.#doubts.take(id);
      if (held) {
        this.#apply(current, held, null);
        return info;
      }
      const ageMs = ctx.clock.now() - (current.trackingStartedAt ?? current.record.createdAt);
      const verdict = judgePollError(info, {
        ageMs,
        notFoundGraceMs: ctx.policy.notFoundGraceMs,
        maxRetryAfterMs: ctx.policy.maxRetryAfterMs,
      });
      if (verdict.action === 'fail') {
        ctx.tasks.update(id, { state: 'failed', error: info });
        return info;
      }
      if (isErrorAnswer(info)) {
        const said = judgeErrorAnswer(current, info, ctx.clock.now(), ctx.policy.errorAnswerDeadlineMs);
        if (said.action === 'stop') {
          ctx.tasks.update(id, { state: 'stopped', error: said.error });
          this.parts.pacer.forget(id);
          // It may still finish and be charged upstream: its charge is read from usage, as any stopped task's.
          this.parts.reconciler.later(id);
          return info;
        }
        if (said.action === 'note') ctx.tasks.update(id, { error: said.error });
      }
      this.schedule(id, ctx.clock.now() + this.parts.pacer.failed(id, verdict.delayMs ?? null));
      return info;
    }
    // `failed` with result links, or `completed` without: asked again (bounded) before it is believed.
    const askAgainIn = this.#doubts.askAgainIn(id, snapshot);
    if (askAgainIn !== null) {
      this.parts.pacer.answered(id);
      this.schedule(id, ctx.clock.now() + askAgainIn);
      return null;
    }
    // A status word nobody knows says the task is still there but not how far: asked again with the backoff an
    // error gets (doubling, capped), never guessed into a terminal state.
    const backoff = snapshot.statusWord === null ? null : this.parts.pacer.failed(id);
    if (backoff === null) this.parts.pacer.answered(id);
    let current = ctx.tasks.store.get(id);
    // A readable answer after error answers: the task no longer says the gateway answers with errors.
    if (current && isTrackedState(current.record.state) && isErrorAnswer(current.record.error)) {
      ctx.tasks.update(id, { error: null });
      current = ctx.tasks.store.get(id);
    }
    // The user may have stopped the task while the answer was on its way.
    if (current && isTrackedState(current.record.state)) this.#apply(current, snapshot, backoff);
    return null;
  }

  /**
   * The acknowledgement already held the finished task (the object envelope's generation.result): it is
   * applied as a poll's answer would be, and nothing is polled.
   */
  settleFromAck(id: string, snapshot: TaskSnapshot): void {
    this.#due.delete(id);
    const task = this.ctx.tasks.store.get(id);
    if (task && isTrackedState(task.record.state)) this.#apply(task, snapshot, null);
  }

  #apply(task: StoredTask, snapshot: TaskSnapshot, backoff: number | null): void {
    const { ctx } = this;
    const id = task.record.id;
    const common = {
      progress: Math.max(0, Math.min(100, Math.round(snapshot.progress))),
      cost: snapshot.cost ?? task.record.cost,
      creditsCost: snapshot.creditsCost ?? task.record.creditsCost,
      estimatedTime: snapshot.estimatedTime ?? task.record.estimatedTime,
    };
    if (snapshot.status === 'completed') {
      const done = ctx.tasks.update(id, {
        ...common,
        progress: 100,
        state: 'completed',
        gatewayStatus: null,
        completedAt: ctx.clock.now(),
        files: snapshot.files,
        error: null,
      });
      this.parts.pacer.forget(id);
      try {
        this.parts.history?.recordCompletion(done, snapshot);
        this.#repace(this.parts.pacer.unlearned(done), true);
      } catch (thrown) {
        // Learning is a bonus: a history that cannot write must never break tracking.
        ctx.logger.warn('the price book could not learn from a completed task', {
          task: id,
          reason: describeThrown(thrown),
        });
      }
      this.parts.downloads.enqueue(id, snapshot.files);
      return;
    }
    if (snapshot.status === 'failed') {
      const error = taskFailureInfo(snapshot);
      ctx.tasks.update(id, {
        ...common,
        state: 'failed',
        gatewayStatus: null,
        completedAt: ctx.clock.now(),
        error,
      });
      this.parts.pacer.forget(id);
      return;
    }
    if (snapshot.status === 'cancelled') {
      // Ended upstream before its result: nothing was delivered, so nothing is charged (as for a failure).
      ctx.tasks.update(id, {
        ...common,
        cost: 0,
        creditsCost: 0,
        state: 'cancelled',
        gatewayStatus: null,
        completedAt: ctx.clock.now(),
        error: null,
      });
      this.parts.pacer.forget(id);
      return;
    }
    const r = task.record;
    const word = snapshot.statusWord;
    const changed =
      r.state !== snapshot.status ||
      r.progress !== common.progress ||
      r.estimatedTime !== common.estimatedTime ||
      r.cost !== common.cost ||
      (r.gatewayStatus ?? null) !== word;
    const updated = changed
      ? ctx.tasks.store.update(id, {
          ...common,
          state: snapshot.status,
          gatewayStatus: word,
          updatedAt: ctx.clock.now(),
        })
      : task;
    if (changed) ctx.tasks.emit(updated.record);
    const delay = Math.max(this.parts.pacer.delayFor(updated), backoff ?? 0);
    // Past its budget the task is checked less often: the row says how often, so it never looks stuck.
    const every = this.parts.pacer.isPastBudget(updated) ? Math.round(delay) : null;
    if ((updated.record.checkedEveryMs ?? null) !== every)
      ctx.tasks.emit(
        ctx.tasks.store.update(id, { checkedEveryMs: every, updatedAt: ctx.clock.now() }).record,
      );
    this.schedule(id, ctx.clock.now() + delay);
    // A task told its estimated_time: the tasks of its configuration waiting only to learn one are paced
    // from it, later or sooner than the early poll they had.
    if (task.record.estimatedTime === null && updated.record.estimatedTime !== null)
      this.#repace(this.parts.pacer.awaitingEstimate(updated.record), false);
  }

  /**
   * Tasks whose pace changed are asked again; a run that taught the history something (onlySooner) only brings
   * a task forward, if what was learned says it will be done sooner than its next poll.
   */
  #repace(ids: readonly string[], onlySooner: boolean): void {
    for (const id of ids) {
      const dueAt = this.#due.dueAt(id);
      const task = dueAt === undefined ? undefined : this.ctx.tasks.store.get(id);
      if (!task || dueAt === undefined || !isTrackedState(task.record.state)) continue;
      const at = this.ctx.clock.now() + this.parts.pacer.delayFor(task);
      if (!onlySooner || at < dueAt) this.schedule(id, at);
    }
  }
}
