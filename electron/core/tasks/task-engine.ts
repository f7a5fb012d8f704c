// The webhook-free completion tracker, as the host and the CLI see it: one facade over parts that each own
// one job and its state (docs/architecture.md names them):
//   submission.ts   a press admitted and written as a row (keys, spending, batches)
//   sender.ts       a row sent as a request, and what each answer means (429 waits, I2 resends)
//   tracker.ts      the due-queue, the pump, polls and applying their answers; pacing.ts says when
//   reconciler.ts   a lost answer compared with the usage report
//   task-downloads.ts  result files handed to the download manager, expired links renewed
//   task-queries.ts the read side (list, count, totals, waitFor)
// Everything that must end with the engine (timers, the abort signal, work in flight) is in one Lifetime.
// A restart rebuilds it all from the rows and never resubmits by itself, except I2, whose stored
// Idempotency-Key makes a resend return the original task (docs/engine.md, "Money under faults").
import type { EarlierSources } from '../../../shared/bridge/source-schemas';
import type { SubmissionRequest, GatewayErrorInfo } from '../../../shared/gateway/normalized';
import type { TaskRecord } from '../../../shared/studio/records';
import type { TaskCostTotal } from '../../../shared/studio/cost-totals';
import type { MadeFromLinks } from '../../../shared/studio/made-from';
import type { TaskFileStatus } from '../downloads/download-manager';
import { composeEngine } from './compose-engine';
import type { EngineParts } from './compose-engine';
import type {
  BatchOptions,
  BatchResult,
  EngineStats,
  ListOptions,
  SubmitOptions,
  TaskEngineOptions,
} from './engine-options';
import type { StudioEventHub } from './studio-event-hub';
import type { SubmissionQueue } from './submission-queue';
import { compareGroup, fanOut, type FanOutResult } from './fan-out';
import type { CompareGroup } from '../../../shared/studio/compare-group';

export type { QueueAddOptions } from './submission-queue';
export type { FanOutResult } from './fan-out';
export type { QueueEstimator } from './queue-view';

export type {
  BatchOptions,
  BatchResult,
  DownloadSettings,
  EngineStats,
  ListOptions,
  SubmitOptions,
  TaskEngineOptions,
} from './engine-options';

export class TaskEngine {
  readonly events: StudioEventHub;
  readonly stats: EngineStats;
  readonly #parts: EngineParts;

  constructor(options: TaskEngineOptions) {
    const parts = composeEngine(options);
    this.#parts = parts;
    this.events = parts.events;
    this.stats = parts.stats;
  }

  /**
   * Picks up where the last run stopped: rows caught mid-submission become 'interrupted' (I2 rows are
   * resent with their stored key instead), every tracked task is scheduled, pending downloads resume.
   * `handover`: the previous engine on this database handed over cleanly (handOver()), so no row in
   * 'submitting' was cut off mid-request: each is one waiting to be sent (after a 429) and is sent on.
   */
  start(options: { handover?: boolean } = {}): Promise<void> {
    return this.#parts.start(options);
  }

  /** Writes the task, then sends it (submission.ts); a refusal comes back as a 'failed' record. */
  submit(request: SubmissionRequest, options: SubmitOptions = {}): Promise<TaskRecord> {
    return this.#parts.submissions.submit(request, options);
  }

  /** Several submissions at one press, measured against the spending limits once (submission.ts). */
  submitBatch(requests: readonly SubmissionRequest[], options: BatchOptions = {}): Promise<BatchResult> {
    return this.#parts.submissions.submitBatch(requests, options);
  }

  /** One prompt on several models as one compare group: sent now, or queued beyond the request budget (fan-out.ts). */
  fanOut(
    requests: readonly SubmissionRequest[],
    options: Omit<BatchOptions, 'compare'> = {},
  ): Promise<FanOutResult> {
    return fanOut(this.#parts, requests, options);
  }

  /** A compare group: its tasks in press order, and its models still waiting in the queue (fan-out.ts). */
  compareGroup(batchId: string): CompareGroup {
    return compareGroup(this.#parts, batchId);
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
    this.#parts.tracker.pause();
    this.#parts.queue.stop();
    await this.#parts.lifetime.settled(['submission', 'send']);
    await this.close();
  }

  /** "Try again" for a submission whose outcome is unknown: the same row, body and key go out again. */
  retrySubmission(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    return this.#parts.submissions.retrySubmission(taskId, signal);
  }

  /** Compares the usage report with the charges the app knows (reconciler.ts). */
  reconcile(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    return this.#parts.reconciler.reconcile(taskId, signal);
  }

  /** The same family, model, parameters and webhook as a new task whose parent is the original. */
  rerun(taskId: string, options: Omit<SubmitOptions, 'parentTaskId'> = {}): Promise<TaskRecord> {
    const task = this.#parts.tasks.store.require(taskId);
    const { family, model, params } = task.record;
    return this.submit(
      { family, model, params, ...(task.webhook ? { webhook: task.webhook } : {}) },
      { ...options, parentTaskId: taskId, madeFrom: { relation: 'rerun', taskId } },
    );
  }

  links(taskId: string): MadeFromLinks {
    return this.#parts.queries.links(taskId);
  }

  /**
   * Stops tracking (the task keeps running upstream and may be charged); downloads in flight for it are
   * cancelled. The row stays, and its charge is compared with the usage report (reconciler.ts).
   */
  stop(taskId: string): TaskRecord {
    return this.#parts.stop(taskId);
  }

  /** "Track again": a stopped task polled again under its gateway id; its result is fetched, nothing is resent. */
  track(taskId: string): TaskRecord {
    return this.#parts.track(taskId);
  }

  /**
   * The submission queue (submission-queue.ts): submissions held in the database until their turn, paused,
   * reordered, cancelled for nothing, scheduled; docs/engine.md, "The queue".
   */
  get queue(): SubmissionQueue {
    return this.#parts.queue;
  }

  /** One poll now, outside the schedule, inside the budget (tracker.ts). */
  async refresh(
    taskId: string,
    signal?: AbortSignal,
  ): Promise<{ task: TaskRecord; error: GatewayErrorInfo | null }> {
    // Asked before start (a new process's `task <id>`): the task's own key is read first.
    await this.#parts.restoreKeys();
    return this.#parts.tracker.refresh(taskId, signal);
  }

  /** "Try again" on a task whose files did not all arrive (task-downloads.ts). */
  async retryDownloads(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    await this.#parts.downloads.retry(this.#parts.tasks.store.require(taskId).record, signal);
    return this.#parts.tasks.store.require(taskId).record;
  }

  get(taskId: string): TaskRecord | null {
    return this.#parts.queries.get(taskId);
  }

  /** The task a submission key is held by (a repeat of that press answers with it), or null. */
  byKey(key: string): TaskRecord | null {
    return this.#parts.tasks.store.findByKey(key)?.record ?? null;
  }

  list(options: ListOptions = {}): TaskRecord[] {
    return this.#parts.queries.list(options);
  }

  /** The tasks of one batch in the order of its press: what a compare group shows (task-queries.ts). */
  inBatch(batchId: string): TaskRecord[] {
    return this.#parts.queries.inBatch(batchId);
  }

  count(options: Pick<ListOptions, 'states'> = {}): number {
    return this.#parts.queries.count(options);
  }

  /** The tracks and grids the tasks sent to this gateway (its normalised key) named as their source. */
  earlierSources(gatewayKey: string): EarlierSources {
    return this.#parts.queries.earlierSources(gatewayKey);
  }

  costTotal(options: Pick<ListOptions, 'states'> & { gateway?: string } = {}): TaskCostTotal {
    return this.#parts.queries.costTotal(options);
  }

  files(taskId: string): TaskFileStatus[] {
    return this.#parts.queries.files(taskId);
  }

  waitFor(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    return this.#parts.queries.waitFor(taskId, signal);
  }

  isSettled(record: TaskRecord): boolean {
    return this.#parts.queries.isSettled(record);
  }

  /** True while a gateway request or a file fetch is in flight (tests and the bench step the clock around it). */
  isBusy(): boolean {
    return this.#parts.isBusy();
  }

  /** Resolves once isBusy() is false: every poll, send and file fetch in flight has finished. */
  whenQuiet(): Promise<void> {
    return this.#parts.whenQuiet();
  }

  /** Resolves when no downloads are queued or running (for the CLI and tests). */
  async downloadsIdle(): Promise<void> {
    await this.#parts.downloads.idle();
  }

  /** Stops polling and downloading; resolves once nothing in flight can touch the database any more. */
  close(): Promise<void> {
    return this.#parts.close();
  }
}
