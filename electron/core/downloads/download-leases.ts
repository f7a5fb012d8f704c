// Which process fetches a file. Several processes may share one database and library (the CLI beside the app,
// two CLIs on one STUDIO_DATA_DIR), and each starts every pending file it finds: without a lease both fetched
// the same file at once, and a waiting process only took a file over by racing its neighbour for it. A row's
// lease names the process fetching it (its pid) and when it last showed signs of life; a neighbour leaves the
// file alone while that process runs and its job looks again every LEASE_CHECK_MS (a "later" of the download
// job), so a neighbour killed mid-download (kill -9 leaves no word) has its file taken over within seconds. The
// lease is the file's (its .part is named by the pid); the job's own claim (core/jobs) says who runs the job.
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db/database';
import { PART_LEASE_MS } from './part-files';
import { processAlive } from '../process-alive';

/** How often a file held by a live neighbour is looked at again. */
export const LEASE_CHECK_MS = 2_000;
/** How often a download in progress says it is still alive (a write per file at most this often). */
const TOUCH_EVERY_MS = 60_000;

export class DownloadLeases {
  readonly #touched = new Map<string, number>();

  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Pick<Clock, 'now'>,
    /** A file was found held by a neighbour and its row says so: whoever waits on the task is told. */
    private readonly told: (taskId: string) => void,
    private readonly pid = process.pid,
    private readonly alive: (pid: number) => boolean = processAlive,
  ) {}

  /**
   * Takes the file for this process, unless a live neighbour holds it (a lease silent for PART_LEASE_MS is
   * stale whoever names it: its pid may have been reused). Held elsewhere: false, and the row says by whom.
   */
  claim(taskId: string, ordinal: number): boolean {
    const key = `${taskId}:${ordinal}`;
    const now = this.clock.now();
    const row = this.db
      .prepare('SELECT lease_pid, lease_at FROM task_files WHERE task_id = ? AND ordinal = ?')
      .get(taskId, ordinal) as { lease_pid: number | null; lease_at: number | null } | undefined;
    const holder = row?.lease_pid ?? null;
    const heldElsewhere =
      holder !== null &&
      holder !== this.pid &&
      now - (row?.lease_at ?? 0) < PART_LEASE_MS &&
      this.alive(holder);
    if (heldElsewhere) {
      this.noteHeld(taskId, ordinal, holder);
      return false;
    }
    // The same check in the statement: of two processes taking a dead neighbour's file at once, one wins.
    const taken = this.db
      .prepare(
        `UPDATE task_files SET lease_pid = ?, lease_at = ? WHERE task_id = ? AND ordinal = ?
         AND (lease_pid IS NULL OR lease_pid = ? OR lease_pid = ?)`,
      )
      .run(this.pid, now, taskId, ordinal, this.pid, holder ?? this.pid);
    this.#touched.set(key, now);
    return Number(taken.changes) > 0;
  }

  /** Why this process waits, on the pending row (as a retry's note is), unless the holder wrote one. */
  noteHeld(taskId: string, ordinal: number, holder: number | null): void {
    const noted = this.db
      .prepare(
        'UPDATE task_files SET error = ? WHERE task_id = ? AND ordinal = ? AND error IS NULL AND state = ?',
      )
      .run(
        `another process (${holder ?? 'unknown'}) is downloading it; taken over should that process stop`,
        taskId,
        ordinal,
        'pending',
      );
    if (Number(noted.changes) > 0) this.told(taskId);
  }

  /** The process holding the file's lease, when it is a live neighbour's. */
  holder(taskId: string, ordinal: number): number | null {
    const row = this.db
      .prepare('SELECT lease_pid, lease_at FROM task_files WHERE task_id = ? AND ordinal = ?')
      .get(taskId, ordinal) as { lease_pid: number | null; lease_at: number | null } | undefined;
    const holder = row?.lease_pid ?? null;
    const live =
      holder !== null &&
      holder !== this.pid &&
      this.clock.now() - (row?.lease_at ?? 0) < PART_LEASE_MS &&
      this.alive(holder);
    return live ? holder : null;
  }

  /** A download in progress is alive: its lease is refreshed (at most once a minute). */
  touch(taskId: string, ordinal: number): void {
    const key = `${taskId}:${ordinal}`;
    const now = this.clock.now();
    if (now - (this.#touched.get(key) ?? 0) < TOUCH_EVERY_MS) return;
    this.#touched.set(key, now);
    this.db
      .prepare('UPDATE task_files SET lease_at = ? WHERE task_id = ? AND ordinal = ? AND lease_pid = ?')
      .run(now, taskId, ordinal, this.pid);
  }

  /** This process lets go of the file (it ended, either way, or the manager closes). */
  release(taskId: string, ordinal: number): void {
    this.#touched.delete(`${taskId}:${ordinal}`);
    this.db
      .prepare('UPDATE task_files SET lease_pid = NULL WHERE task_id = ? AND ordinal = ? AND lease_pid = ?')
      .run(taskId, ordinal, this.pid);
  }

  /** Lets go of every file this process held. */
  close(): void {
    if (!this.db.isOpen) return;
    this.db.prepare('UPDATE task_files SET lease_pid = NULL WHERE lease_pid = ?').run(this.pid);
  }
}
