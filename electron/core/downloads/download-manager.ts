// Fetches every result file of completed tasks into the library folder, a few at a time, retrying with
// backoff on the injected clock, and giving up on links past their expires_at instead of retrying forever.
import { readdir, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import PQueue from 'p-queue';
import { z } from 'zod';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { DownloadProgress, StudioEvent, TaskRecord } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db/database';
import { DownloadError, fetchToFile, PART_SUFFIX } from './fetch-to-file';
import type { LibrarySink } from './library-sink';

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
  concurrency?: number;
  maxAttempts?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  idleTimeoutMs?: number;
  progressEveryBytes?: number;
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
});

type FileRow = z.infer<typeof fileRowSchema>;

export interface TaskFileStatus {
  ordinal: number;
  url: string;
  state: FileDownloadState;
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
  private closed = false;
  private fetching = 0;
  private readonly libraryDir: string;

  constructor(private readonly options: DownloadManagerOptions) {
    this.queue = new PQueue({ concurrency: options.concurrency ?? 3 });
    this.libraryDir = resolve(options.libraryDir);
  }

  /** Deletes .part files a crash left behind and queues every file still pending. */
  async start(): Promise<void> {
    await this.removeStaleParts();
    const rows = this.options.db
      .prepare("SELECT * FROM task_files WHERE state = 'pending' ORDER BY task_id, ordinal")
      .all()
      .map((row) => fileRowSchema.parse(row));
    for (const row of rows) this.schedule(row.task_id, row.ordinal);
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
    const rows = this.options.db
      .prepare('SELECT state, count(*) AS n FROM task_files WHERE task_id = ? GROUP BY state')
      .all(taskId);
    const progress: DownloadProgress = { total: 0, done: 0, failed: 0, expired: 0 };
    for (const row of rows) {
      const n = Number(row.n);
      progress.total += n;
      if (row.state === 'done' || row.state === 'skipped') progress.done += n;
      if (row.state === 'failed') progress.failed += n;
      if (row.state === 'expired') progress.expired += n;
    }
    return progress;
  }

  files(taskId: string): TaskFileStatus[] {
    return this.options.db
      .prepare('SELECT * FROM task_files WHERE task_id = ? ORDER BY ordinal')
      .all(taskId)
      .map((row) => ({
        ordinal: Number(row.ordinal),
        url: String(row.url),
        state: fileRowSchema.shape.state.parse(row.state),
        path: row.path === null ? null : String(row.path),
        sha256: row.sha256 === null ? null : String(row.sha256),
        mime: row.mime === null ? null : String(row.mime),
        size: row.size === null ? null : Number(row.size),
        error: row.error === null ? null : String(row.error),
      }));
  }

  /** Failed files of a task go back to pending and are fetched again (expired ones stay expired). */
  retry(taskId: string): void {
    this.options.db
      .prepare(
        "UPDATE task_files SET state = 'pending', attempts = 0, error = NULL WHERE task_id = ? AND state = 'failed'",
      )
      .run(taskId);
    this.enqueue(taskId, []);
  }

  /** Stops the task's downloads in flight; their rows stay pending for a later start. */
  cancel(taskId: string): void {
    for (const [key, controller] of this.active) {
      if (key.startsWith(`${taskId}:`)) controller.abort(new Error('download cancelled'));
    }
  }

  /** Files being fetched or handed to the library right now (not those waiting out a backoff). */
  get activeFetches(): number {
    return this.fetching;
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    await this.queue.onIdle();
  }

  async close(): Promise<void> {
    this.closed = true;
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
      .catch(() => undefined);
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
          this.mark(taskId, ordinal, 'expired', { error: 'the link expired before it could be fetched' });
          return;
        }
        const attempt = row.attempts + 1;
        this.mark(taskId, ordinal, 'pending', { attempts: attempt });
        this.fetching++;
        try {
          const dir = join(this.libraryDir, dayFolder(task.createdAt));
          const fetched = await fetchToFile({
            url: row.url,
            dir,
            baseName: `${taskId}-${ordinal}`,
            signal: controller.signal,
            idleTimeoutMs: this.options.idleTimeoutMs,
            progressEveryBytes: this.options.progressEveryBytes,
            onProgress: (receivedBytes, totalBytes) =>
              this.options.emit({ type: 'download', taskId, url: row.url, receivedBytes, totalBytes }),
          });
          if (!fetched.path.startsWith(this.libraryDir + sep)) throw new Error('path escaped the library');
          await sink.addFromDownload({
            task,
            file: toResultFile(row),
            path: fetched.path,
            size: fetched.size,
            sha256: fetched.sha256,
            mime: fetched.mime,
          });
          this.fetching--;
          this.mark(taskId, ordinal, 'done', {
            path: fetched.path,
            size: fetched.size,
            sha256: fetched.sha256,
            mime: fetched.mime,
            error: null,
          });
          return;
        } catch (error) {
          this.fetching--;
          if (controller.signal.aborted || this.closed) return;
          const failure = error instanceof DownloadError ? error : null;
          const message = error instanceof Error ? error.message : String(error);
          const retryable = failure ? failure.retryable : true;
          if (!retryable || attempt >= maxAttempts) {
            // A refused link past its expiry is an expired link, whatever the status says.
            const state =
              this.isExpired(row) || (failure?.httpStatus && this.isExpiredSoon(row)) ? 'expired' : 'failed';
            this.mark(taskId, ordinal, state, { error: message });
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
        if (name.endsWith(PART_SUFFIX)) await rm(join(dir, name), { force: true });
      }
    }
  }
}
