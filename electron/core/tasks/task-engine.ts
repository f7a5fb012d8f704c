// The webhook-free completion tracker. Every submission is a row before it is a request; every tracked
// task sits in one due-queue served earliest-first under one request budget; completion hands the result
// files to the downloader. A restart rebuilds all of it from the rows and never resubmits by itself
// (except I2, whose stored Idempotency-Key makes a resend return the original task).
import { randomUUID } from 'node:crypto';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { GatewayErrorInfo, SubmissionRequest, TaskSnapshot } from '../../../shared/gateway/normalized';
import type { TaskRecord, TaskState } from '../../../shared/studio/records';
import { systemClock } from '../clock';
import type { Clock, TimerHandle } from '../clock';
import { runMigrations } from '../db/database';
import type { DatabaseSync } from '../db/database';
import { downloadMigrations } from '../downloads/download-migrations';
import { DownloadManager } from '../downloads/download-manager';
import type { TaskFileStatus } from '../downloads/download-manager';
import type { LibrarySink } from '../downloads/library-sink';
import type { GatewayPort } from '../gateway/gateway-port';
import { ReferenceStore } from '../references/reference-store';
import { DueQueue } from './due-queue';
import { pollEndpointOf, taskKindOf, usesIdempotencyKey } from './family-routing';
import { judgePollError, submissionWasRefused, toGatewayErrorInfo } from './gateway-errors';
import { DEFAULT_POLL_POLICY, errorBackoff, nextPollDelay, predictDurationMs } from './poll-schedule';
import type { PollPolicy } from './poll-schedule';
import { DEFAULT_BUDGET, RequestBudget } from './request-budget';
import type { BudgetOptions } from './request-budget';
import { StudioEventHub } from './studio-event-hub';
import type { TaskHistory } from './task-history';
import { TaskStore, TRACKED_STATES } from './task-store';
import type { StoredTask } from './task-store';
import { taskMigrations } from './task-migrations';

export interface DownloadSettings {
  libraryDir: string;
  sink: LibrarySink;
  concurrency?: number;
  maxAttempts?: number;
  backoffMs?: number;
  idleTimeoutMs?: number;
  progressEveryBytes?: number;
}

export interface TaskEngineOptions {
  db: DatabaseSync;
  gateway: GatewayPort;
  clock?: Clock;
  /** One budget for every request the engine sends to the gateway (submissions and polls). */
  budget?: BudgetOptions;
  polling?: Partial<PollPolicy>;
  /** Per-request timeout for polls and submissions. */
  requestTimeoutMs?: number;
  /** Polls allowed in flight at once; the budget bounds the rate, this bounds a slow gateway's backlog. */
  maxInFlight?: number;
  /** How many times an I2 submission with an unknown outcome is resent with its key before giving up. */
  maxResubmits?: number;
  /** Without it completed tasks keep their files listed but nothing is fetched. */
  downloads?: DownloadSettings | null;
  /** Where reference images live; by default the store beside the database file. */
  references?: ReferenceStore;
  newId?: () => string;
  random?: () => number;
  /** Past runs: paces polls by learned durations and learns from every completion (the price book). */
  history?: TaskHistory | null;
}

export interface SubmitOptions {
  /** The task this one derives from; inferred for music operations and upscales of a local task. */
  parentTaskId?: string | null;
  signal?: AbortSignal;
}

export interface ListOptions {
  states?: readonly TaskState[];
  limit?: number;
  offset?: number;
}

export interface EngineStats {
  submits: number;
  polls: number;
}

const TERMINAL: readonly TaskState[] = ['completed', 'failed', 'stopped', 'interrupted'];

interface Runtime {
  polls: number;
  errors: number;
  resumed: boolean;
  /** family and model, set when the history is first asked, so re-pacing finds a model's tasks cheaply. */
  config?: string;
  /** The history's answers, kept once known. */
  learnedMs?: number | null;
  estimateRatio?: number | null;
}

export class TaskEngine {
  readonly events = new StudioEventHub();
  readonly stats: EngineStats = { submits: 0, polls: 0 };
  private readonly clock: Clock;
  private readonly gateway: GatewayPort;
  private readonly store: TaskStore;
  private readonly references: ReferenceStore;
  private readonly budget: RequestBudget;
  private readonly policy: PollPolicy;
  private readonly due = new DueQueue();
  private readonly runtime = new Map<string, Runtime>();
  private readonly downloads: DownloadManager | null;
  private readonly closing = new AbortController();
  private readonly newId: () => string;
  private readonly random: () => number;
  private readonly requestTimeoutMs: number;
  private readonly maxInFlight: number;
  private readonly maxResubmits: number;
  private inFlight = 0;
  private readonly running = new Set<Promise<unknown>>();
  private sending = 0;
  private timer: TimerHandle | null = null;
  private started = false;

  constructor(private readonly options: TaskEngineOptions) {
    runMigrations(options.db, [...taskMigrations, ...downloadMigrations]);
    this.references = options.references ?? ReferenceStore.forDatabase(options.db);
    this.clock = options.clock ?? systemClock;
    this.gateway = options.gateway;
    this.budget = new RequestBudget(this.clock, options.budget ?? DEFAULT_BUDGET);
    this.policy = { ...DEFAULT_POLL_POLICY, ...options.polling };
    this.newId = options.newId ?? randomUUID;
    this.random = options.random ?? Math.random;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 20_000;
    this.maxInFlight = options.maxInFlight ?? 16;
    this.maxResubmits = options.maxResubmits ?? 5;
    const settings = options.downloads;
    this.downloads = settings
      ? new DownloadManager({
          db: options.db,
          clock: this.clock,
          libraryDir: settings.libraryDir,
          sink: settings.sink,
          concurrency: settings.concurrency,
          maxAttempts: settings.maxAttempts,
          backoffMs: settings.backoffMs,
          idleTimeoutMs: settings.idleTimeoutMs,
          progressEveryBytes: settings.progressEveryBytes,
          getTask: (id) => this.get(id),
          onFilesChanged: (id) => this.publish(id),
          emit: (event) => this.events.emit(event),
        })
      : null;
    this.store = new TaskStore(options.db, (id) =>
      this.downloads ? this.downloads.counts(id) : { total: 0, done: 0, failed: 0, expired: 0 },
    );
  }

  /**
   * Picks up where the last run stopped: rows caught mid-submission become 'interrupted' (I2 rows are
   * resent with their stored key instead), every tracked task is scheduled, pending downloads resume.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const now = this.clock.now();
    for (const task of this.store.list({ states: ['submitting'] })) {
      if (task.idempotencyKey && usesIdempotencyKey(task.record.family)) {
        this.runtimeOf(task.record.id).resumed = true;
        this.schedule(task.record.id, now);
      } else {
        this.update(task.record.id, {
          state: 'interrupted',
          error: {
            httpStatus: null,
            type: 'interrupted',
            code: '',
            message: 'The app stopped while this task was being submitted; it may or may not exist upstream.',
            param: null,
            retryable: false,
            retryAfterMs: null,
          },
        });
      }
    }
    for (const task of this.store.list({ states: TRACKED_STATES })) {
      this.runtimeOf(task.record.id).resumed = true;
      this.schedule(task.record.id, now + this.delayFor(task));
    }
    await this.downloads?.start();
  }

  /**
   * Writes the task, then sends it. Refusals come back as a 'failed' record with the error kept on it. Reference
   * images arriving as data URLs are stored first and the row keeps `studio-ref:` values; one that cannot be
   * stored (too large, not an image) is refused here, before any row exists.
   */
  async submit(request: SubmissionRequest, options: SubmitOptions = {}): Promise<TaskRecord> {
    const kind = taskKindOf(request.family);
    const params = await this.references.intern(request.params);
    const id = this.newId();
    const now = this.clock.now();
    const parentTaskId = options.parentTaskId ?? this.inferParent(request.family, params);
    const stored = this.store.insert(
      {
        id,
        family: request.family,
        model: request.model,
        kind,
        endpoint: pollEndpointOf(request.family),
        params,
        webhook: request.webhook ?? null,
        idempotencyKey: usesIdempotencyKey(request.family) ? randomUUID() : null,
        parentTaskId,
        createdAt: now,
      },
      'submitting',
    );
    this.emitTask(stored.record);
    try {
      await this.budget.take(
        AbortSignal.any([this.closing.signal, ...(options.signal ? [options.signal] : [])]),
      );
    } catch (reason) {
      // Cancelled while waiting for the budget: nothing left the machine, so nothing can exist upstream.
      return this.update(id, {
        state: 'failed',
        error: {
          httpStatus: null,
          type: 'aborted',
          code: '',
          message:
            reason instanceof Error ? reason.message : 'The submission was cancelled before it was sent.',
          param: null,
          retryable: false,
          retryAfterMs: null,
        },
      });
    }
    return this.send(id, options.signal);
  }

  /** The same family, model, parameters and webhook as a new task whose parent is the original. */
  rerun(taskId: string, options: Omit<SubmitOptions, 'parentTaskId'> = {}): Promise<TaskRecord> {
    const task = this.store.require(taskId);
    const { family, model, params } = task.record;
    return this.submit(
      { family, model, params, ...(task.webhook ? { webhook: task.webhook } : {}) },
      { ...options, parentTaskId: taskId },
    );
  }

  /** Stops tracking (the task keeps running upstream); downloads in flight for it are cancelled. */
  stop(taskId: string): TaskRecord {
    const task = this.store.require(taskId);
    this.downloads?.cancel(taskId);
    if (TERMINAL.includes(task.record.state)) return task.record;
    this.due.delete(taskId);
    return this.update(taskId, { state: 'stopped' });
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
    const task = this.store.require(taskId);
    const remoteId = task.record.remoteId;
    if (!TRACKED_STATES.includes(task.record.state) || !remoteId) return { task: task.record, error: null };
    await this.budget.take(AbortSignal.any([this.closing.signal, ...(signal ? [signal] : [])]));
    this.due.delete(taskId);
    // Tracked like a scheduled poll, so close() waits for it before the database goes away.
    const work = this.poll(task, remoteId);
    this.running.add(work);
    try {
      const error = await work;
      return { task: this.store.require(taskId).record, error };
    } finally {
      this.running.delete(work);
    }
  }

  /** Failed downloads of a completed task are tried again. */
  retryDownloads(taskId: string): void {
    this.downloads?.retry(taskId);
  }

  get(taskId: string): TaskRecord | null {
    return this.store.get(taskId)?.record ?? null;
  }

  list(options: ListOptions = {}): TaskRecord[] {
    return this.store.list(options).map((t) => t.record);
  }

  files(taskId: string): TaskFileStatus[] {
    return this.downloads?.files(taskId) ?? [];
  }

  /**
   * Resolves once the task is settled: failed, stopped or interrupted, or completed with every file
   * downloaded, failed or expired.
   */
  waitFor(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    return new Promise((resolve, reject) => {
      const check = (record: TaskRecord | null): boolean => {
        if (!record) {
          reject(new Error(`no task ${taskId}`));
          return true;
        }
        if (!this.isSettled(record)) return false;
        resolve(record);
        return true;
      };
      if (check(this.get(taskId))) return;
      const unsubscribe = this.events.on('task', (event) => {
        if (event.task.id === taskId && check(event.task)) {
          unsubscribe();
          signal?.removeEventListener('abort', onAbort);
        }
      });
      const onAbort = (): void => {
        unsubscribe();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  isSettled(record: TaskRecord): boolean {
    if (record.state !== 'completed') return TERMINAL.includes(record.state);
    const d = record.downloads;
    if (!this.downloads) return true;
    const files = this.store.get(record.id)?.files ?? [];
    return d.total === files.length && d.done + d.failed + d.expired === d.total;
  }

  /** True while a gateway request or a file fetch is in flight (tests and the bench step the clock around it). */
  isBusy(): boolean {
    return this.inFlight > 0 || this.sending > 0 || (this.downloads?.activeFetches ?? 0) > 0;
  }

  /** Resolves when no downloads are queued or running (for the CLI and tests). */
  async downloadsIdle(): Promise<void> {
    await this.downloads?.idle();
  }

  /** Stops polling and downloading; resolves once nothing in flight can touch the database any more. */
  async close(): Promise<void> {
    this.closing.abort(new Error('engine closed'));
    this.timer?.cancel();
    this.timer = null;
    await Promise.allSettled([...this.running]);
    await this.downloads?.close();
  }

  // ——— internals ———

  private runtimeOf(id: string): Runtime {
    let rt = this.runtime.get(id);
    if (!rt) {
      rt = { polls: 0, errors: 0, resumed: false };
      this.runtime.set(id, rt);
    }
    return rt;
  }

  private inferParent(family: FamilyId, params: Record<string, unknown>): string | null {
    if (!family.startsWith('music.') && family !== 'grid.upscale') return null;
    const source = params.task_id;
    if (typeof source !== 'string') return null;
    return this.store.findByRemoteId(source)?.record.id ?? null;
  }

  private emitTask(record: TaskRecord): void {
    this.events.emit({ type: 'task', task: record });
  }

  private publish(taskId: string): void {
    const record = this.get(taskId);
    if (record) this.emitTask(record);
  }

  private update(id: string, patch: Omit<Parameters<TaskStore['update']>[1], 'updatedAt'>): TaskRecord {
    const stored = this.store.update(id, { ...patch, updatedAt: this.clock.now() });
    this.emitTask(stored.record);
    return stored.record;
  }

  /** Sends (or, for I2, resends) a row in 'submitting'. The caller has already taken a budget slot. */
  private async send(id: string, signal?: AbortSignal): Promise<TaskRecord> {
    this.sending++;
    try {
      return await this.sendOnce(id, signal);
    } finally {
      this.sending--;
    }
  }

  private async sendOnce(id: string, signal?: AbortSignal): Promise<TaskRecord> {
    const task = this.store.require(id);
    const { family, model, params } = task.record;
    this.stats.submits++;
    try {
      // The only place a reference image becomes a data URL: the body that leaves for the gateway.
      const body: Record<string, unknown> = {
        ...(await this.references.expand(params)),
        model,
        ...(task.webhook ? { webhook: task.webhook } : {}),
      };
      const ack = await this.gateway.submit(family, body, {
        idempotencyKey: task.idempotencyKey ?? undefined,
        signal: AbortSignal.any([this.closing.signal, ...(signal ? [signal] : [])]),
        timeoutMs: this.requestTimeoutMs,
        maxAttempts: 1,
      });
      const current = this.store.require(id);
      if (current.record.state === 'stopped') {
        return this.update(id, { remoteId: ack.taskId, endpoint: ack.endpoint });
      }
      const record = this.update(id, {
        remoteId: ack.taskId,
        endpoint: ack.endpoint,
        state: ack.status,
        error: null,
        trackingStartedAt: this.clock.now(),
      });
      const rt = this.runtimeOf(id);
      rt.errors = 0;
      rt.polls = 0;
      this.schedule(id, this.clock.now() + this.delayFor(this.store.require(id)));
      return record;
    } catch (thrown) {
      const info = toGatewayErrorInfo(thrown);
      if (submissionWasRefused(info)) return this.update(id, { state: 'failed', error: info });
      if (this.closing.signal.aborted) return this.store.require(id).record;
      const rt = this.runtimeOf(id);
      rt.errors++;
      if (task.idempotencyKey && rt.errors <= this.maxResubmits) {
        // [EP-IMAGE-I2HDR-1] The same key and body make a resend safe: the gateway returns the original task.
        this.schedule(
          id,
          this.clock.now() + (info.retryAfterMs ?? errorBackoff(rt.errors, this.policy, this.random)),
        );
        if (info.httpStatus === 429 && info.retryAfterMs) this.budget.pause(info.retryAfterMs);
        return this.update(id, { error: info });
      }
      return this.update(id, { state: 'interrupted', error: info });
    }
  }

  private delayFor(task: StoredTask): number {
    const rt = this.runtimeOf(task.record.id);
    const elapsedMs = Math.max(0, this.clock.now() - (task.trackingStartedAt ?? task.record.createdAt));
    const state = {
      kind: task.record.kind,
      elapsedMs,
      estimatedTime: task.record.estimatedTime,
      progress: task.record.progress,
      polls: rt.polls,
      ...this.learnedPace(task.record, rt),
    };
    if (rt.resumed) {
      // After a restart the last answer is stale: ask at once if the task should be done by now.
      rt.resumed = false;
      const predicted = predictDurationMs(state);
      if (predicted === null ? elapsedMs >= this.policy.firstPollMs[state.kind] : elapsedMs >= predicted)
        return 0;
    }
    return nextPollDelay(state, this.policy);
  }

  /** Asked until the history knows something: a task sent before its model's first run may learn mid-way. */
  private learnedPace(
    record: TaskRecord,
    rt: Runtime,
  ): { learnedMs: number | null; estimateRatio: number | null } {
    const history = this.options.history;
    rt.config ??= `${record.family}\n${record.model}`;
    try {
      rt.learnedMs ??= history?.expectedDurationMs(record) ?? null;
      rt.estimateRatio ??= history?.estimateRatio(record) ?? null;
    } catch {
      // A history that cannot answer leaves pacing to estimated_time.
    }
    return { learnedMs: rt.learnedMs ?? null, estimateRatio: rt.estimateRatio ?? null };
  }

  /**
   * A run just taught the history something: tasks of the same model still waiting without it are asked
   * again, and brought forward if what was learned says they will be done sooner than their next poll.
   */
  private repace(completed: TaskRecord): void {
    if (!this.options.history) return;
    const config = `${completed.family}\n${completed.model}`;
    for (const [id, rt] of this.runtime) {
      if (rt.config !== config || (rt.learnedMs != null && rt.estimateRatio != null)) continue;
      const dueAt = this.due.dueAt(id);
      const task = dueAt === undefined ? undefined : this.store.get(id);
      if (!task || dueAt === undefined || !TRACKED_STATES.includes(task.record.state)) continue;
      const at = this.clock.now() + this.delayFor(task);
      if (at < dueAt) this.schedule(id, at);
    }
  }

  private schedule(id: string, dueAt: number): void {
    // Whole milliseconds: the rows store integer times, and fractions buy nothing.
    this.due.set(id, Math.ceil(dueAt));
    this.pump();
  }

  /** Starts every due poll the budget and the in-flight cap allow, then sleeps until the next one. */
  private pump(): void {
    this.timer?.cancel();
    this.timer = null;
    if (this.closing.signal.aborted) return;
    for (;;) {
      const next = this.due.peek();
      if (!next) return;
      const now = this.clock.now();
      if (next.dueAt > now) {
        this.arm(next.dueAt - now);
        return;
      }
      if (this.inFlight >= this.maxInFlight) return;
      if (!this.budget.tryTake()) {
        this.arm(Math.max(1, this.budget.delay()));
        return;
      }
      this.due.pop();
      this.inFlight++;
      const work = this.runDue(next.id)
        .catch(() => undefined) // a row deleted or the database closed under us: nothing left to track
        .finally(() => {
          this.inFlight--;
          this.running.delete(work);
          this.pump();
        });
      this.running.add(work);
    }
  }

  private arm(ms: number): void {
    this.timer = this.clock.setTimer(Math.ceil(ms), () => this.pump());
  }

  private async runDue(id: string): Promise<void> {
    const task = this.store.get(id);
    if (!task) return;
    if (task.record.state === 'submitting') {
      await this.send(id);
      return;
    }
    if (!TRACKED_STATES.includes(task.record.state) || !task.record.remoteId) return;
    await this.poll(task, task.record.remoteId);
  }

  /** Returns the error of a poll that got no answer (null when it got one or the engine is closing). */
  private async poll(task: StoredTask, remoteId: string): Promise<GatewayErrorInfo | null> {
    const id = task.record.id;
    const rt = this.runtimeOf(id);
    this.stats.polls++;
    let snapshot: TaskSnapshot;
    try {
      snapshot = await this.gateway.getTask(remoteId, task.record.endpoint, {
        signal: this.closing.signal,
        timeoutMs: this.requestTimeoutMs,
        maxAttempts: 1,
      });
    } catch (thrown) {
      if (this.closing.signal.aborted) return null;
      const info = toGatewayErrorInfo(thrown);
      const current = this.store.get(id);
      if (!current || !TRACKED_STATES.includes(current.record.state)) return info;
      const ageMs = this.clock.now() - (current.trackingStartedAt ?? current.record.createdAt);
      const verdict = judgePollError(info, { ageMs, notFoundGraceMs: this.policy.notFoundGraceMs });
      if (verdict.action === 'fail') {
        this.update(id, { state: 'failed', error: info });
        return info;
      }
      rt.errors++;
      if (verdict.pauseAllMs) this.budget.pause(verdict.pauseAllMs);
      this.schedule(
        id,
        this.clock.now() + (verdict.delayMs ?? errorBackoff(rt.errors, this.policy, this.random)),
      );
      return info;
    }
    rt.polls++;
    rt.errors = 0;
    const current = this.store.get(id);
    // The user may have stopped the task while the answer was on its way.
    if (current && TRACKED_STATES.includes(current.record.state)) this.apply(current, snapshot);
    return null;
  }

  private apply(task: StoredTask, snapshot: TaskSnapshot): void {
    const id = task.record.id;
    const common = {
      progress: Math.max(0, Math.min(100, Math.round(snapshot.progress))),
      cost: snapshot.cost ?? task.record.cost,
      creditsCost: snapshot.creditsCost ?? task.record.creditsCost,
      estimatedTime: snapshot.estimatedTime ?? task.record.estimatedTime,
    };
    if (snapshot.status === 'completed') {
      const done = this.update(id, {
        ...common,
        progress: 100,
        state: 'completed',
        completedAt: this.clock.now(),
        files: snapshot.files,
        error: null,
      });
      this.runtime.delete(id);
      try {
        this.options.history?.recordCompletion(done, snapshot);
        this.repace(done);
      } catch {
        // Learning is a bonus: a history that cannot write must never break tracking.
      }
      this.downloads?.enqueue(id, snapshot.files);
      return;
    }
    if (snapshot.status === 'failed') {
      const error: GatewayErrorInfo = {
        httpStatus: null,
        type: 'task_failed',
        code: snapshot.error?.code ?? '',
        message: snapshot.error?.message || 'The gateway reported the task as failed.',
        param: null,
        retryable: false,
        retryAfterMs: null,
      };
      this.update(id, { ...common, state: 'failed', completedAt: this.clock.now(), error });
      this.runtime.delete(id);
      return;
    }
    const r = task.record;
    const changed =
      r.state !== snapshot.status ||
      r.progress !== common.progress ||
      r.estimatedTime !== common.estimatedTime ||
      r.cost !== common.cost;
    const updated = changed
      ? this.store.update(id, { ...common, state: snapshot.status, updatedAt: this.clock.now() })
      : task;
    if (changed) this.emitTask(updated.record);
    this.schedule(id, this.clock.now() + this.delayFor(updated));
  }
}
