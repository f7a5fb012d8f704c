// Fetches every result file of completed tasks into the library folder, a few at a time, retrying with
// backoff on the injected clock. A file that keeps failing is reported (the task settles, with the reason)
// but tried again in the background for as long as its link is valid; a link past its expires_at is handed
// to the engine, which asks the gateway for the task again in case it offers a fresh one.
import { BusyGauge } from '../busy-gauge';
import { resolve } from 'node:path';
import PQueue from 'p-queue';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { DownloadProgress, StudioEvent, TaskRecord } from '../../../shared/studio/records';
import type { Clock, TimerHandle } from '../clock';
import type { DatabaseSync } from '../db/database';
import { describeThrown, silentLogger, type Logger } from '../log';
import { DownloadError } from './fetch-to-file';
import { removeStaleParts } from './part-files';
import { emptyProgress, TaskFileRows } from './task-file-rows';
import type { FileDownloadState, FileRow, TaskFileStatus } from './task-file-rows';
import { DownloadLeases } from './download-leases';
import { saveDownload, type FetchedFile } from './save-download';

export type { FileDownloadState, TaskFileStatus } from './task-file-rows';
export { dayFolder } from './readable-name';
import { MISSING_REASON_OF } from './download-error';
import { backgroundRetryAt, type RetryTiming } from './retry-timing';
import { isDiskFull } from '../db/disk-space';
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
  backoffMs?: number;
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
  private readonly queue: PQueue;
  private readonly active = new Map<string, AbortController>();
  private readonly queued = new Set<string>();
  /** Background retries of failed files, by `${taskId}:${ordinal}`. */
  private readonly retryTimers = new Map<string, TimerHandle>();
  private closed = false;
  private readonly fetching = new BusyGauge();
  private readonly libraryDir: string;

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
  }

  /** Deletes the .part files a crash left (never a live neighbour's) and queues every file still pending. */
  async start(): Promise<void> {
    await removeStaleParts(this.libraryDir);
    for (const row of this.rows.allPending()) this.schedule(row.task_id, row.ordinal);
    for (const w of this.rows.waitingRetries()) this.armRetry(w.taskId, w.ordinal, w.retryAt);
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
    this.cancelRetries(taskId);
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
    const now = this.options.clock.now();
    for (const row of this.rows.missing(taskId)) {
      const fresh = files[row.ordinal];
      const renewed =
        fresh !== undefined &&
        (fresh.url !== row.url || (fresh.expiresAt ?? Infinity) > (row.expires_at ?? Infinity)) &&
        (fresh.expiresAt === null || now < fresh.expiresAt * 1000);
      if (renewed) {
        this.rows.renewLink(taskId, row.ordinal, fresh);
      } else if (row.state === 'expired') {
        // A link refused early and handed back unchanged is refused for good; an expired one is lost.
        const refused = row.failure === 'refused';
        this.mark(taskId, row.ordinal, refused ? 'failed' : 'expired', {
          failure: refused ? 'refused' : 'lost',
          error: refused
            ? 'the file host refuses this link, and a fresh status poll gave the same one'
            : 'the gateway no longer offers this file: its link expired and a fresh status poll gave no new one',
        });
      }
    }
    this.enqueue(taskId, []);
  }

  /** Stops the task's downloads in flight; their rows stay pending for a later start. */
  cancel(taskId: string): void {
    this.cancelRetries(taskId);
    for (const [key, controller] of this.active) {
      if (key.startsWith(`${taskId}:`)) controller.abort(new Error('download cancelled'));
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

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    await this.queue.onIdle();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retryTimers.values()) timer.cancel();
    this.retryTimers.clear();
    this.queue.clear();
    for (const controller of this.active.values()) controller.abort(new Error('closing'));
    await this.queue.onIdle();
    this.leases.close();
  }

  private schedule(taskId: string, ordinal: number): void {
    const key = `${taskId}:${ordinal}`;
    if (this.closed || this.queued.has(key)) return;
    this.queued.add(key);
    const job = () => this.run(taskId, ordinal, key).finally(() => this.queued.delete(key));
    void this.queue
      .add(job, { priority: fetchPriority(this.rows.read(taskId, ordinal)?.expires_at ?? null) })
      .catch((thrown: unknown) => this.runFailed(taskId, ordinal, thrown));
  }

  /** run() threw outside a fetch (the sink, the database): logged, and the file marked failed with its reason. */
  private runFailed(taskId: string, ordinal: number, thrown: unknown): void {
    if (this.closed) return;
    const reason = describeThrown(thrown);
    this.logger.error('a download failed outside its fetch', { task: taskId, file: ordinal, reason });
    try {
      this.mark(taskId, ordinal, 'failed', { error: reason, failure: 'network', retry_at: null });
    } catch (again) {
      this.logger.error('recording a download failure failed', {
        task: taskId,
        reason: describeThrown(again),
      });
    }
  }

  private cancelRetries(taskId: string): void {
    for (const [key, timer] of this.retryTimers) {
      if (!key.startsWith(`${taskId}:`)) continue;
      timer.cancel();
      this.retryTimers.delete(key);
    }
  }

  /** A failed file goes back to pending at `at` (its attempts kept, so the backoff keeps growing). */
  private armRetry(taskId: string, ordinal: number, at: number): void {
    const key = `${taskId}:${ordinal}`;
    this.retryTimers.get(key)?.cancel();
    const timer = this.options.clock.setTimer(Math.max(0, at - this.options.clock.now()), () => {
      this.retryTimers.delete(key);
      if (this.closed) return;
      const row = this.rows.read(taskId, ordinal);
      if (row?.state !== 'failed') return;
      this.mark(taskId, ordinal, 'pending', { retry_at: null });
      this.schedule(taskId, ordinal);
    });
    this.retryTimers.set(key, timer);
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

  private async run(taskId: string, ordinal: number, key: string): Promise<void> {
    const { clock, sink } = this.options;
    const maxAttempts = this.options.maxAttempts ?? 5;
    const controller = new AbortController();
    this.active.set(key, controller);
    try {
      for (;;) {
        const row = this.rows.read(taskId, ordinal);
        const task = this.options.getTask(taskId);
        if (!row || row.state !== 'pending' || !task || this.closed || controller.signal.aborted) return;
        if (await sink.has(row.url)) {
          this.mark(taskId, ordinal, 'skipped');
          return;
        }
        if (this.links.expired(row)) {
          this.expire(taskId, ordinal, 'the link expired before it could be fetched');
          return;
        }
        // A live neighbour fetching it keeps it; this process looks again, and takes it if that one died.
        if (!this.leases.claim(taskId, ordinal, () => this.schedule(taskId, ordinal))) return;
        const attempt = row.attempts + 1;
        this.fresh.tried(key);
        try {
          this.mark(taskId, ordinal, 'pending', { attempts: attempt });
          const saved = await this.fetchAndSave(task, row, controller.signal);
          this.mark(taskId, ordinal, 'done', { ...saved, error: null });
          this.fresh.forget(key);
          this.links.forget(key);
          return;
        } catch (error) {
          if (controller.signal.aborted || this.closed) return;
          const failure = error instanceof DownloadError ? error : null;
          const message = error instanceof Error ? error.message : String(error);
          // No room for the file, or for its row (the database's disk is full too): it waits for room.
          if (failure?.reason === 'no_space' || isDiskFull(error)) {
            await this.waitForRoom(taskId, ordinal, row.attempts, message, controller.signal);
            continue;
          }
          // A DownloadError is the network's or the link's, shown on the file; anything else is ours: told.
          if (!failure)
            this.logger.warn('saving a download failed', { task: taskId, file: ordinal, reason: message });
          const retryable = this.fresh.retryable(key, failure); // a fresh link's 404 too (link-freshness.ts)
          if (!retryable || attempt >= maxAttempts) {
            // A refused link past its expiry is an expired link, whatever the status says.
            if (this.links.expired(row) || (failure?.httpStatus && this.links.endingSoon(row))) {
              this.expire(taskId, ordinal, message);
              return;
            }
            const refusal = this.links.refused(key, row, task, failure?.httpStatus ?? null);
            if (refusal?.renew) return this.expire(taskId, ordinal, refusal.message, 'refused');
            const retryAt = retryable ? backgroundRetryAt(row, attempt, clock.now(), this.options) : null;
            this.mark(taskId, ordinal, 'failed', {
              error: refusal?.message ?? message,
              failure: failure ? MISSING_REASON_OF[failure.reason] : 'network',
              retry_at: retryAt,
            });
            if (retryAt !== null) this.armRetry(taskId, ordinal, retryAt);
            return;
          }
          const base = this.options.backoffMs ?? 1_000;
          const delay = Math.min(this.options.maxBackoffMs ?? 60_000, base * 2 ** (attempt - 1));
          // Kept on the pending row, so whoever waits (the CLI's progress, the app) can say why it waits.
          this.mark(taskId, ordinal, 'pending', {
            error: `${message}; trying again in ${Math.round(delay / 1000)} s (attempt ${attempt + 1} of ${maxAttempts})`,
          });
          await clock.sleep(delay, controller.signal).catch(() => undefined);
        }
      }
    } finally {
      this.active.delete(key);
      this.leases.release(taskId, ordinal);
    }
  }

  /** One file into the library (save-download.ts), counted as a fetch in flight until the sink has it. */
  private async fetchAndSave(task: TaskRecord, row: FileRow, signal: AbortSignal): Promise<FetchedFile> {
    this.fetching.enter();
    try {
      return await saveDownload(
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
    } finally {
      // Left in a finally: two hand-written leaves once counted a fetch twice.
      this.fetching.leave();
    }
  }

  /**
   * No room on the disk is no fault of the file's: it stays pending with the reason (its attempts not counted,
   * its link's expiry still watched by the loop) and is tried again after a while, so it resumes once there is
   * room, in this run or, pending, in the next.
   */
  private async waitForRoom(
    taskId: string,
    ordinal: number,
    attempts: number,
    why: string,
    signal: AbortSignal,
  ) {
    const waitMs = this.options.spaceCheckMs ?? 30_000;
    const error = `${why}; waiting for disk space, checking again in ${Math.round(waitMs / 1000)} s`;
    try {
      this.mark(taskId, ordinal, 'pending', { attempts, error });
    } catch (again) {
      // A database too full to say so: the wait goes on all the same.
      if (!isDiskFull(again)) throw again;
    }
    await this.options.clock.sleep(waitMs, signal).catch(() => undefined);
  }

  /** The link ended (or was refused early: 'refused'); the engine asks the gateway for a fresh one. */
  private expire(taskId: string, ordinal: number, message: string, failure = 'expired'): void {
    // The engine's fresh poll is under way before the row says expired, so no one waiting takes it as settled.
    this.options.onLinkExpired?.(taskId);
    this.mark(taskId, ordinal, 'expired', { error: message, failure, retry_at: null });
  }
}
