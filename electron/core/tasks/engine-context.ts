// What every part of the engine shares: one clock, one gateway, one request budget, one lifetime (whose end
// is the engine's close), and one way a task's change is written and told. Each part keeps its own state;
// this is only the ground they stand on.
import type { TaskRecord } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { SubmittingKeys } from './submitting-keys';
import type { DiskRoom } from '../db/disk-space';
import type { CallOptions, GatewayPort } from '../gateway/gateway-port';
import type { Lifetime } from '../lifetime';
import type { Logger } from '../log';
import type { EngineStats } from './engine-options';
import type { PollPolicy } from './poll-schedule';
import type { RequestBudget } from './request-budget';
import type { StudioEventHub } from './studio-event-hub';
import type { TaskPatch, TaskStore } from './task-store';

/**
 * What the engine's lifetime holds in flight. `poll`: a due run the pump started (counted against
 * maxInFlight); `send`: a submission's request; `submission`: a submit() or retrySubmission() not yet
 * answered; `background`: reconciliations, link renewals and refreshes. handOver waits for submissions and
 * sends, close for polls and background work.
 */
export type EngineWork = 'poll' | 'send' | 'submission' | 'background';

export interface EngineContext {
  readonly clock: Clock;
  readonly gateway: GatewayPort;
  readonly budget: RequestBudget;
  readonly policy: PollPolicy;
  readonly lifetime: Lifetime<EngineWork>;
  readonly tasks: TaskWriter;
  readonly events: StudioEventHub;
  readonly logger: Logger;
  readonly stats: EngineStats;
  readonly requestTimeoutMs: number;
  readonly random: () => number;
  /** Room on the database's disk: no task is written on a full one, and an answer is never lost to it. */
  readonly room: DiskRoom;
  /** The key each task was submitted with this run, for its polls (submitting-keys.ts). */
  readonly keys: SubmittingKeys;
}

/** The options of one request to the gateway: the engine's timeout, one attempt, stopped by close(). */
export function requestOptions(ctx: EngineContext, signal?: AbortSignal): CallOptions {
  return { signal: ctx.lifetime.signalWith(signal), timeoutMs: ctx.requestTimeoutMs, maxAttempts: 1 };
}

/** The task rows, and the one way a change is written: stamped with the clock, then told as a `task` event. */
export class TaskWriter {
  constructor(
    readonly store: TaskStore,
    private readonly clock: Clock,
    private readonly events: StudioEventHub,
  ) {}

  get(id: string): TaskRecord | null {
    return this.store.get(id)?.record ?? null;
  }

  update(id: string, patch: Omit<TaskPatch, 'updatedAt'>): TaskRecord {
    const stored = this.store.update(id, { ...patch, updatedAt: this.clock.now() });
    this.emit(stored.record);
    return stored.record;
  }

  emit(record: TaskRecord): void {
    this.events.emit({ type: 'task', task: record });
  }

  /** Tells the task as it stands now (its download counts changed). */
  publish(id: string): void {
    const record = this.get(id);
    if (record) this.emit(record);
  }
}
