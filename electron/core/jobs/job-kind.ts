// What a kind of durable work says to the one job runner (job-runner.ts), and what the runner tells back: the
// kind's run, its context and its "later", one job's change, and why a job's signal was aborted.
import type { RetryPolicy } from '../retry';
import type { JobRow } from './job-store';

/** What a kind's run() may answer instead of finishing: wait, without a failure counted, and run again later. */
export interface JobLater {
  later: number;
  /** Why it waits (said on the row, and in its event). */
  note?: string;
}

export interface JobContext {
  /** Aborted when the job is cancelled or the runner ends: stop, the row keeps the job for the next start. */
  signal: AbortSignal;
  /** Tries that failed before this one. */
  attempts: number;
  /** Stores the kind's progress on the row and tells the listeners (the event stream). */
  progress(progress: unknown): void;
}

export interface JobKind<P> {
  kind: string;
  /** Reads the stored payload; a payload it refuses fails the job at once (a row written by another version). */
  parse(payload: unknown): P;
  /** Does the work. Resolving ends the job done; throwing is a failure, passing or final as `passing` says. */
  run(job: JobRow & { payload: P }, context: JobContext): Promise<JobLater | undefined>;
  /** Whether trying again later may succeed (a 5xx, a reset, a remote that is down); final by default. */
  passing?(error: unknown): boolean;
  /** How many of this kind run at once (1 by default: in the order written). */
  parallel?: number;
  /** The kind's own policy where it differs from the studio's job policy. */
  policy?: RetryPolicy;
  /**
   * Whether its waiting jobs are looked at every lookAgainMs (rows another process may have written: the CLI
   * adding to the app's line), or only when the next of them is due (a kind whose rows only the process running
   * them writes, and whose waits may last hours). True by default.
   */
  lookAgain?: boolean;
  /**
   * The kind's own rules over its due jobs (a queue's order, pause, schedule and limits): which may go now, in
   * the order they go; at most `room` are taken. Without it, every due job goes, in the order written. Jobs it
   * holds back are looked at again with the line (every look again, and at each poke).
   */
  select?(due: readonly JobRow[], room: number): readonly JobRow[];
}

/** One job's change, as the listeners (and the renderer's event stream) see it. */
export interface JobChange {
  id: string;
  kind: string;
  key: string;
  state: JobRow['state'];
  attempts: number;
  nextTryAt: number;
  error: string | null;
  progress: unknown;
}

/** Why a job's signal was aborted: cancelled by a person, or the runner ended. */
export class JobCancelled extends Error {
  override readonly name = 'JobCancelled';
  constructor(readonly reason: string | null) {
    super(reason ?? 'The job was cancelled.');
  }
}
