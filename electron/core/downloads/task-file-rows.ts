// The task_files table, owned here: one row per result file of a completed task (its link, its state, what
// was saved), and every read and write of it. The download manager decides what to fetch and when; this says
// what each file is and counts them for the task list.
import { z } from 'zod';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { DownloadProgress, MissingFile, MissingFileReason } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db/database';

export type FileDownloadState = 'pending' | 'done' | 'skipped' | 'failed' | 'expired';

export const fileRowSchema = z.object({
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

export type FileRow = z.infer<typeof fileRowSchema>;

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

export function toResultFile(row: FileRow): ResultFile {
  return {
    kind: row.kind,
    url: row.url,
    expiresAt: row.expires_at,
    index: row.file_index,
    title: row.title,
    durationSeconds: row.duration_seconds,
  };
}

/** The saved URLs the library still holds, of these (the library answers for its own tables). */
export type FiledUrls = (remoteUrls: readonly string[]) => ReadonlySet<string>;

export class TaskFileRows {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly filedUrls: FiledUrls | undefined,
  ) {}

  /** Records a completed task's files, once (a repeat changes nothing). */
  record(taskId: string, files: readonly ResultFile[]): void {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO task_files (task_id, ordinal, kind, url, expires_at, file_index, title,
         duration_seconds, state, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
    );
    const now = this.clock.now();
    files.forEach((f, ordinal) => {
      insert.run(taskId, ordinal, f.kind, f.url, f.expiresAt, f.index, f.title, f.durationSeconds, now);
    });
  }

  /** The ordinals of a task's files still to fetch. */
  pendingOrdinals(taskId: string): number[] {
    return this.db
      .prepare("SELECT ordinal FROM task_files WHERE task_id = ? AND state = 'pending' ORDER BY ordinal")
      .all(taskId)
      .map((row) => Number(row.ordinal));
  }

  /** Every file still to fetch, of every task (a start resumes them). */
  allPending(): FileRow[] {
    return this.db
      .prepare("SELECT * FROM task_files WHERE state = 'pending' ORDER BY task_id, ordinal")
      .all()
      .map((row) => fileRowSchema.parse(row));
  }

  /** Tasks with a file still to come: one pending, or an expired link not yet given up as lost. */
  tasksWithFilesToCome(): string[] {
    return this.db
      .prepare(
        `SELECT DISTINCT task_id FROM task_files
         WHERE state = 'pending' OR (state = 'expired' AND failure IS NOT 'lost')`,
      )
      .all()
      .map((row) => String(row.task_id));
  }

  /** Failed files waiting for a background retry, and when. */
  waitingRetries(): { taskId: string; ordinal: number; retryAt: number }[] {
    return this.db
      .prepare(
        "SELECT task_id, ordinal, retry_at FROM task_files WHERE state = 'failed' AND retry_at IS NOT NULL",
      )
      .all()
      .map((row) => ({
        taskId: String(row.task_id),
        ordinal: Number(row.ordinal),
        retryAt: Number(row.retry_at),
      }));
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
    const tallies = this.db
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
    const settled = this.db
      .prepare(
        `SELECT * FROM task_files WHERE task_id IN ${ids} AND state IN ('failed', 'expired', 'done', 'skipped')
         ORDER BY task_id, ordinal`,
      )
      .all(...taskIds)
      .map((row) => fileRowSchema.parse(row));
    const saved = settled.filter((row) => row.state === 'done' || row.state === 'skipped');
    // A saved file whose URL the library no longer holds (an item, or a music track's cover) was deleted by the
    // user, so its task never claims a file it no longer has. The library answers for its own tables.
    const filed = this.filedUrls?.(saved.map((row) => row.url)) ?? null;
    for (const row of settled) {
      const progress = result.get(row.task_id);
      if (!progress) continue;
      if (row.state === 'failed' || row.state === 'expired') progress.missing.push(missingFile(row));
      else if (filed && !filed.has(row.url)) progress.deleted += 1;
    }
    return result;
  }

  files(taskId: string): TaskFileStatus[] {
    return this.db
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

  /** Failed files of a task go back to pending, their tries forgotten. */
  resetFailed(taskId: string): void {
    this.db
      .prepare(
        `UPDATE task_files SET state = 'pending', attempts = 0, error = NULL, failure = NULL, retry_at = NULL
         WHERE task_id = ? AND state = 'failed'`,
      )
      .run(taskId);
  }

  /** True when a file of the task is missing because its link expired or was lost. */
  hasExpired(taskId: string): boolean {
    return (
      this.db.prepare("SELECT 1 FROM task_files WHERE task_id = ? AND state = 'expired'").get(taskId) !==
      undefined
    );
  }

  /** A task's failed and expired files. */
  missing(taskId: string): FileRow[] {
    return this.db
      .prepare(
        "SELECT * FROM task_files WHERE task_id = ? AND state IN ('failed', 'expired') ORDER BY ordinal",
      )
      .all(taskId)
      .map((row) => fileRowSchema.parse(row));
  }

  /** A renewed link: the file is pending again under it, its tries forgotten. */
  renewLink(taskId: string, ordinal: number, fresh: ResultFile): void {
    this.db
      .prepare(
        `UPDATE task_files SET url = ?, expires_at = ?, state = 'pending', attempts = 0, error = NULL,
           failure = NULL, retry_at = NULL, updated_at = ? WHERE task_id = ? AND ordinal = ?`,
      )
      .run(fresh.url, fresh.expiresAt, this.clock.now(), taskId, ordinal);
  }

  /** One file's row, or null. */
  read(taskId: string, ordinal: number): FileRow | null {
    const row = this.db
      .prepare('SELECT * FROM task_files WHERE task_id = ? AND ordinal = ?')
      .get(taskId, ordinal);
    return row ? fileRowSchema.parse(row) : null;
  }

  /** Writes a file's new state (and the columns in `fields`); a state that is not missing clears the reason. */
  mark(
    taskId: string,
    ordinal: number,
    state: FileDownloadState,
    fields: Record<string, unknown> = {},
  ): void {
    const columns = ['state = ?', 'updated_at = ?'];
    const values: (string | number | null)[] = [state, this.clock.now()];
    // Only a missing file has a reason; any other state clears it.
    if (state !== 'failed' && state !== 'expired' && !('failure' in fields)) columns.push('failure = NULL');
    for (const [column, value] of Object.entries(fields)) {
      columns.push(`${column} = ?`);
      values.push(typeof value === 'number' || typeof value === 'string' ? value : null);
    }
    this.db
      .prepare(`UPDATE task_files SET ${columns.join(', ')} WHERE task_id = ? AND ordinal = ?`)
      .run(...values, taskId, ordinal);
  }
}

export function emptyProgress(): DownloadProgress {
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

/** The library moved to another folder: every saved file's path as `rebase` says (null: not in the library). */
export function rebaseTaskFilePaths(db: DatabaseSync, rebase: (path: string) => string | null): void {
  const rows = db.prepare('SELECT task_id, ordinal, path FROM task_files WHERE path IS NOT NULL').all() as {
    task_id: string;
    ordinal: number;
    path: string;
  }[];
  const write = db.prepare('UPDATE task_files SET path = ? WHERE task_id = ? AND ordinal = ?');
  for (const row of rows) {
    const next = rebase(row.path);
    if (next !== null) write.run(next, row.task_id, row.ordinal);
  }
}
