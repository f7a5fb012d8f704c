// One try at one result file, as the `download` job runs it (download-manager.ts registers the kind). The job
// mechanism (core/jobs) owns everything every kind shares: the row written before the fetch, the tries and the
// waits between them (the job policy of core/retry.ts, on the injected clock), recovery after a crash, the
// teardown. What is the downloads' own is here: the file's row (task_files) and what it says, the link's expiry
// and refusals, the lease a neighbour process reads, a full disk, and the background retries of a file that kept
// failing (a "later" of the job, at the time retry-timing.ts gives, so the job policy's tries are not spent
// while a file host is down for hours).
import { z } from 'zod';
import type { TaskRecord } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import { isDiskFull } from '../db/disk-space';
import type { JobContext, JobLater } from '../jobs';
import type { Logger } from '../log';
import type { RetryPolicy } from '../retry';
import { DownloadError, MISSING_REASON_OF } from './download-error';
import type { DownloadLeases } from './download-leases';
import { LEASE_CHECK_MS } from './download-leases';
import type { FreshLinks } from './link-freshness';
import type { LinkVerdicts } from './link-verdicts';
import { backgroundRetryAt, type RetryTiming } from './retry-timing';
import type { FileDownloadState, FileRow, TaskFileRows } from './task-file-rows';

/** The job kind of one result file. */
export const DOWNLOAD_JOB = 'download';

/** What one file's job names: the file's row (read back from the jobs table: bounded). */
export const downloadJobSchema = z.object({
  taskId: z.string().min(1).max(200),
  ordinal: z.number().int().min(0).max(10_000),
});
export type DownloadJob = z.infer<typeof downloadJobSchema>;

/** A try that failed for a passing reason: the job mechanism tries again after the policy's wait. */
export class DownloadRetry extends Error {
  override readonly name = 'DownloadRetry';
}

/** A file that will not be fetched (its row says why): the job ends failed with the same sentence. */
export class DownloadGivenUp extends Error {
  override readonly name = 'DownloadGivenUp';
}

export interface AttemptDeps {
  clock: Pick<Clock, 'now'>;
  rows: TaskFileRows;
  leases: DownloadLeases;
  fresh: FreshLinks;
  links: LinkVerdicts;
  logger: Logger;
  policy: RetryPolicy;
  timing: RetryTiming;
  spaceCheckMs: number;
  getTask: (taskId: string) => TaskRecord | null;
  has: (url: string) => Promise<boolean>;
  /**
   * Streams and files it (save-download.ts), in its turn among the files fetched at once, and marks its row done
   * while it is still counted as a fetch in flight (whoever waits for the fetches then finds it done).
   */
  fetch: (task: TaskRecord, row: FileRow, signal: AbortSignal) => Promise<void>;
  /** Writes a file's new state and tells the engine. */
  mark: (taskId: string, ordinal: number, state: FileDownloadState, fields?: Record<string, unknown>) => void;
  /** The link ended (or was refused early: 'refused'); the engine asks the gateway for a fresh one. */
  expire: (taskId: string, ordinal: number, message: string, failure?: string) => void;
}

export const fileKey = ({ taskId, ordinal }: DownloadJob): string => `${taskId}:${ordinal}`;

/**
 * One try. Resolves when the file's outcome is on its row (saved, skipped, expired), answers "later" when it
 * waits without a failure counted (a neighbour's lease, a full disk, a background retry), throws DownloadRetry
 * for a passing failure and DownloadGivenUp when the file failed for good.
 */
export async function attemptDownload(
  deps: AttemptDeps,
  job: DownloadJob,
  context: JobContext,
): Promise<JobLater | undefined> {
  const { taskId, ordinal } = job;
  const key = fileKey(job);
  const now = deps.clock.now();
  let row = deps.rows.read(taskId, ordinal);
  const task = deps.getTask(taskId);
  if (!row || !task) return undefined;
  // A file that kept failing waits for its background retry; its time has come (or it was asked for again).
  if (row.state === 'failed' && row.retry_at !== null) {
    if (row.retry_at > now) return { later: row.retry_at, note: row.error ?? undefined };
    deps.mark(taskId, ordinal, 'pending', { retry_at: null });
    row = deps.rows.read(taskId, ordinal) ?? row;
  }
  if (row.state !== 'pending') return undefined;
  if (await deps.has(row.url)) {
    deps.mark(taskId, ordinal, 'skipped');
    return undefined;
  }
  if (deps.links.expired(row)) {
    deps.expire(taskId, ordinal, 'the link expired before it could be fetched');
    return undefined;
  }
  // A live neighbour fetching it keeps it (its row says so); this process looks again, and takes it if that one died.
  if (!deps.leases.claim(taskId, ordinal))
    return { later: now + LEASE_CHECK_MS, note: 'held by another process' };
  const attempt = row.attempts + 1;
  deps.fresh.tried(key);
  try {
    deps.mark(taskId, ordinal, 'pending', { attempts: attempt });
    await deps.fetch(task, row, context.signal);
    deps.fresh.forget(key);
    deps.links.forget(key);
    return undefined;
  } catch (error) {
    if (context.signal.aborted) throw error;
    return failed(deps, job, row, task, attempt, error, context);
  } finally {
    deps.leases.release(taskId, ordinal);
  }
}

function failed(
  deps: AttemptDeps,
  job: DownloadJob,
  row: FileRow,
  task: TaskRecord,
  attempt: number,
  error: unknown,
  context: JobContext,
): JobLater | undefined {
  const { taskId, ordinal } = job;
  const key = fileKey(job);
  const now = deps.clock.now();
  const failure = error instanceof DownloadError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  // No room for the file, or for its row (the database's disk is full too): no fault of the file's. It stays
  // pending with the reason, its tries not counted, and looks again after a while.
  if (failure?.reason === 'no_space' || isDiskFull(error)) {
    const waitMs = deps.spaceCheckMs;
    const said = `${message}; waiting for disk space, checking again in ${Math.round(waitMs / 1000)} s`;
    try {
      deps.mark(taskId, ordinal, 'pending', { attempts: row.attempts, error: said });
    } catch (again) {
      // A database too full to say so: the wait goes on all the same.
      if (!isDiskFull(again)) throw again;
    }
    return { later: now + waitMs, note: said };
  }
  // A DownloadError is the network's or the link's, shown on the file; anything else is ours: told.
  if (!failure)
    deps.logger.warn('saving a download failed', { task: taskId, file: ordinal, reason: message });
  const retryable = deps.fresh.retryable(key, failure); // a fresh link's 404 too (link-freshness.ts)
  // The job policy's tries, counted by the job: the last one hands the file to its background retries.
  const lastTry = context.attempts + 1 >= deps.policy.attempts;
  if (retryable && !lastTry) {
    // Kept on the pending row, so whoever waits (the CLI's progress, the app) can say why it waits.
    deps.mark(taskId, ordinal, 'pending', {
      error: `${message}; trying again (attempt ${context.attempts + 2} of ${deps.policy.attempts})`,
    });
    throw new DownloadRetry(message, { cause: error });
  }
  // A refused link past its expiry is an expired link, whatever the status says.
  if (deps.links.expired(row) || (failure?.httpStatus && deps.links.endingSoon(row))) {
    deps.expire(taskId, ordinal, message);
    return undefined;
  }
  const refusal = deps.links.refused(key, row, task, failure?.httpStatus ?? null);
  if (refusal?.renew) {
    deps.expire(taskId, ordinal, refusal.message, 'refused');
    return undefined;
  }
  const retryAt = retryable ? backgroundRetryAt(row, attempt, now, deps.timing) : null;
  const said = refusal?.message ?? message;
  deps.mark(taskId, ordinal, 'failed', {
    error: said,
    failure: failure ? MISSING_REASON_OF[failure.reason] : 'network',
    retry_at: retryAt,
  });
  if (retryAt !== null) return { later: retryAt, note: said };
  throw new DownloadGivenUp(said, { cause: error });
}
