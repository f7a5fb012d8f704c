// What the engine is built from and what its callers pass: the options of TaskEngine and of its submissions,
// batches and lists, kept apart from the engine so each of its parts can name them without importing the facade.
import type { KeyVault } from './submitting-keys';
import type { TaskStyles } from '../../../shared/studio/presets';
import type { TaskBatch, TaskRecord, TaskState } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db/database';
import type { LibrarySink } from '../downloads/library-sink';
import type { GatewayPort } from '../gateway/gateway-port';
import type { JobRunner } from '../jobs';
import type { Logger } from '../log';
import type { ReferenceStore } from '../references/reference-store';
import type { LibraryFileIndex } from './made-from-links';
import type { MadeFromStore } from './made-from-store';
import type { PollPolicy } from './poll-schedule';
import type { BudgetOptions } from './request-budget';
import type { SubmissionGuard, TaskHistory } from './task-history';

export interface DownloadSettings {
  libraryDir: string;
  sink: LibrarySink;
  concurrency?: number;
  maxAttempts?: number;
  backoffMs?: number;
  idleTimeoutMs?: number;
  progressEveryBytes?: number;
  /** How often a file waiting for disk space looks again. Default 30 s. */
  spaceCheckMs?: number;
  /**
   * The creator's allowed result addresses beyond the rule's own (downloads/local-addresses.ts): Settings › Result
   * files in the app, --result-addresses in the CLI. Read for each file; none by default.
   */
  resultAddresses?: () => readonly string[];
}

export interface TaskEngineOptions {
  db: DatabaseSync;
  gateway: GatewayPort;
  clock?: Clock;
  /** One budget for every request the engine sends to the gateway (submissions and polls). */
  budget?: BudgetOptions;
  polling?: Partial<PollPolicy>;
  /** Where the keys of unfinished tasks are kept across restarts (the API key's secret store); memory only without. */
  keyVault?: KeyVault | null;
  /** Per-request timeout for polls and submissions. */
  requestTimeoutMs?: number;
  /** Polls allowed in flight at once; the budget bounds the rate, this bounds a slow gateway's backlog. */
  maxInFlight?: number;
  /** How many times an I2 submission with an unknown outcome is resent with its key before giving up. */
  maxResubmits?: number;
  /** How many 429s in a row a submission waits out before it is reported refused. */
  maxRateLimitWaits?: number;
  /**
   * How long after a task became 'interrupted' its usage is compared (the gateway books a charge when the
   * task completes, and [LIM-6] the last minute of usage may be incomplete). Default 10 min.
   */
  reconcileAfterMs?: number;
  /** Without it completed tasks keep their files listed but nothing is fetched. */
  downloads?: DownloadSettings | null;
  /** Where reference images live; by default the store beside the database file. */
  references?: ReferenceStore;
  newId?: () => string;
  random?: () => number;
  /** Past runs: paces polls by learned durations and learns from every completion (the price book). */
  history?: TaskHistory | null;
  /** The user's spending limits: asked before a new submission's row is written (resends are not asked). */
  guard?: SubmissionGuard | null;
  /** The library's files by content and by link, so a reference taken from it is recorded as made-from. */
  libraryFiles?: LibraryFileIndex | null;
  /** Told every failure the engine recovers from by itself; the host's and the CLI's go to stderr. */
  logger?: Logger;
  /**
   * Send the submission queue's items when their turn comes (the app and the soak). Off for the CLI, whose
   * `queue` commands only edit the rows: one process sends, so the order is one process's order.
   */
  runQueue?: boolean;
  /**
   * The studio's durable job mechanism, which sends the queue's items (one job each). The composition root
   * hands in its one runner; an engine built without it (its tests, a soak's life) runs one of its own.
   */
  jobs?: JobRunner;
  /** The made-from links, shared with the library that writes them into files; one over `db` by default. */
  madeFrom?: MadeFromStore;
  /** Where a task's styles are kept, in the transaction that writes its row; a press with styles needs it. */
  taskStyles?: TaskStylesRecorder | null;
}

/** Keeps the prompt as typed and the styles a task was sent with (the presets room's store). */
export interface TaskStylesRecorder {
  recordTaskStyles(taskId: string, typed: string, styles: TaskStyles['styles']): void;
}

export interface SubmitOptions {
  /** The task this one derives from; inferred for music operations and upscales of a local task. */
  parentTaskId?: string | null;
  /** A task whose settings this one was made with: 'rerun' unchanged, 'edit' after the person changed them. */
  madeFrom?: { relation: 'rerun' | 'edit'; taskId: string };
  signal?: AbortSignal;
  /** The user saw the estimate and said send it (above the confirmation threshold). */
  confirmed?: boolean;
  /** Send even past a budget (the CLI's --over-budget). */
  overBudget?: boolean;
  /**
   * The caller's key for this press (shared/studio/submission-key.ts), sent again with every repeat of it. A key
   * some task already holds answers with that task, sending nothing; the same key with a different request
   * is refused. Without one, the press gets a fresh key and cannot be told from a new one.
   */
  key?: string;
  /** The batch this submission belongs to (submitBatch sets it). */
  batch?: TaskBatch;
  /**
   * Told the new row's id inside the transaction that writes it (the queue marks its item sent there), so
   * no crash can leave the row without the caller's record of it, or the record without the row.
   */
  written?: (taskId: string) => void;
  /** The prompt as typed and the styles on: kept with the row, in its transaction, for Edit and run again. */
  styles?: TaskStyles;
}

export interface BatchOptions {
  /** The press's key: the batch's id, and with "-<n>" each task's own key. Chosen here when not given. */
  key?: string;
  confirmed?: boolean;
  overBudget?: boolean;
  signal?: AbortSignal;
  /** One prompt sent to several models ("Also run on…"): the batch is marked for the compare view. */
  compare?: boolean;
  /** The task every task of the batch was made from (takes of a region edit are edits of the picture's task). */
  madeFrom?: SubmitOptions['madeFrom'];
  /** Per request, in order: the prompt as typed and the styles it went with (null: none), kept with its row. */
  styles?: readonly (TaskStyles | null)[];
}

export interface BatchResult {
  batchId: string;
  tasks: TaskRecord[];
}

export interface ListOptions {
  states?: readonly TaskState[];
  limit?: number;
  offset?: number;
}

export interface EngineStats {
  submits: number;
  polls: number;
}
