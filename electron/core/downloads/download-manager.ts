// Fetches every result file of completed tasks into the library folder, each file a `download` job of the one
// durable job mechanism (core/jobs): its job row is written before the fetch, its tries and the waits between
// them are the job policy's (core/retry.ts) on the injected clock, a crash hands it back exactly once, and the
// teardown is the runner's. A few are fetched at once (p-queue: soonest-expiring link first). A file that keeps
// failing is reported (the task settles, with the reason) but tried again in the background for as long as its
// link is valid; a link past its expires_at is handed to the engine, which asks the gateway for the task again in
// case it offers a fresh one. A file host's "not ready yet" right after a task completed retries the download,
// never the generation: the engine never sees it.
import { BusyGauge } from '../busy-gauge';
import { resolve } from 'node:path';
import PQueue from 'p-queue';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { DownloadProgress, StudioEvent, TaskRecord } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db/database';
import { describeThrown, silentLogger, type Logger } from '../log';
import type { JobChange, JobRunner } from '../jobs';
import { RETRY_POLICIES, type RetryPolicy } from '../retry';
import { removeStaleParts } from './part-files';
import { emptyProgress, TaskFileRows } from './task-file-rows';
import type { FileDownloadState, FileRow, TaskFileStatus } from './task-file-rows';
import { DownloadLeases } from './download-leases';
import { saveDownload } from './save-download';

export type { FileDownloadState, TaskFileStatus } from './task-file-rows';
export { dayFolder } from './readable-name';
import type { RetryTiming } from './retry-timing';
import {
  attemptDownload,
  DownloadGivenUp,
  DownloadRetry,
  fileKey,
  type DownloadJob,
} from './download-attempt';
import { DOWNLOAD_JOB, downloadJobSchema } from './download-attempt';
import { renewLinks } from './link-renewal';
import type { LibrarySink } from './library-sink';
import { fetchPriority, FreshLinks } from './link-freshness';
import { LinkVerdicts } from './link-verdicts';
import type { ProxyRoute } from '../proxy/proxy-route';

export interface DownloadManagerOptions extends RetryTiming {
  db: DatabaseSync;
  clock: Clock;
  libraryDir: string;
  sink: LibrarySink;
  /** The current record of a task, handed to the sink with each file. */
  getTask: (taskId: string) => TaskRecord | null;
  /** Called after a file of the task changed state, so the engine can publish the task's new counts. */
  onFilesChanged: (taskId: string) => void;
  emit: (event: StudioEvent) => void;
  /** A file's link expired: the engine polls the task for fresh links and calls renew(). */
  onLinkExpired?: (taskId: string) => void;
  concurrency?: number;
  /** The first wait between tries, where it differs from the job policy's (tests). */
  backoffMs?: number;
  /** The studio's one job runner (the composition root's): downloads are its `download` jobs. */
  jobs: JobRunner;
  /** How often a file waiting for disk space looks again. Default 30 s. */
  spaceCheckMs?: number;
  idleTimeoutMs?: number;
  progressEveryBytes?: number;
  /** Told failures that are not the network's (a sink that cannot save, a bug); the file shows them too. */
  logger?: Logger;
  /**
   * The gateway in use (its base URL), read for each file: results on a local or private address are fetched
   * only when the gateway itself is on one (local-addresses.ts). Unknown: such results are refused.
   */
  gatewayUrl?: () => string | null;
  /** The creator's allowed addresses beyond that rule (Settings › Result files, --result-addresses), per file. */
  resultAddresses?: () => readonly string[];
  /** The way out (core/proxy), read per file: downloads take the proxy the gateway calls take. */
  proxy?: () => ProxyRoute | null;
}

export class DownloadManager {
  /** The files fetched at once, soonest-expiring link first; which are due, and when again, is the runner's. */
  private readonly queue: PQueue;
  /** Files whose job is due, running or waiting out a quick retry (what idle() waits for), by `${taskId}:${ordinal}`. */
  private readonly inLine = new Set<string>();
  private readonly idleWaiters: (() => void)[] = [];
  private closed = false;
  private registered = false;
  private readonly fetching = new BusyGauge();
  private readonly libraryDir: string;
  private readonly jobs: JobRunner;
  private readonly policy: RetryPolicy;
  private offJobs: (() => void) | null = null;

  private readonly logger: Logger;
  private readonly rows: TaskFileRows;
  private readonly fresh: FreshLinks;
  private readonly links: LinkVerdicts;
  /** Which process fetches a file, when several share the database (download-leases.ts). */
  private readonly leases: DownloadLeases;

  constructor(private readonly options: DownloadManagerOptions) {
    this.logger = options.logger ?? silentLogger;
    this.rows = new TaskFileRows(options.db, options.clock, options.sink.filedUrls?.bind(options.sink));
    this.queue = new PQueue({ concurrency: options.concurrency ?? 3 });
    this.libraryDir = resolve(options.libraryDir);
    this.fresh = new FreshLinks(options.clock);
    this.links = new LinkVerdicts(options.clock);
    this.leases = new DownloadLeases(options.db, options.clock, (taskId) => options.onFilesChanged(taskId));
    this.jobs = options.jobs;
    const job = RETRY_POLICIES.job;
    this.policy = {
      attempts: options.maxAttempts ?? job.attempts,
      baseDelayMs: options.backoffMs ?? job.baseDelayMs,
      maxDelayMs: options.maxBackoffMs ?? job.maxDelayMs,
    };
  }

  /**
   * Deletes the .part files a crash left (never a live neighbour's), registers the download jobs (which hands
   * back, once, those a crashed life left running) and gives every file still to come its job: a row an older
   * version wrote has none yet.
   */
  async start(): Promise<void> {
    await removeStaleParts(this.libraryDir);
    if (this.closed) return;
    this.register();
    for (const row of this.rows.allPending()) this.schedule(row.task_id, row.ordinal);
    for (const w of this.rows.waitingRetries())
      this.jobs.add(DOWNLOAD_JOB, fileKey(w), { taskId: w.taskId, ordinal: w.ordinal }, w.retryAt);
  }

  /** Records a completed task's files (once) and queues those not yet fetched. */
  enqueue(taskId: string, files: readonly ResultFile[]): void {
    this.rows.record(taskId, files);
    for (const ordinal of this.rows.pendingOrdinals(taskId)) this.schedule(taskId, ordinal);
    this.options.onFilesChanged(taskId);
  }

  counts(taskId: string): DownloadProgress {
    return this.rows.countsFor([taskId]).get(taskId) ?? emptyProgress();
  }

  /** The download counts of many tasks (a page of the task list), in a few statements whatever their number. */
  countsFor(taskIds: readonly string[]): Map<string, DownloadProgress> {
    return this.rows.countsFor(taskIds);
  }

  /** Tasks with a file still to come (pending, or an expired link not given up). */
  tasksWithFilesToCome(): string[] {
    return this.rows.tasksWithFilesToCome();
  }

  files(taskId: string): TaskFileStatus[] {
    return this.rows.files(taskId);
  }

  /** Failed files of a task go back to pending and are fetched at once (expired ones wait for renew()). */
  retry(taskId: string): void {
    this.rows.resetFailed(taskId);
    this.enqueue(taskId, []);
  }

  /** True when a file of the task is missing because its link expired or was lost (renew() may bring it back). */
  hasExpired(taskId: string): boolean {
    return this.rows.hasExpired(taskId);
  }

  /**
   * The files of a fresh status poll: an expired (or failed) file whose link the gateway renewed (another URL
   * or a later expires_at) is fetched again; an expired one it did not renew is lost for good.
   */
  renew(taskId: string, files: readonly ResultFile[]): void {
    renewLinks(this.rows, taskId, files, this.options.clock.now(), (ordinal, state, fields) =>
      this.mark(taskId, ordinal, state, fields),
    );
    this.enqueue(taskId, []);
  }

  /** Stops the task's downloads, waiting or in flight; their rows stay pending for a later start. */
  cancel(taskId: string): void {
    for (const job of this.jobs.store.list([DOWNLOAD_JOB], ['waiting', 'running'])) {
      const file = downloadJobSchema.safeParse(job.payload);
      if (file.success && file.data.taskId === taskId) this.jobs.cancel(job.id, 'download cancelled');
    }
  }

  /** Files being fetched or handed to the library right now (not those waiting out a backoff). */
  get activeFetches(): number {
    return this.fetching.count;
  }

  /** Resolves when no file is being fetched or handed to the library (queued ones may still wait). */
  fetchesDone(): Promise<void> {
    return this.fetching.whenZero();
  }

  /**
   * Resolves when no file of this manager's is due, running or waiting out a quick retry (a background retry,
   * hours away, and a file a neighbour process holds are not waited for).
   */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolveIdle) => this.idleWaiters.push(resolveIdle));
  }

  /**
   * The downloads end with their library core: the runner (whose teardown is the root's) stops running this kind,
   * its running downloads aborted and handed back untried for the next core or start; then the leases go.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.queue.clear();
    await this.jobs.unregister(DOWNLOAD_JOB);
    this.offJobs?.();
    await this.queue.onIdle();
    this.leases.close();
    this.inLine.clear();
    this.wakeIdle();
  }

  private register(): void {
    if (this.registered) return;
    this.registered = true;
    this.offJobs = this.jobs.subscribe((change) => this.jobChanged(change));
    this.jobs.register<DownloadJob>({
      kind: DOWNLOAD_JOB,
      parse: (payload) => downloadJobSchema.parse(payload),
      run: (job, context) => this.runJob(job.payload, context),
      passing: (error) => error instanceof DownloadRetry,
      // Every due file is taken at once; the queue fetches a few of them at a time, soonest expiry first.
      parallel: 64,
      policy: this.policy,
      // A file's job is written by the process that fetches it, and its waits may last hours (a background
      // retry): the runner wakes when the next is due, not every few seconds (a neighbour's is still watched).
      lookAgain: false,
    });
    // The app's runner is started by the root; the CLI's downloads start it here (it runs no other kind).
    this.jobs.start();
  }

  /** Gives the file its job (written before any fetch) or asks the one it has for another go. */
  private schedule(taskId: string, ordinal: number): void {
    if (this.closed) return;
    const file = { taskId, ordinal };
    const key = fileKey(file);
    const existing = this.jobs.store.byKey(DOWNLOAD_JOB, key);
    if (existing?.state === 'running') {
      // A live neighbour's: its lease says so on the file's row; taken over should its process end.
      const holder = this.leases.holder(taskId, ordinal);
      if (holder !== null) this.leases.noteHeld(taskId, ordinal, holder);
      return;
    }
    // Files recorded before start() (a task completing as the engine starts) run as soon as they are written.
    this.register();
    this.inLine.add(key);
    if (existing) this.jobs.again(existing.id);
    else this.jobs.add(DOWNLOAD_JOB, key, file);
    // Taken now, in the order the files were recorded (the runner would look in a moment): the fetch queue's
    // priority then orders them, as it did before the downloads were jobs.
    this.jobs.poke();
  }

  private async runJob(file: DownloadJob, context: Parameters<typeof attemptDownload>[2]) {
    const key = fileKey(file);
    this.inLine.add(key);

    try {
      const answer = await attemptDownload(
        {
          clock: this.options.clock,
          rows: this.rows,
          leases: this.leases,
          fresh: this.fresh,
          links: this.links,
          logger: this.logger,
          policy: this.policy,
          timing: { ...this.options, maxAttempts: this.policy.attempts },
          spaceCheckMs: this.options.spaceCheckMs ?? 30_000,
          getTask: this.options.getTask,
          has: async (url) => await this.options.sink.has(url),
          fetch: (task, row, signal) => this.inTurn(row, signal, () => this.fetchAndSave(task, row, signal)),
          mark: (taskId, ordinal, state, fields) => this.mark(taskId, ordinal, state, fields),
          expire: (taskId, ordinal, message, failure) => this.expire(taskId, ordinal, message, failure),
        },
        file,
        context,
      );
      // A wait that is not a quick retry (a background retry, a neighbour's lease) is not waited for by idle().
      if (answer && !/waiting for disk space/.test(answer.note ?? '')) this.inLine.delete(key);
      return answer;
    } catch (error) {
      if (!(error instanceof DownloadRetry)) this.inLine.delete(key);
      if (error instanceof DownloadGivenUp || error instanceof DownloadRetry) throw error;
      if (context.signal.aborted) throw error;
      // Outside a fetch (the sink, the database): logged, and the file marked failed with its reason.
      const reason = describeThrown(error);
      this.logger.error('a download failed outside its fetch', {
        task: file.taskId,
        file: file.ordinal,
        reason,
      });
      try {
        this.mark(file.taskId, file.ordinal, 'failed', { error: reason, failure: 'network', retry_at: null });
      } catch (again) {
        this.logger.error('recording a download failure failed', {
          task: file.taskId,
          reason: String(again),
        });
      }
      throw error;
    }
  }

  /** Waits for the file's turn among the few fetched at once; the job's abort drops it from the line. */
  private inTurn<T>(row: FileRow, signal: AbortSignal, fetch: () => Promise<T>): Promise<T> {
    return this.queue.add(
      async () => {
        signal.throwIfAborted();
        return fetch();
      },
      { priority: fetchPriority(row.expires_at), signal },
    );
  }

  private jobChanged(change: JobChange): void {
    if (change.kind !== DOWNLOAD_JOB) return;
    // Handed back to wait for its next try (its timer armed): whoever waits on the task looks again.
    if (change.state === 'waiting' && this.inLine.has(change.key)) {
      this.options.onFilesChanged(change.key.slice(0, change.key.lastIndexOf(':')));
    }
    if (change.state === 'done' || change.state === 'failed' || change.state === 'cancelled') {
      this.inLine.delete(change.key);
    }
    this.checkIdle();
  }

  private isIdle(): boolean {
    return this.closed || this.inLine.size === 0;
  }

  private checkIdle(): void {
    if (this.isIdle()) this.wakeIdle();
  }

  private wakeIdle(): void {
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** Writes the file's new state and tells the engine, which publishes the task's new counts. */
  private mark(
    taskId: string,
    ordinal: number,
    state: FileDownloadState,
    fields: Record<string, unknown> = {},
  ): void {
    this.rows.mark(taskId, ordinal, state, fields);
    this.options.onFilesChanged(taskId);
  }

  /** One file into the library (save-download.ts), counted as a fetch in flight until the sink has it. */
  private async fetchAndSave(task: TaskRecord, row: FileRow, signal: AbortSignal): Promise<void> {
    this.fetching.enter();
    try {
      const saved = await saveDownload(
        { ...this.options, libraryDir: this.libraryDir },
        task,
        row,
        signal,
        (got, of) => {
          this.leases.touch(row.task_id, row.ordinal);
          this.options.emit({
            type: 'download',
            taskId: row.task_id,
            url: row.url,
            receivedBytes: got,
            totalBytes: of,
          });
        },
      );
      this.mark(row.task_id, row.ordinal, 'done', { ...saved, error: null });
    } finally {
      // Left in a finally: two hand-written leaves once counted a fetch twice.
      this.fetching.leave();
    }
  }

  /** The link ended (or was refused early: 'refused'); the engine asks the gateway for a fresh one. */
  private expire(taskId: string, ordinal: number, message: string, failure = 'expired'): void {
    // The engine's fresh poll is under way before the row says expired, so no one waiting takes it as settled.
    this.options.onLinkExpired?.(taskId);
    this.mark(taskId, ordinal, 'expired', { error: message, failure, retry_at: null });
  }
}
