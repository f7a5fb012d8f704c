// Fetches every result file of completed tasks into the library folder, a few at a time, retrying with
// backoff on the injected clock. A file that keeps failing is reported (the task settles, with the reason)
// but tried again in the background for as long as its link is valid; a link past its expires_at is handed
// to the engine, which asks the gateway for the task again in case it offers a fresh one.
import { BusyGauge } from '../busy-gauge';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import PQueue from 'p-queue';
import { z } from 'zod';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type {
  DownloadProgress,
  MissingFile,
  MissingFileReason,
  StudioEvent,
  TaskRecord,
} from '../../../shared/studio/records';
import type { Clock, TimerHandle } from '../clock';
import type { DatabaseSync } from '../db/database';
import { describeThrown, silentLogger } from '../log';
import type { Logger } from '../log';
import { DownloadError, fetchToFile } from './fetch-to-file';
import { PART_SUFFIX, partIsStale } from './part-files';
import { readableBaseName } from './readable-name';
import type { DownloadFailure } from './download-error';
import { gatewayIsLocal } from './local-addresses';
import type { LibrarySink } from './library-sink';

/** A file saved into the library: where, how big, its hash and its type. */
interface FetchedFile {
  path: string;
  size: number;
  sha256: string;
  mime: string;
}

export type FileDownloadState = 'pending' | 'done' | 'skipped' | 'failed' | 'expired';

export interface DownloadManagerOptions {
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
  /** Quick tries in a row before the file is reported failed (and retried in the background). */
  maxAttempts?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The longest wait between background retries of a failed file. Default 30 min. */
  maxBackgroundBackoffMs?: number;
  /** Background retries of a file whose link has no expires_at stop after this many tries. Default 25. */
  maxBackgroundAttempts?: number;
  idleTimeoutMs?: number;
  progressEveryBytes?: number;
  /** Told failures that are not the network's (a sink that cannot save, a bug); the file shows them too. */
  logger?: Logger;
  /**
   * The gateway in use (its base URL), read for each file: results on a local or private address are fetched
   * only when the gateway itself is on one (local-addresses.ts). Unknown: such results are refused.
   */
  gatewayUrl?: () => string | null;
}

const fileRowSchema = z.object({
  task_id: z.string(),
  ordinal: z.number(),
  kind: z.enum(['image', 'video', 'audio']),
  url: z.string(),
  expires_at: z.number().nullable(),
  file_index: z.number(),
  title: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  state: z.enum(['pending', 'done', 'skipped', 'failed', 'expired']),
  attempts: z.number(),
  failure: z.enum(['expired', 'refused', 'network', 'invalid', 'lost']).nullable(),
  retry_at: z.number().nullable(),
  error: z.string().nullable(),
});

type FileRow = z.infer<typeof fileRowSchema>;

export interface TaskFileStatus {
  ordinal: number;
  url: string;
  state: FileDownloadState;
  /** Why a failed or expired file is missing. */
  failure: MissingFileReason | null;
  path: string | null;
  sha256: string | null;
  mime: string | null;
  size: number | null;
  error: string | null;
}

function toResultFile(row: FileRow): ResultFile {
  return {
    kind: row.kind,
    url: row.url,
    expiresAt: row.expires_at,
    index: row.file_index,
    title: row.title,
    durationSeconds: row.duration_seconds,
  };
}

const FAILURE_BY_REASON: Record<DownloadFailure, MissingFileReason> = {
  http_status: 'refused',
  unsafe_url: 'refused',
  too_many_redirects: 'refused',
  size_mismatch: 'network',
  protocol: 'network',
  network: 'network',
  too_slow: 'network',
  too_large: 'invalid',
  unknown_type: 'invalid',
  type_mismatch: 'invalid',
};

/** YYYY-MM-DD of a timestamp in the machine's time zone: the folder a user expects to find a day's work in. */
export function dayFolder(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
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

  constructor(private readonly options: DownloadManagerOptions) {
    this.logger = options.logger ?? silentLogger;
    this.queue = new PQueue({ concurrency: options.concurrency ?? 3 });
    this.libraryDir = resolve(options.libraryDir);
  }

  /**
   * Deletes .part files a crash left behind (never one a live process sharing the library is writing) and
   * queues every file still pending.
   */
  async start(): Promise<void> {
    await this.removeStaleParts();
    const rows = this.options.db
      .prepare("SELECT * FROM task_files WHERE state = 'pending' ORDER BY task_id, ordinal")
      .all()
      .map((row) => fileRowSchema.parse(row));
    for (const row of rows) this.schedule(row.task_id, row.ordinal);
    const waiting = this.options.db
      .prepare(
        "SELECT task_id, ordinal, retry_at FROM task_files WHERE state = 'failed' AND retry_at IS NOT NULL",
      )
      .all();
    for (const row of waiting) this.armRetry(String(row.task_id), Number(row.ordinal), Number(row.retry_at));
  }

  /** Records a completed task's files (once) and queues those not yet fetched. */
  enqueue(taskId: string, files: readonly ResultFile[]): void {
    const insert = this.options.db.prepare(
      `INSERT OR IGNORE INTO task_files (task_id, ordinal, kind, url, expires_at, file_index, title,
         duration_seconds, state, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
    );
    const now = this.options.clock.now();
    files.forEach((f, ordinal) => {
      insert.run(taskId, ordinal, f.kind, f.url, f.expiresAt, f.index, f.title, f.durationSeconds, now);
    });
    const pending = this.options.db
      .prepare("SELECT ordinal FROM task_files WHERE task_id = ? AND state = 'pending' ORDER BY ordinal")
      .all(taskId);
    for (const row of pending) this.schedule(taskId, Number(row.ordinal));
    this.options.onFilesChanged(taskId);
  }

  counts(taskId: string): DownloadProgress {
    return this.countsFor([taskId]).get(taskId) ?? emptyProgress();
  }

  /**
   * The download counts of many tasks (a page of the task list) in two statements, whatever their number: one
   * GROUP BY for the tallies and one read of the files that are missing. A task with no files has no entry.
   */
  countsFor(taskIds: readonly string[]): Map<string, DownloadProgress> {
    const result = new Map<string, DownloadProgress>();
    if (taskIds.length === 0) return result;
    const ids = `(${taskIds.map(() => '?').join(', ')})`;
    const tallies = this.options.db
      .prepare(
        `SELECT task_id, COUNT(*) AS total, SUM(state IN ('done', 'skipped')) AS done,
           SUM(state = 'failed') AS failed, SUM(state = 'expired') AS expired,
           MIN(CASE WHEN state IN ('pending', 'failed') THEN expires_at END) AS link_expires_at
         FROM task_files f WHERE task_id IN ${ids} GROUP BY task_id`,
      )
      .all(...taskIds);
    for (const row of tallies) {
      result.set(String(row.task_id), {
        total: Number(row.total),
        done: Number(row.done),
        failed: Number(row.failed),
        expired: Number(row.expired),
        missing: [],
        deleted: 0,
        // The gateway's expires_at is in seconds ([TASK-10]); records speak milliseconds.
        linkExpiresAt: row.link_expires_at === null ? null : Number(row.link_expires_at) * 1000,
      });
    }
    const settled = this.options.db
      .prepare(
        `SELECT * FROM task_files WHERE task_id IN ${ids} AND state IN ('failed', 'expired', 'done', 'skipped')
         ORDER BY task_id, ordinal`,
      )
      .all(...taskIds)
      .map((row) => fileRowSchema.parse(row));
    const saved = settled.filter((row) => row.state === 'done' || row.state === 'skipped');
    // A saved file whose URL the library no longer holds (an item, or a music track's cover) was deleted by the
    // user, so its task never claims a file it no longer has. The library answers for its own tables.
    const filed = this.options.sink.filedUrls?.(saved.map((row) => row.url)) ?? null;
    for (const row of settled) {
      const progress = result.get(row.task_id);
      if (!progress) continue;
      if (row.state === 'failed' || row.state === 'expired') progress.missing.push(missingFile(row));
      else if (filed && !filed.has(row.url)) progress.deleted += 1;
    }
    return result;
  }

  files(taskId: string): TaskFileStatus[] {
    return this.options.db
      .prepare('SELECT * FROM task_files WHERE task_id = ? ORDER BY ordinal')
      .all(taskId)
      .map((row) => ({
        ordinal: Number(row.ordinal),
        url: String(row.url),
        state: fileRowSchema.shape.state.parse(row.state),
        failure: fileRowSchema.shape.failure.parse(row.failure),
        path: row.path === null ? null : String(row.path),
        sha256: row.sha256 === null ? null : String(row.sha256),
        mime: row.mime === null ? null : String(row.mime),
        size: row.size === null ? null : Number(row.size),
        error: row.error === null ? null : String(row.error),
      }));
  }

  /** Failed files of a task go back to pending and are fetched at once (expired ones wait for renew()). */
  retry(taskId: string): void {
    this.cancelRetries(taskId);
    this.options.db
      .prepare(
        `UPDATE task_files SET state = 'pending', attempts = 0, error = NULL, failure = NULL, retry_at = NULL
         WHERE task_id = ? AND state = 'failed'`,
      )
      .run(taskId);
    this.enqueue(taskId, []);
  }

  /** True when a file of the task is missing because its link expired or was lost (renew() may bring it back). */
  hasExpired(taskId: string): boolean {
    return (
      this.options.db
        .prepare("SELECT 1 FROM task_files WHERE task_id = ? AND state = 'expired'")
        .get(taskId) !== undefined
    );
  }

  /**
   * The files of a fresh status poll: an expired (or failed) file whose link the gateway renewed (another URL
   * or a later expires_at) is fetched again; an expired one it did not renew is lost for good.
   */
  renew(taskId: string, files: readonly ResultFile[]): void {
    const now = this.options.clock.now();
    const rows = this.options.db
      .prepare(
        "SELECT * FROM task_files WHERE task_id = ? AND state IN ('failed', 'expired') ORDER BY ordinal",
      )
      .all(taskId)
      .map((row) => fileRowSchema.parse(row));
    for (const row of rows) {
      const fresh = files[row.ordinal];
      const renewed =
        fresh !== undefined &&
        (fresh.url !== row.url || (fresh.expiresAt ?? Infinity) > (row.expires_at ?? Infinity)) &&
        (fresh.expiresAt === null || now < fresh.expiresAt * 1000);
      if (renewed) {
        this.options.db
          .prepare(
            `UPDATE task_files SET url = ?, expires_at = ?, state = 'pending', attempts = 0, error = NULL,
               failure = NULL, retry_at = NULL, updated_at = ? WHERE task_id = ? AND ordinal = ?`,
          )
          .run(fresh.url, fresh.expiresAt, now, taskId, row.ordinal);
      } else if (row.state === 'expired') {
        this.mark(taskId, row.ordinal, 'expired', {
          failure: 'lost',
          error:
            'the gateway no longer offers this file: its link expired and a fresh status poll gave no new one',
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
  }

  private schedule(taskId: string, ordinal: number): void {
    const key = `${taskId}:${ordinal}`;
    if (this.closed || this.queued.has(key)) return;
    this.queued.add(key);
    void this.queue
      .add(async () => {
        try {
          await this.run(taskId, ordinal, key);
        } finally {
          this.queued.delete(key);
        }
      })
      .catch((thrown: unknown) => this.runFailed(taskId, ordinal, thrown));
  }

  /**
   * run() threw outside a fetch (the sink, the database): once the file then sat 'pending' forever with nobody
   * told. Now the failure is logged and the file is marked failed with its reason, so the task says so.
   */
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
      const row = this.readRow(taskId, ordinal);
      if (row?.state !== 'failed') return;
      this.mark(taskId, ordinal, 'pending', { retry_at: null });
      this.schedule(taskId, ordinal);
    });
    this.retryTimers.set(key, timer);
  }

  /**
   * When a file that failed `attempt` times is tried again by itself, or null: never past its link's expiry
   * (the try at expiry marks it expired, which asks for a fresh link), and not for ever without one.
   */
  private backgroundRetryAt(row: FileRow, attempt: number): number | null {
    const quick = this.options.maxAttempts ?? 5;
    if (row.expires_at === null && attempt >= quick + (this.options.maxBackgroundAttempts ?? 25)) return null;
    const base = this.options.maxBackoffMs ?? 60_000;
    const step = Math.min(
      this.options.maxBackgroundBackoffMs ?? 1_800_000,
      base * 2 ** Math.min(20, attempt - quick),
    );
    const at = this.options.clock.now() + step;
    return row.expires_at === null ? at : Math.min(at, row.expires_at * 1000);
  }

  private readRow(taskId: string, ordinal: number): FileRow | null {
    const row = this.options.db
      .prepare('SELECT * FROM task_files WHERE task_id = ? AND ordinal = ?')
      .get(taskId, ordinal);
    return row ? fileRowSchema.parse(row) : null;
  }

  private mark(
    taskId: string,
    ordinal: number,
    state: FileDownloadState,
    fields: Record<string, unknown> = {},
  ): void {
    const columns = ['state = ?', 'updated_at = ?'];
    const values: (string | number | null)[] = [state, this.options.clock.now()];
    // Only a missing file has a reason; any other state clears it.
    if (state !== 'failed' && state !== 'expired' && !('failure' in fields)) columns.push('failure = NULL');
    for (const [column, value] of Object.entries(fields)) {
      columns.push(`${column} = ?`);
      values.push(typeof value === 'number' || typeof value === 'string' ? value : null);
    }
    this.options.db
      .prepare(`UPDATE task_files SET ${columns.join(', ')} WHERE task_id = ? AND ordinal = ?`)
      .run(...values, taskId, ordinal);
    this.options.onFilesChanged(taskId);
  }

  private isExpired(row: FileRow): boolean {
    return row.expires_at !== null && this.options.clock.now() >= row.expires_at * 1000;
  }

  private async run(taskId: string, ordinal: number, key: string): Promise<void> {
    const { clock, sink } = this.options;
    const maxAttempts = this.options.maxAttempts ?? 5;
    const controller = new AbortController();
    this.active.set(key, controller);
    try {
      for (;;) {
        const row = this.readRow(taskId, ordinal);
        const task = this.options.getTask(taskId);
        if (!row || row.state !== 'pending' || !task || this.closed || controller.signal.aborted) return;
        if (await sink.has(row.url)) {
          this.mark(taskId, ordinal, 'skipped');
          return;
        }
        if (this.isExpired(row)) {
          this.expire(taskId, ordinal, 'the link expired before it could be fetched');
          return;
        }
        const attempt = row.attempts + 1;
        this.mark(taskId, ordinal, 'pending', { attempts: attempt });
        try {
          const saved = await this.fetchAndSave(task, row, taskId, ordinal, controller.signal);
          this.mark(taskId, ordinal, 'done', { ...saved, error: null });
          return;
        } catch (error) {
          if (controller.signal.aborted || this.closed) return;
          const failure = error instanceof DownloadError ? error : null;
          const message = error instanceof Error ? error.message : String(error);
          // A DownloadError is the network's or the link's, shown on the file; anything else is ours: told.
          if (!failure)
            this.logger.warn('saving a download failed', { task: taskId, file: ordinal, reason: message });
          const retryable = failure ? failure.retryable : true;
          if (!retryable || attempt >= maxAttempts) {
            // A refused link past its expiry is an expired link, whatever the status says.
            if (this.isExpired(row) || (failure?.httpStatus && this.isExpiredSoon(row))) {
              this.expire(taskId, ordinal, message);
              return;
            }
            const retryAt = retryable ? this.backgroundRetryAt(row, attempt) : null;
            this.mark(taskId, ordinal, 'failed', {
              error: message,
              failure: failure ? FAILURE_BY_REASON[failure.reason] : 'network',
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
    }
  }

  /**
   * Streams one file into the library folder and hands it to the sink. Counted as a fetch in flight from its
   * first byte until the sink has it, whatever happens: the count is left in a finally, never by hand on each
   * path (two hand-written leaves once counted a fetch twice, and the clamp at zero hid it).
   */
  private async fetchAndSave(
    task: TaskRecord,
    row: FileRow,
    taskId: string,
    ordinal: number,
    signal: AbortSignal,
  ): Promise<FetchedFile> {
    this.fetching.enter();
    try {
      const dir = join(this.libraryDir, dayFolder(task.createdAt));
      const fetched = await fetchToFile({
        url: row.url,
        dir,
        baseName: `${taskId}-${ordinal}`,
        // The person's name for it: day, what was asked for, a short id (readable-name.ts).
        finalName: (idLength) =>
          readableBaseName(
            {
              day: dayFolder(task.createdAt),
              // A track is known by its title; everything else by what was asked for.
              prompt: row.title ?? (typeof task.params.prompt === 'string' ? task.params.prompt : null),
              fallback: row.kind === 'audio' && task.kind === 'music' ? 'track' : row.kind,
              seed: `${taskId}:${ordinal}`,
            },
            idLength,
          ),
        signal,
        refuseLocal: !(await gatewayIsLocal(this.options.gatewayUrl?.() ?? null)),
        idleTimeoutMs: this.options.idleTimeoutMs,
        progressEveryBytes: this.options.progressEveryBytes,
        onProgress: (receivedBytes, totalBytes) =>
          this.options.emit({ type: 'download', taskId, url: row.url, receivedBytes, totalBytes }),
      });
      if (!fetched.path.startsWith(this.libraryDir + sep)) throw new Error('path escaped the library');
      await this.options.sink.addFromDownload({
        task,
        file: toResultFile(row),
        path: fetched.path,
        size: fetched.size,
        sha256: fetched.sha256,
        mime: fetched.mime,
      });
      return { path: fetched.path, size: fetched.size, sha256: fetched.sha256, mime: fetched.mime };
    } finally {
      this.fetching.leave();
    }
  }

  private expire(taskId: string, ordinal: number, message: string): void {
    this.mark(taskId, ordinal, 'expired', { error: message, failure: 'expired', retry_at: null });
    this.options.onLinkExpired?.(taskId);
  }

  /** A 403/404/410 within a minute of expires_at is the link's end, not a fault worth reporting as one. */
  private isExpiredSoon(row: FileRow): boolean {
    return row.expires_at !== null && this.options.clock.now() >= row.expires_at * 1000 - 60_000;
  }

  private async removeStaleParts(): Promise<void> {
    let days: string[];
    try {
      days = await readdir(this.libraryDir);
    } catch {
      return;
    }
    for (const day of days) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
      const dir = join(this.libraryDir, day);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        if (!name.endsWith(PART_SUFFIX)) continue;
        const path = join(dir, name);
        // Another process sharing this library may be writing it right now: only a dead writer's goes.
        const modified = await stat(path).then(
          (s) => s.mtimeMs,
          () => null,
        );
        // Date.now(), not the injected clock: a file's mtime is the machine's wall time.
        if (modified !== null && partIsStale(name, modified, Date.now())) await rm(path, { force: true });
      }
    }
  }
}

function emptyProgress(): DownloadProgress {
  return { total: 0, done: 0, failed: 0, expired: 0, missing: [], deleted: 0 };
}

function missingFile(row: FileRow): MissingFile {
  return {
    ordinal: row.ordinal,
    kind: row.kind,
    reason: row.failure ?? (row.state === 'expired' ? 'expired' : 'network'),
    detail: row.error,
    retryAt: row.state === 'failed' ? row.retry_at : null,
  };
}
