// The webhook-free completion tracker. Every submission is a row before it is a request; every tracked
// task sits in one due-queue served earliest-first under one request budget; completion hands the result
// files to the downloader. A restart rebuilds all of it from the rows and never resubmits by itself
// (except I2, whose stored Idempotency-Key makes a resend return the original task). A caller's submission
// key is on the row before anything is sent: a repeat of the same press answers with that task, never a second
// paid one, whatever the family (the row decides; the gateway's key helps only I2). Money under faults:
// a 429 did nothing and is waited out; an answer that may hide a charged task (5xx, reset, timeout,
// unreadable 2xx) is resent only under I2's key, otherwise the task says it may have been charged and the
// usage report is compared with what the app knows (docs/engine.md, "Money under faults").
import { BusyGauge } from '../busy-gauge';
import type { CostTotal } from '../../../shared/studio/cost-totals';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { createHash, randomUUID } from 'node:crypto';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { GatewayErrorInfo, SubmissionRequest, TaskSnapshot } from '../../../shared/gateway/normalized';
import type { ChargeReconciliation, TaskBatch, TaskRecord, TaskState } from '../../../shared/studio/records';
import { isTerminalState, isTrackedState, TRACKED_TASK_STATES } from '../../../shared/studio/records';
import type { MadeFromLinks } from '../../../shared/studio/made-from';
import { systemClock } from '../clock';
import type { Clock, TimerHandle } from '../clock';
import { runMigrations, transaction } from '../db/database';
import { describeThrown, silentLogger } from '../log';
import type { Logger } from '../log';
import { localError } from '../../../shared/bridge/errors';
import { isSubmissionKey, SUBMISSION_KEY_RULE } from '../../../shared/studio/submission-key';
import { canonicalJson } from '../canonical-json';
import type { DatabaseSync } from '../db/database';
import { downloadMigrations } from '../downloads/download-migrations';
import { DownloadManager } from '../downloads/download-manager';
import type { TaskFileStatus } from '../downloads/download-manager';
import type { LibrarySink } from '../downloads/library-sink';
import type { GatewayPort } from '../gateway/gateway-port';
import { ReferenceStore } from '../references/reference-store';
import { MadeFromStore } from './made-from-store';
import { madeFromLinks } from './made-from-links';
import type { LibraryFileIndex } from './made-from-links';
import { DueQueue } from './due-queue';
import { pollEndpointOf, taskKindOf, usesIdempotencyKey } from './family-routing';
import {
  judgePollError,
  judgeSubmissionError,
  mayHaveBeenCharged,
  toGatewayErrorInfo,
} from './gateway-errors';
import { DEFAULT_POLL_POLICY, errorBackoff, nextPollDelay, predictDurationMs } from './poll-schedule';
import type { PollPolicy } from './poll-schedule';
import { DEFAULT_BUDGET, RequestBudget } from './request-budget';
import type { BudgetOptions } from './request-budget';
import { StudioEventHub } from './studio-event-hub';
import type { SubmissionGuard, TaskHistory } from './task-history';
import { TaskStore } from './task-store';
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
  /** How many 429s in a row a submission waits out before it is reported refused. */
  maxRateLimitWaits?: number;
  /**
   * How long after a task became 'interrupted' its usage is compared (the gateway books a charge when the
   * task completes, and [LIM-6] the last minute of usage may be incomplete). Default 10 min.
   */
  reconcileAfterMs?: number;
  /** Without it completed tasks keep their files listed but nothing is fetched. */
  downloads?: DownloadSettings | null;
  /** Where reference images live; by default the store beside the database file. */
  references?: ReferenceStore;
  newId?: () => string;
  random?: () => number;
  /** Past runs: paces polls by learned durations and learns from every completion (the price book). */
  history?: TaskHistory | null;
  /** The user's spending limits: asked before a new submission's row is written (resends are not asked). */
  guard?: SubmissionGuard | null;
  /** The library's files by content and by link, so a reference taken from it is recorded as made-from. */
  libraryFiles?: LibraryFileIndex | null;
  /** Told every failure the engine recovers from by itself; the host's and the CLI's go to stderr. */
  logger?: Logger;
}

export interface SubmitOptions {
  /** The task this one derives from; inferred for music operations and upscales of a local task. */
  parentTaskId?: string | null;
  /** A task whose settings this one was made with: 'rerun' unchanged, 'edit' after the person changed them. */
  madeFrom?: { relation: 'rerun' | 'edit'; taskId: string };
  signal?: AbortSignal;
  /** The user saw the estimate and said send it (above the confirmation threshold). */
  confirmed?: boolean;
  /** Send even past a budget (the CLI's --over-budget). */
  overBudget?: boolean;
  /**
   * The caller's key for this press (shared/studio/submission-key.ts), sent again with every repeat of it. A key
   * some task already holds answers with that task, sending nothing; the same key with a different request
   * is refused. Without one, the press gets a fresh key and cannot be told from a new one.
   */
  key?: string;
  /** The batch this submission belongs to (submitBatch sets it). */
  batch?: TaskBatch;
}

/** A batch of at most this many tasks at one press: the estimate and the spending check take 100 at most. */
export const MAX_BATCH_TASKS = 100;

export interface BatchOptions {
  /** The press's key: the batch's id, and with "-<n>" each task's own key. Chosen here when not given. */
  key?: string;
  confirmed?: boolean;
  overBudget?: boolean;
  signal?: AbortSignal;
}

export interface BatchResult {
  batchId: string;
  tasks: TaskRecord[];
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

interface Runtime {
  polls: number;
  errors: number;
  /** 429s met by the submission in a row. */
  rateLimited: number;
  resumed: boolean;
  /** family and model, set when the history is first asked, so re-pacing finds a model's tasks cheaply. */
  config?: string;
  /** The history's answers, kept once known. */
  learnedMs?: number | null;
  estimateRatio?: number | null;
}

const MINUTE_MS = 60_000;
/** [LIM-4] a usage query spans at most 31 days. */
const MAX_USAGE_RANGE_MS = 31 * 24 * 3_600_000;
/** An automatic reconciliation that fails is tried this many times in all. */
const RECONCILE_TRIES = 3;

export class TaskEngine {
  readonly events: StudioEventHub;
  private readonly logger: Logger;
  readonly stats: EngineStats = { submits: 0, polls: 0 };
  private readonly clock: Clock;
  private readonly gateway: GatewayPort;
  private readonly store: TaskStore;
  private readonly madeFrom: MadeFromStore;
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
  private readonly maxRateLimitWaits: number;
  private readonly reconcileAfterMs: number;
  private readonly reconcileTimers = new Map<string, TimerHandle>();
  /** Tasks whose links are being renewed by a fresh status poll. */
  private readonly renewing = new Map<string, Promise<void>>();
  private readonly inFlight = new BusyGauge();
  private readonly running = new Set<Promise<unknown>>();
  private readonly sending = new BusyGauge();
  private timer: TimerHandle | null = null;
  private started = false;
  /** Keyed submissions not yet answered, by key: a repeat arriving meanwhile waits for the same answer. */
  private readonly keyed = new Map<string, { request: string; work: Promise<TaskRecord> }>();
  /** submit() and retrySubmission() calls not yet answered, budget waits included (see handOver). */
  private readonly submissions = new Set<Promise<unknown>>();
  /** Sends in flight, scheduled resends included (see handOver). */
  private readonly sends = new Set<Promise<unknown>>();
  private handingOver = false;

  constructor(private readonly options: TaskEngineOptions) {
    runMigrations(options.db, [...taskMigrations, ...downloadMigrations]);
    this.logger = options.logger ?? silentLogger;
    this.events = new StudioEventHub(this.logger);
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
    this.maxRateLimitWaits = options.maxRateLimitWaits ?? 20;
    this.reconcileAfterMs = options.reconcileAfterMs ?? 600_000;
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
          onLinkExpired: (id) => void this.renewLinks(id).catch(() => undefined), // logged by renewLinks
          emit: (event) => this.events.emit(event),
          logger: this.logger,
          gatewayUrl: () => this.gateway.baseUrl ?? null,
        })
      : null;
    this.madeFrom = new MadeFromStore(options.db);
    this.store = new TaskStore(options.db, (ids) => this.downloads?.countsFor(ids) ?? new Map());
  }

  /**
   * Picks up where the last run stopped: rows caught mid-submission become 'interrupted' (I2 rows are
   * resent with their stored key instead), every tracked task is scheduled, pending downloads resume.
   * `handover`: the previous engine on this database handed over cleanly (handOver()), so no row in
   * 'submitting' was cut off mid-request: each is one waiting to be sent (after a 429) and is sent on.
   */
  async start(options: { handover?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    const now = this.clock.now();
    for (const task of this.store.list({ states: ['submitting'] })) {
      // A row that never left the machine (it waited for the budget, or a 429 had done nothing) is sent now;
      // so is one the previous engine handed over cleanly, or an I2 row its stored key makes safe to resend.
      const neverSent = task.sentAt === null;
      if (neverSent || options.handover || (task.idempotencyKey && usesIdempotencyKey(task.record.family))) {
        if (!neverSent) this.runtimeOf(task.record.id).resumed = true;
        // A row waiting out a 429 keeps waiting out its Retry-After (capped), measured from its last answer.
        const retryAfter = Math.min(task.record.error?.retryAfterMs ?? 0, this.policy.maxRetryAfterMs);
        this.schedule(task.record.id, Math.max(now, task.record.updatedAt + retryAfter));
      } else {
        this.update(task.record.id, {
          state: 'interrupted',
          error: mayHaveBeenCharged(
            localErrorInfo('interrupted', 'the app stopped while the task was being submitted', { code: '' }),
          ),
        });
      }
    }
    for (const task of this.store.list({ states: ['interrupted'] })) {
      const { record } = task;
      if (record.remoteId || record.reconciliation) continue;
      this.scheduleReconcile(record.id, Math.max(now, record.updatedAt + this.reconcileAfterMs));
    }
    for (const task of this.store.list({ states: TRACKED_TASK_STATES })) {
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
  submit(request: SubmissionRequest, options: SubmitOptions = {}): Promise<TaskRecord> {
    const { key } = options;
    if (key === undefined) return this.tracked(this.submissions, this.submitNow(request, options, null));
    if (!isSubmissionKey(key)) {
      return Promise.reject(localError('validation_error', SUBMISSION_KEY_RULE, { param: 'key' }));
    }
    // A repeat while the first is still on its way (a double click): the same answer, nothing sent twice.
    // Compared as sent (data URLs and all) since the first has not stored its references yet.
    const asked = requestText(request.family, request.model, request.params, request.webhook ?? null);
    const pending = this.keyed.get(key);
    if (pending) {
      if (pending.request !== asked) return Promise.reject(keyReused());
      return pending.work.then((record) => this.get(record.id) ?? record);
    }
    const work = this.tracked(this.submissions, this.submitNow(request, options, key));
    this.keyed.set(key, { request: asked, work });
    const done = () => void this.keyed.delete(key);
    void work.then(done, done);
    return work;
  }

  /**
   * Several submissions at one press (prompts × n): the spending limits apply to their total, once, then each
   * is a submission of its own under the one request budget, keyed `<batch key>-<position>` so a repeat of the
   * press (double click, retried call, after a restart) answers with the same tasks and sends only what was
   * never written. Every task records the batch (its id is the press's key) and its size.
   */
  async submitBatch(
    requests: readonly SubmissionRequest[],
    options: BatchOptions = {},
  ): Promise<BatchResult> {
    if (requests.length === 0 || requests.length > MAX_BATCH_TASKS) {
      throw localError(
        'validation_error',
        `A batch holds 1 to ${MAX_BATCH_TASKS} tasks; this one has ${requests.length}.`,
        { param: 'requests' },
      );
    }
    const batchId = options.key ?? randomUUID();
    // Room for "-<position>" inside the longest key allowed.
    if (!isSubmissionKey(batchId) || batchId.length > 120) {
      throw localError('validation_error', SUBMISSION_KEY_RULE, { param: 'key' });
    }
    const keyOf = (i: number) => `${batchId}-${i}`;
    // A repeat of the press: what it already wrote (or is writing) is not asked about or paid for again.
    const fresh = requests.filter((_, i) => !this.keyed.has(keyOf(i)) && !this.store.findByKey(keyOf(i)));
    if (fresh.length > 0) {
      this.options.guard?.admitAll(
        fresh.map((r) => ({ family: r.family, model: r.model, params: r.params })),
        { confirmed: options.confirmed, overBudget: options.overBudget },
      );
    }
    const batch: TaskBatch = { id: batchId, size: requests.length };
    const settled = await Promise.allSettled(
      requests.map((request, i) =>
        this.submit(request, {
          key: keyOf(i),
          batch,
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

  private async submitNow(
    request: SubmissionRequest,
    options: SubmitOptions,
    key: string | null,
  ): Promise<TaskRecord> {
    const kind = taskKindOf(request.family);
    const interned = this.references.intern(request.params);
    const params = interned instanceof Promise ? await interned : interned;
    const webhook = request.webhook ?? null;
    // A key a row already holds (the press was answered, or cut off by a restart): that task, as it stands.
    // Whatever its state, nothing is sent again from here; a row that may have been sent is resumed or
    // reconciled by the engine's own rules (start(), retrySubmission()).
    const held = key === null ? null : this.store.findByKey(key);
    if (held) return this.heldTask(held, request.family, request.model, params, webhook);
    const id = this.newId();
    const now = this.clock.now();
    const inferred = this.inferParent(request.family, params);
    const parentTaskId = options.parentTaskId ?? inferred ?? options.madeFrom?.taskId ?? null;
    let stored: StoredTask;
    try {
      // The spending check and the row (with the gateway it is spent on, and what it was made from) are one
      // BEGIN IMMEDIATE transaction on the shared database: another process (the CLI beside the app, web mode)
      // cannot check between this check and this row, so together they never pass a budget.
      stored = transaction(this.options.db, () => {
        this.options.guard?.admit(
          { family: request.family, model: request.model, params },
          { confirmed: options.confirmed, overBudget: options.overBudget },
        );
        const row = this.store.insert(
          {
            id,
            family: request.family,
            model: request.model,
            kind,
            endpoint: pollEndpointOf(request.family),
            params,
            webhook,
            // Every family gets a key (issue 8 item 10); only I2's is relied on for resending by the gateway.
            idempotencyKey: key ?? randomUUID(),
            parentTaskId,
            createdAt: now,
            batch: options.batch ?? null,
          },
          'submitting',
        );
        this.options.guard?.stamp?.(id);
        this.madeFrom.record(
          id,
          madeFromLinks({
            family: request.family,
            params,
            madeFrom: options.madeFrom ?? null,
            // A music operation or upscale names its source by remote id; the CLI may name the local task itself.
            sourceTask: options.madeFrom ? inferred : (options.parentTaskId ?? inferred),
            library: this.options.libraryFiles ?? null,
          }),
        );
        return row;
      });
    } catch (thrown) {
      // Another process on this database (the CLI beside the app) wrote the key first: its task is the answer.
      const other = key === null ? null : this.store.findByKey(key);
      if (other) return this.heldTask(other, request.family, request.model, params, webhook);
      throw thrown;
    }
    this.emitTask(stored.record);
    try {
      await this.budget.take(
        AbortSignal.any([this.closing.signal, ...(options.signal ? [options.signal] : [])]),
      );
    } catch (reason) {
      // Cancelled while waiting for the budget: nothing left the machine, so nothing can exist upstream.
      return this.update(id, {
        state: 'failed',
        error: localErrorInfo(
          'aborted',
          reason instanceof Error ? reason.message : 'The submission was cancelled before it was sent.',
          { code: '' },
        ),
      });
    }
    return this.send(id, options.signal);
  }

  /**
   * Ends this engine for a successor over the same database (the host rebuilds the core when the library
   * folder or the request budget changes) without cutting off a submission: nothing new is started, every
   * submission in flight (waiting for the budget, or awaiting the gateway's answer) gets its answer, then the
   * engine closes. Polls and downloads are simply stopped: the successor repeats them safely. A row still in
   * 'submitting' afterwards was not sent or was refused with 429, so the successor, started with
   * { handover: true }, sends it on instead of marking it interrupted.
   */
  async handOver(): Promise<void> {
    this.handingOver = true;
    this.timer?.cancel();
    this.timer = null;
    while (this.submissions.size > 0 || this.sends.size > 0) {
      await Promise.allSettled([...this.submissions, ...this.sends]);
    }
    await this.close();
  }

  /**
   * "Try again" for a task whose submission ended with its outcome unknown ('interrupted', no remote id):
   * the same row, body and Idempotency-Key go out again. The user chose it knowing the first may have been
   * charged; a gateway that honours the key answers with the original task instead of a second one.
   */
  retrySubmission(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    return this.tracked(this.submissions, this.retrySubmissionNow(taskId, signal));
  }

  private async retrySubmissionNow(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    const task = this.store.require(taskId);
    if (task.record.state !== 'interrupted' || task.record.remoteId) {
      throw new Error('Only an interrupted task that the gateway never acknowledged can be sent again.');
    }
    this.reconcileTimers.get(taskId)?.cancel();
    this.reconcileTimers.delete(taskId);
    this.runtime.delete(taskId);
    this.update(taskId, { state: 'submitting', error: null, reconciliation: null });
    try {
      await this.budget.take(AbortSignal.any([this.closing.signal, ...(signal ? [signal] : [])]));
    } catch (reason) {
      // Nothing was sent this time: the task is as it was.
      this.update(taskId, { state: 'interrupted', error: task.record.error });
      throw reason;
    }
    return this.send(taskId, signal);
  }

  /**
   * Compares the usage report for the task's model, from the minute it was submitted until now, with the
   * charges of the tasks the app knows; what is left over is likely this task's charge.
   */
  async reconcile(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    const task = this.store.require(taskId);
    const usage = this.gateway.usage?.bind(this.gateway);
    if (!usage) throw new Error('This gateway connection cannot query usage.');
    const { record } = task;
    const windowStart = Math.floor(record.createdAt / MINUTE_MS) * MINUTE_MS;
    const windowEnd = Math.min(
      windowStart + MAX_USAGE_RANGE_MS,
      Math.max(windowStart + MINUTE_MS, Math.ceil(this.clock.now() / MINUTE_MS) * MINUTE_MS),
    );
    await this.budget.take(AbortSignal.any([this.closing.signal, ...(signal ? [signal] : [])]));
    const work = usage(
      {
        start: windowStart / 1000,
        end: windowEnd / 1000,
        ...(record.model ? { model: record.model } : {}),
        scope: 'key',
      },
      {
        signal: AbortSignal.any([this.closing.signal, ...(signal ? [signal] : [])]),
        timeoutMs: this.requestTimeoutMs,
        maxAttempts: 1,
      },
    );
    this.running.add(work);
    let report;
    try {
      ({ report } = await work);
    } finally {
      this.running.delete(work);
    }
    const known = this.store.chargedIn(record.model || null, windowStart, windowEnd, taskId);
    const knownUsd = known.reduce((sum, t) => sum + (t.cost ?? 0), 0);
    const billedUsd = report.total.amount_usd;
    const reconciliation: ChargeReconciliation = {
      checkedAt: this.clock.now(),
      windowStart,
      windowEnd,
      billedRequests: report.total.requests,
      billedUsd,
      knownRequests: known.length,
      knownUsd,
      unmatchedRequests: Math.max(0, report.total.requests - known.length),
      unmatchedUsd: Math.max(0, Math.round((billedUsd - knownUsd) * 1e6) / 1e6),
    };
    return this.update(taskId, { reconciliation });
  }

  /** The same family, model, parameters and webhook as a new task whose parent is the original. */
  rerun(taskId: string, options: Omit<SubmitOptions, 'parentTaskId'> = {}): Promise<TaskRecord> {
    const task = this.store.require(taskId);
    const { family, model, params } = task.record;
    return this.submit(
      { family, model, params, ...(task.webhook ? { webhook: task.webhook } : {}) },
      { ...options, parentTaskId: taskId, madeFrom: { relation: 'rerun', taskId } },
    );
  }

  /** What a task was made from and what was made from it ([]s for an unknown id). */
  links(taskId: string): MadeFromLinks {
    return this.madeFrom.links(taskId);
  }

  /** Stops tracking (the task keeps running upstream); downloads in flight for it are cancelled. */
  stop(taskId: string): TaskRecord {
    const task = this.store.require(taskId);
    this.downloads?.cancel(taskId);
    if (isTerminalState(task.record.state)) return task.record;
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
    if (!isTrackedState(task.record.state) || !remoteId) return { task: task.record, error: null };
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

  /**
   * "Try again" on a task whose files did not all arrive: expired links are renewed by a fresh status poll
   * first (a file the gateway no longer offers is then said to be lost), then every failed file is fetched.
   */
  async retryDownloads(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    const task = this.store.require(taskId);
    if (this.downloads && task.record.state === 'completed') {
      // A poll that fails leaves expired files expired (not lost): the next Try again asks again.
      if (this.downloads.hasExpired(taskId)) await this.renewLinks(taskId, signal).catch(() => undefined);
      this.downloads.retry(taskId);
    }
    return this.store.require(taskId).record;
  }

  get(taskId: string): TaskRecord | null {
    return this.store.get(taskId)?.record ?? null;
  }

  list(options: ListOptions = {}): TaskRecord[] {
    return this.store.list(options).map((t) => t.record);
  }

  /** How many tasks (in these states) there are: the total beside a page of list(). */
  count(options: Pick<ListOptions, 'states'> = {}): number {
    return this.store.count(options);
  }

  /** What the tasks list() would return (in these states, all pages) cost together. */
  costTotal(options: Pick<ListOptions, 'states'> = {}): CostTotal {
    return this.store.costTotal(options);
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
    if (record.state !== 'completed') return isTerminalState(record.state);
    const d = record.downloads;
    if (!this.downloads) return true;
    const files = this.store.get(record.id)?.files ?? [];
    return d.total === files.length && d.done + d.failed + d.expired === d.total;
  }

  /** True while a gateway request or a file fetch is in flight (tests and the bench step the clock around it). */
  isBusy(): boolean {
    return this.inFlight.count > 0 || this.sending.count > 0 || (this.downloads?.activeFetches ?? 0) > 0;
  }

  /** Resolves once isBusy() is false: every poll, send and file fetch in flight has finished. */
  async whenQuiet(): Promise<void> {
    while (this.isBusy()) {
      await Promise.all([this.inFlight.whenZero(), this.sending.whenZero(), this.downloads?.fetchesDone()]);
    }
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
    for (const timer of this.reconcileTimers.values()) timer.cancel();
    this.reconcileTimers.clear();
    await Promise.allSettled([...this.running]);
    await this.downloads?.close();
  }

  // ——— internals ———

  private runtimeOf(id: string): Runtime {
    let rt = this.runtime.get(id);
    if (!rt) {
      rt = { polls: 0, errors: 0, rateLimited: 0, resumed: false };
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

  /** The task a repeated key names, if the repeat asks for the same thing; a different request is refused. */
  private heldTask(
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
    this.sending.enter();
    try {
      return await this.tracked(this.sends, this.sendOnce(id, signal));
    } finally {
      this.sending.leave();
    }
  }

  /** Keeps `work` in `set` until it settles (handOver waits for both sets to empty). */
  private tracked<T>(set: Set<Promise<unknown>>, work: Promise<T>): Promise<T> {
    set.add(work);
    void work.then(
      () => set.delete(work),
      () => set.delete(work),
    );
    return work;
  }

  private async sendOnce(id: string, signal?: AbortSignal): Promise<TaskRecord> {
    const task = this.store.require(id);
    const { family, model, params } = task.record;
    this.stats.submits++;
    try {
      // The only place a reference image becomes a data URL: the body that leaves for the gateway.
      const expanded = this.references.expand(params);
      const body: Record<string, unknown> = {
        ...(expanded instanceof Promise ? await expanded : expanded),
        model,
        ...(task.webhook ? { webhook: task.webhook } : {}),
      };
      // Written before the request leaves: after a crash, a row with no sentAt was provably never sent.
      this.store.update(id, { sentAt: this.clock.now(), updatedAt: this.clock.now() });
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
      rt.rateLimited = 0;
      rt.polls = 0;
      this.schedule(id, this.clock.now() + this.delayFor(this.store.require(id)));
      return record;
    } catch (thrown) {
      const info = toGatewayErrorInfo(thrown);
      const verdict = judgeSubmissionError(info);
      if (verdict.action === 'refused') return this.update(id, { state: 'failed', error: info });
      if (this.closing.signal.aborted) return this.store.require(id).record;
      const rt = this.runtimeOf(id);
      if (verdict.action === 'rate-limited') {
        rt.rateLimited++;
        if (rt.rateLimited > this.maxRateLimitWaits) return this.update(id, { state: 'failed', error: info });
        // [ERR-9] the gateway did nothing: any family may send the same body again once the wait is over.
        this.schedule(id, this.clock.now() + this.waitAfter(info, rt.rateLimited));
        return this.update(id, { error: info, sentAt: null });
      }
      rt.errors++;
      if (task.idempotencyKey && usesIdempotencyKey(family) && rt.errors <= this.maxResubmits) {
        // [EP-IMAGE-I2HDR-1] The same key and body make a resend safe: the gateway returns the original task.
        this.schedule(id, this.clock.now() + this.waitAfter(info, rt.errors));
        return this.update(id, { error: info });
      }
      // Not resent blindly: the task says it may have been charged, and offers Try again.
      this.scheduleReconcile(id, this.clock.now() + this.reconcileAfterMs);
      return this.update(id, { state: 'interrupted', error: mayHaveBeenCharged(info) });
    }
  }

  /** The gateway's Retry-After, capped, or our own backoff after the n-th error in a row. */
  private waitAfter(info: GatewayErrorInfo, n: number): number {
    if (info.retryAfterMs !== null) return Math.min(info.retryAfterMs, this.policy.maxRetryAfterMs);
    return errorBackoff(n, this.policy, this.random);
  }

  private scheduleReconcile(id: string, at: number, tries = 1): void {
    if (!this.gateway.usage || this.closing.signal.aborted) return;
    this.reconcileTimers.get(id)?.cancel();
    const timer = this.clock.setTimer(Math.max(0, at - this.clock.now()), () => {
      this.reconcileTimers.delete(id);
      const task = this.store.get(id);
      if (task?.record.state !== 'interrupted' || task.record.remoteId) return;
      const work = this.reconcile(id).catch((thrown: unknown) => {
        this.logger.warn('comparing an interrupted task with the usage report failed', {
          task: id,
          attempt: tries,
          reason: describeThrown(thrown),
        });
        if (tries < RECONCILE_TRIES)
          this.scheduleReconcile(id, this.clock.now() + this.reconcileAfterMs, tries + 1);
      });
      this.running.add(work);
      void work.finally(() => this.running.delete(work));
    });
    this.reconcileTimers.set(id, timer);
  }

  /**
   * A fresh status poll for a completed task whose links expired: renewed links are fetched again, files
   * the gateway no longer offers are marked lost. One at a time per task.
   */
  private renewLinks(taskId: string, signal?: AbortSignal): Promise<void> {
    const current = this.renewing.get(taskId);
    if (current) return current;
    const work = (async () => {
      const task = this.store.get(taskId);
      const remoteId = task?.record.remoteId;
      if (!task || !remoteId || !this.downloads) return;
      const stop = AbortSignal.any([this.closing.signal, ...(signal ? [signal] : [])]);
      await this.budget.take(stop);
      this.stats.polls++;
      const snapshot = await this.gateway.getTask(remoteId, task.record.endpoint, {
        signal: stop,
        timeoutMs: this.requestTimeoutMs,
        maxAttempts: 1,
      });
      if (snapshot.status !== 'completed') return;
      this.store.update(taskId, { files: snapshot.files, updatedAt: this.clock.now() });
      this.downloads.renew(taskId, snapshot.files);
    })();
    this.renewing.set(taskId, work);
    this.running.add(work);
    void work
      .catch((thrown: unknown) => {
        // The files stay expired (not lost): the user's Try again asks again.
        this.logger.warn('renewing expired download links failed', {
          task: taskId,
          reason: describeThrown(thrown),
        });
      })
      .finally(() => {
        this.renewing.delete(taskId);
        this.running.delete(work);
      });
    return work;
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
    } catch (thrown) {
      // A history that cannot answer leaves pacing to estimated_time.
      this.logger.warn('the price book could not pace a task', {
        task: record.id,
        reason: describeThrown(thrown),
      });
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
      if (!task || dueAt === undefined || !isTrackedState(task.record.state)) continue;
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
    // Handing over: what is due is left to the successor, which rebuilds the schedule from the rows.
    if (this.closing.signal.aborted || this.handingOver) return;
    for (;;) {
      const next = this.due.peek();
      if (!next) return;
      const now = this.clock.now();
      if (next.dueAt > now) {
        this.arm(next.dueAt - now);
        return;
      }
      if (this.inFlight.count >= this.maxInFlight) return;
      if (!this.budget.tryTake()) {
        this.arm(Math.max(1, this.budget.delay()));
        return;
      }
      this.due.pop();
      this.inFlight.enter();
      const work = this.runDue(next.id)
        .catch((thrown: unknown) => this.runFailed(next.id, thrown))
        .finally(() => {
          this.inFlight.leave();
          this.running.delete(work);
          this.pump();
        });
      this.running.add(work);
    }
  }

  private arm(ms: number): void {
    this.timer = this.clock.setTimer(Math.ceil(ms), () => this.pump());
  }

  /**
   * A poll or send that threw instead of answering: a bug (in apply(), the store, the history), not a gateway
   * error, which poll() and send() judge themselves. Once this silently stopped the task's polling; now it is
   * logged, the task shows the failure, and a tracked task is asked again after a backoff.
   */
  private runFailed(id: string, thrown: unknown): void {
    if (this.closing.signal.aborted) return;
    this.logger.error('tracking a task failed', { task: id, reason: describeThrown(thrown) });
    try {
      const task = this.store.get(id);
      if (!task) return; // deleted under us: nothing left to track
      const error = localError(
        'internal_error',
        'Tracking this task failed inside the studio; it will be asked again.',
        { code: 'tracking_failed' },
      ).info;
      if (task.record.state === 'submitting') {
        // Whether the POST left is unknown: never resent blindly, as for any submission without an answer.
        this.scheduleReconcile(id, this.clock.now() + this.reconcileAfterMs);
        this.update(id, { state: 'interrupted', error: mayHaveBeenCharged(error) });
        return;
      }
      if (!isTrackedState(task.record.state)) return;
      const rt = this.runtimeOf(id);
      rt.errors++;
      this.update(id, { error });
      this.schedule(id, this.clock.now() + errorBackoff(rt.errors, this.policy, this.random));
    } catch (again) {
      // The database closed under us: the next start rebuilds the schedule from the rows.
      this.logger.error('recording a tracking failure failed', { task: id, reason: describeThrown(again) });
    }
  }

  private async runDue(id: string): Promise<void> {
    const task = this.store.get(id);
    if (!task) return;
    if (task.record.state === 'submitting') {
      await this.send(id);
      return;
    }
    if (!isTrackedState(task.record.state) || !task.record.remoteId) return;
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
      if (!current || !isTrackedState(current.record.state)) return info;
      const ageMs = this.clock.now() - (current.trackingStartedAt ?? current.record.createdAt);
      const verdict = judgePollError(info, {
        ageMs,
        notFoundGraceMs: this.policy.notFoundGraceMs,
        maxRetryAfterMs: this.policy.maxRetryAfterMs,
      });
      if (verdict.action === 'fail') {
        this.update(id, { state: 'failed', error: info });
        return info;
      }
      rt.errors++;
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
    if (current && isTrackedState(current.record.state)) this.apply(current, snapshot);
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
      } catch (thrown) {
        // Learning is a bonus: a history that cannot write must never break tracking.
        this.logger.warn('the price book could not learn from a completed task', {
          task: id,
          reason: describeThrown(thrown),
        });
      }
      this.downloads?.enqueue(id, snapshot.files);
      return;
    }
    if (snapshot.status === 'failed') {
      const error = localErrorInfo(
        'task_failed',
        snapshot.error?.message || 'The gateway reported the task as failed.',
        { code: snapshot.error?.code ?? '' },
      );
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
