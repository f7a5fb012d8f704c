// What the engine may learn from and ask of past runs, without knowing how they are kept: the price book
// (core/pricing) implements it. Kept as an interface so the engine stays free of pricing, and a run without
// a history (tests, the bench's baseline) paces by estimated_time alone.
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { TaskSnapshot } from '../../../shared/gateway/normalized';
import type { TaskRecord } from '../../../shared/studio/records';
import type { SpendCheck } from '../../../shared/studio/spending';

export interface TaskConfiguration {
  family: FamilyId;
  model: string;
  params: Readonly<Record<string, unknown>>;
}

export interface TaskHistory {
  /** How long a task of this configuration took before, in ms; null when there is nothing to go on. */
  expectedDurationMs(task: TaskConfiguration): number | null;
  /**
   * actual_time / estimated_time on this model's earlier runs, when the runs agree (so the gateway's estimate
   * can be trusted, scaled by it); null when unknown or too scattered to lean on.
   */
  estimateRatio(task: TaskConfiguration): number | null;
  /**
   * What makes two tasks the same configuration (their settings, prompts and media left out): a task sent
   * while another of the same configuration is in flight can take the gateway's estimated_time from it.
   */
  configurationKey(task: TaskConfiguration): string;
  /** Told once when a task completes, with the gateway's final answer (cost, credits_cost, actual_time). */
  recordCompletion(task: TaskRecord, snapshot: TaskSnapshot): void;
}

/**
 * What may refuse a submission before its row is written: the user's spending limits (core/spending). Kept as
 * an interface so the engine stays free of budgets; it throws the refusal, which the caller shows as is. It
 * must read and write on the engine's own database connection: admit and stamp run inside the engine's
 * BEGIN IMMEDIATE transaction with the row, and a second connection would wait on that lock.
 */
export interface SubmissionGuard {
  admit(task: TaskConfiguration, options: { confirmed?: boolean; overBudget?: boolean }): void;
  /** One press that sends several (a batch): the limits apply to their total. */
  admitAll(tasks: readonly TaskConfiguration[], options: { confirmed?: boolean; overBudget?: boolean }): void;
  /** The admitted task's row is written: the guard records which gateway it is spent on. */
  stamp?(taskId: string): void;
  /** A press measured against the limits, nothing written: what the person is asked before it is sent. */
  check?(tasks: readonly TaskConfiguration[]): SpendCheck;
}
