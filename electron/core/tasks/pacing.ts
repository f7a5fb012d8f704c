// When each tracked task is asked next: the poll schedule (poll-schedule.ts) fed with what this run knows of the
// task (polls so far, errors in a row, whether it was resumed after a restart) and what the history learned of
// its configuration. The pacer owns that per-task knowledge; the tracker asks it for delays.
import type { TaskRecord } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import { describeThrown } from '../log';
import type { Logger } from '../log';
import { errorBackoff, nextPollDelay, pastBudget, predictDurationMs } from './poll-schedule';
import type { PollPolicy } from './poll-schedule';
import type { TaskHistory } from './task-history';
import type { StoredTask } from './task-store';

interface Pace {
  polls: number;
  errors: number;
  resumed: boolean;
  /** family and model, set when the history is first asked, so re-pacing finds a model's tasks cheaply. */
  config?: string;
  /** Its configuration as the history names it (settings, not prompts), for sharing estimated_time. */
  sameAs?: string | null;
  /** Paced without any estimated_time: its first poll is only there to learn one. */
  awaitingEstimate?: boolean;
  /** The history's answers, kept once known. */
  learnedMs?: number | null;
  estimateRatio?: number | null;
}

/** Configurations whose estimated_time is kept for sharing: a day of varied work, not without end. */
const MAX_SHARED_ESTIMATES = 500;

export class Pacer {
  readonly #paces = new Map<string, Pace>();
  /**
   * The gateway's estimated_time (s) per configuration, as a task in flight in this run reported it: a task of
   * the same configuration sent meanwhile takes it at once, instead of an early poll only to learn it.
   */
  readonly #estimates = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly policy: PollPolicy,
    private readonly history: TaskHistory | null,
    private readonly logger: Logger,
    private readonly random: () => number,
  ) {}

  /** After a restart the last answer is stale: the task's next delay is 0 if it should be done by now. */
  markResumed(id: string): void {
    this.#of(id).resumed = true;
  }

  /** The gateway acknowledged the task: its polls start from nothing. */
  begin(id: string): void {
    const pace = this.#of(id);
    pace.errors = 0;
    pace.polls = 0;
  }

  /** A poll was answered. */
  answered(id: string): void {
    const pace = this.#of(id);
    pace.polls++;
    pace.errors = 0;
  }

  /** One more error in a row: the doubling backoff it calls for, unless the gateway named its own wait. */
  failed(id: string, gatewayDelayMs: number | null = null): number {
    const pace = this.#of(id);
    pace.errors++;
    return gatewayDelayMs ?? errorBackoff(pace.errors, this.policy, this.random);
  }

  forget(id: string): void {
    this.#paces.delete(id);
  }

  /** Whether the task has used its poll budget (its time since the ack, or this run's checks). */
  isPastBudget(task: StoredTask): boolean {
    const polls = this.#polls(task, this.#of(task.record.id));
    return pastBudget({ kind: task.record.kind, elapsedMs: this.#elapsed(task), polls }, this.policy);
  }

  /**
   * This run's checks, or the whole budget's when the row says an earlier run found the task past it
   * (checkedEveryMs): a budget used up stays used up, so a new process (the CLI's `task <id>`, a restart) keeps
   * checking it less often and keeps saying so, instead of counting its checks from nothing.
   */
  #polls(task: StoredTask, pace: Pace): number {
    const budget = this.policy.budget[task.record.kind].polls;
    return task.record.checkedEveryMs === undefined ? pace.polls : Math.max(pace.polls, budget);
  }

  #elapsed(task: StoredTask): number {
    return Math.max(0, this.clock.now() - (task.trackingStartedAt ?? task.record.createdAt));
  }

  delayFor(task: StoredTask): number {
    const pace = this.#of(task.record.id);
    const elapsedMs = this.#elapsed(task);
    const estimatedTime = this.#estimatedTime(task.record, pace);
    pace.awaitingEstimate = estimatedTime === null;
    const state = {
      kind: task.record.kind,
      elapsedMs,
      estimatedTime,
      progress: task.record.progress,
      polls: this.#polls(task, pace),
      ...this.#learnedPace(task.record, pace),
    };
    if (pace.resumed) {
      pace.resumed = false;
      const predicted = predictDurationMs(state);
      if (predicted === null ? elapsedMs >= this.policy.firstPollMs[state.kind] : elapsedMs >= predicted)
        return 0;
    }
    return nextPollDelay(state, this.policy);
  }

  /**
   * The task just told its estimated_time for the first time: the tasks of its configuration that were paced
   * without one (their early poll only there to learn it), to be paced again from it.
   */
  awaitingEstimate(record: TaskRecord): string[] {
    const sameAs = this.#paces.get(record.id)?.sameAs;
    if (sameAs === undefined || sameAs === null || record.estimatedTime === null) return [];
    const ids: string[] = [];
    for (const [id, pace] of this.#paces)
      if (id !== record.id && pace.sameAs === sameAs && pace.awaitingEstimate === true) ids.push(id);
    return ids;
  }

  /** The task's own estimated_time, else one a task of its configuration reported in this run. */
  #estimatedTime(record: TaskRecord, pace: Pace): number | null {
    if (pace.sameAs === undefined) {
      try {
        pace.sameAs = this.history?.configurationKey(record) ?? null;
      } catch (thrown) {
        pace.sameAs = null;
        this.logger.warn("the price book could not name a task's configuration", {
          task: record.id,
          reason: describeThrown(thrown),
        });
      }
    }
    if (pace.sameAs === null) return record.estimatedTime;
    if (record.estimatedTime !== null) {
      this.#estimates.delete(pace.sameAs); // kept newest last, so the oldest goes first past the cap
      this.#estimates.set(pace.sameAs, record.estimatedTime);
      const oldest = this.#estimates.size > MAX_SHARED_ESTIMATES ? this.#estimates.keys().next() : null;
      if (oldest && !oldest.done) this.#estimates.delete(oldest.value);
      return record.estimatedTime;
    }
    return this.#estimates.get(pace.sameAs) ?? null;
  }

  /**
   * A run of this configuration just taught the history something: the tasks of the same model that were
   * paced without it (to be asked again, and brought forward if they will be done sooner).
   */
  unlearned(completed: TaskRecord): string[] {
    if (!this.history) return [];
    const config = `${completed.family}\n${completed.model}`;
    const ids: string[] = [];
    for (const [id, pace] of this.#paces) {
      if (pace.config !== config || (pace.learnedMs != null && pace.estimateRatio != null)) continue;
      ids.push(id);
    }
    return ids;
  }

  /** Asked until the history knows something: a task sent before its model's first run may learn mid-way. */
  #learnedPace(record: TaskRecord, pace: Pace): { learnedMs: number | null; estimateRatio: number | null } {
    const history = this.history;
    pace.config ??= `${record.family}\n${record.model}`;
    try {
      pace.learnedMs ??= history?.expectedDurationMs(record) ?? null;
      pace.estimateRatio ??= history?.estimateRatio(record) ?? null;
    } catch (thrown) {
      // A history that cannot answer leaves pacing to estimated_time.
      this.logger.warn('the price book could not pace a task', {
        task: record.id,
        reason: describeThrown(thrown),
      });
    }
    return { learnedMs: pace.learnedMs ?? null, estimateRatio: pace.estimateRatio ?? null };
  }

  #of(id: string): Pace {
    let pace = this.#paces.get(id);
    if (!pace) {
      pace = { polls: 0, errors: 0, resumed: false };
      this.#paces.set(id, pace);
    }
    return pace;
  }
}
