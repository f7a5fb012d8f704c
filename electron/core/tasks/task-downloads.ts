// Links and downloads: a completed task's files are handed to the download manager; a link that expired before
// its file arrived is renewed by a fresh status poll (inside the request budget), and the files the gateway no
// longer offers are marked lost. Without download settings nothing is fetched and the files stay listed.
import type { JobRunner } from '../jobs';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { DownloadProgress, TaskRecord } from '../../../shared/studio/records';
import type { DatabaseSync } from '../db/database';
import { DownloadManager } from '../downloads/download-manager';
import type { TaskFileStatus } from '../downloads/download-manager';
import { describeThrown } from '../log';
import { requestOptions } from './engine-context';
import type { EngineContext } from './engine-context';
import type { DownloadSettings } from './engine-options';

export class TaskDownloads {
  readonly #manager: DownloadManager | null;
  /** Tasks whose links are being renewed by a fresh status poll: one renewal at a time per task. */
  readonly #renewing = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: EngineContext,
    db: DatabaseSync,
    settings: DownloadSettings | null,
    /** The engine's job runner (the studio's): each file is a `download` job of it. */
    jobs: JobRunner,
  ) {
    this.#manager = settings
      ? new DownloadManager({
          db,
          clock: ctx.clock,
          libraryDir: settings.libraryDir,
          sink: settings.sink,
          concurrency: settings.concurrency,
          maxAttempts: settings.maxAttempts,
          backoffMs: settings.backoffMs,
          idleTimeoutMs: settings.idleTimeoutMs,
          progressEveryBytes: settings.progressEveryBytes,
          spaceCheckMs: settings.spaceCheckMs,
          jobs,
          getTask: (id) => ctx.tasks.get(id),
          onFilesChanged: (id) => ctx.tasks.publish(id),
          onLinkExpired: (id) => void this.#renew(id).catch(() => undefined), // logged by #renew
          emit: (event) => ctx.events.emit(event),
          logger: ctx.logger,
          gatewayUrl: () => ctx.gateway.baseUrl ?? null,
          ...(settings.resultAddresses ? { resultAddresses: settings.resultAddresses } : {}),
          proxy: () => ctx.gateway.proxy ?? null,
        })
      : null;
  }

  /** Whether files are fetched at all (a run without download settings only lists them). */
  get enabled(): boolean {
    return this.#manager !== null;
  }

  /** Resumes the downloads the last run left pending. */
  async start(): Promise<void> {
    await this.#manager?.start();
  }

  /** The task completed: its files are fetched into the library. */
  enqueue(taskId: string, files: readonly ResultFile[]): void {
    this.#manager?.enqueue(taskId, files);
  }

  cancel(taskId: string): void {
    this.#manager?.cancel(taskId);
  }

  countsFor(taskIds: readonly string[]): ReadonlyMap<string, DownloadProgress> {
    return this.#manager?.countsFor(taskIds) ?? new Map();
  }

  /** Tasks with a file still to come; none where this engine fetches nothing. */
  tasksWithFilesToCome(): string[] {
    return this.#manager?.tasksWithFilesToCome() ?? [];
  }

  files(taskId: string): TaskFileStatus[] {
    return this.#manager?.files(taskId) ?? [];
  }

  /**
   * "Try again" on a task whose files did not all arrive: expired links are renewed by a fresh status poll
   * first (a file the gateway no longer offers is then said to be lost), then every failed file is fetched.
   */
  async retry(task: TaskRecord, signal?: AbortSignal): Promise<void> {
    const manager = this.#manager;
    if (!manager || task.state !== 'completed') return;
    // A poll that fails leaves expired files expired (not lost): the next Try again asks again.
    if (manager.hasExpired(task.id)) await this.#renew(task.id, signal).catch(() => undefined);
    manager.retry(task.id);
  }

  /** A completed task is settled once each of its files is downloaded, failed or expired. */
  allSettled(record: TaskRecord): boolean {
    if (!this.#manager) return true;
    // A fresh poll for its links is under way: an expired or refused file may yet arrive.
    if (this.#renewing.has(record.id)) return false;
    const d = record.downloads;
    const files = this.ctx.tasks.store.get(record.id)?.files ?? [];
    return d.total === files.length && d.done + d.failed + d.expired === d.total;
  }

  get activeFetches(): number {
    return this.#manager?.activeFetches ?? 0;
  }

  async fetchesDone(): Promise<void> {
    await this.#manager?.fetchesDone();
  }

  async idle(): Promise<void> {
    await this.#manager?.idle();
  }

  async close(): Promise<void> {
    await this.#manager?.close();
  }

  /**
   * A fresh status poll for a completed task whose links expired: renewed links are fetched again, files
   * the gateway no longer offers are marked lost. One at a time per task.
   */
  #renew(taskId: string, signal?: AbortSignal): Promise<void> {
    const current = this.#renewing.get(taskId);
    if (current) return current;
    const { ctx } = this;
    const work = (async () => {
      const task = ctx.tasks.store.get(taskId);
      const remoteId = task?.record.remoteId;
      if (!task || !remoteId || !this.#manager) return;
      await ctx.budget.take(ctx.lifetime.signalWith(signal));
      ctx.stats.polls++;
      const snapshot = await ctx.gateway.getTask(remoteId, task.record.endpoint, {
        ...requestOptions(ctx, signal),
        ...ctx.keys.optionsFor(task.record.id),
      });
      if (snapshot.status !== 'completed') return;
      ctx.tasks.store.update(taskId, { files: snapshot.files, updatedAt: ctx.clock.now() });
      this.#manager.renew(taskId, snapshot.files);
    })();
    this.#renewing.set(taskId, work);
    void ctx.lifetime.track(work, 'background');
    void work
      .catch((thrown: unknown) => {
        // The files stay expired (not lost): the user's Try again asks again.
        ctx.logger.warn('renewing expired download links failed', {
          task: taskId,
          reason: describeThrown(thrown),
        });
      })
      .finally(() => {
        this.#renewing.delete(taskId);
        // Whoever waits on the task looks again: it may be settled now, whatever the poll gave.
        ctx.tasks.publish(taskId);
      });
    return work;
  }
}
