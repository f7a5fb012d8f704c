// The app's own records, as the core stores them and the bridge carries them. Pure data: no key, ever.
import type { FamilyId, TaskEndpoint, TaskKind } from '../catalog/family-ids';
import type { GatewayErrorInfo, TaskStatus } from '../gateway/normalized';

/**
 * Local lifecycle around the gateway's states: 'submitting' is written before the POST leaves (so a crash
 * mid-submission is visible and never silently resubmitted), 'interrupted' is such a row found after a
 * restart without a remote id, 'stopped' is a task the user stopped tracking.
 */
export type TaskState = TaskStatus | 'submitting' | 'interrupted' | 'stopped';

/**
 * Why a result file is not in the library: its link expired before it was fetched (a fresh status poll may
 * renew it), the file server refused it, the network failed, the bytes were not the media promised, or the
 * gateway no longer offers it at all (a fresh poll gave no working link: the result is lost).
 */
export type MissingFileReason = 'expired' | 'refused' | 'network' | 'invalid' | 'lost';

export interface MissingFile {
  /** Position in the task's result list (0-based). */
  ordinal: number;
  kind: 'image' | 'video' | 'audio';
  reason: MissingFileReason;
  /** The downloader's own words (HTTP 403, no data for 30000 ms, …), for the detail line. */
  detail: string | null;
  /** ms since epoch when the engine tries this file again by itself; null when it does not. */
  retryAt: number | null;
}

export interface DownloadProgress {
  total: number;
  done: number;
  failed: number;
  /** Files whose link expired before we could fetch them. */
  expired: number;
  /** Every file that failed or expired, with why: a task is a success only when this is empty. */
  missing: MissingFile[];
  /** Files saved, then deleted from the library by the user: counted in done, no longer on disk. */
  deleted: number;
  /**
   * When the soonest link of a file not downloaded yet (pending, or failed and tried again) expires, ms since
   * epoch ([TASK-10] expires_at); null when no such file has a dated link, absent where nobody counted.
   */
  linkExpiresAt?: number | null;
}

/**
 * What the usage report ([EP-USAGE-1]) says about a task the gateway may have charged though the app never
 * learnt its id: the model's billed requests and amount in the task's window, against the tasks the app
 * knows were charged in it. What is left over is likely this task's charge (or another lost one's).
 */
export interface ChargeReconciliation {
  checkedAt: number;
  /** [start, end) of the usage query, ms since epoch. */
  windowStart: number;
  windowEnd: number;
  billedRequests: number;
  billedUsd: number;
  knownRequests: number;
  knownUsd: number;
  unmatchedRequests: number;
  unmatchedUsd: number;
}

export interface TaskRecord {
  /** Local id (uuid): stable before the gateway answers. */
  id: string;
  remoteId: string | null;
  family: FamilyId;
  model: string;
  kind: TaskKind;
  endpoint: TaskEndpoint;
  /** The full request body but the model, exactly as submitted; never the key. */
  params: Record<string, unknown>;
  state: TaskState;
  progress: number;
  error: GatewayErrorInfo | null;
  cost: number | null;
  creditsCost: number | null;
  estimatedTime: number | null;
  /** ms since epoch, on the engine's clock */
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
  /** The task this one was made from: a re-run, an upscale, a music operation. */
  parentTaskId: string | null;
  downloads: DownloadProgress;
  /** Set once the usage report was compared for a task that may have been charged unseen (interrupted). */
  reconciliation: ChargeReconciliation | null;
  /** [COMMON-1] The webhook base URL sent with the submission; absent when none was. */
  webhook?: string;
}

export type LibraryKind = 'image' | 'video' | 'audio' | 'speech';

export interface LibraryItem {
  id: string;
  kind: LibraryKind;
  /** Absolute path inside the library folder. */
  path: string;
  size: number;
  sha256: string;
  mime: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  thumbnailPath: string | null;
  prompt: string | null;
  model: string;
  family: FamilyId;
  params: Record<string, unknown>;
  /** Local task id; null for speech. */
  taskId: string | null;
  remoteTaskId: string | null;
  remoteUrl: string | null;
  expiresAt: number | null;
  cost: number | null;
  creditsCost: number | null;
  createdAt: number;
  favourite: boolean;
  tags: string[];
  /** The task whose output this item was derived from (re-run, upscale, music operation). */
  sourceTaskId: string | null;
  /** A music track's title, as the gateway named it; null for everything else. */
  title: string | null;
  /**
   * A music track's 1-based position in its task's music list: with remoteTaskId, what a music operation
   * names as its source ([SRC-1] task_id and audio_index). null for everything else.
   */
  trackIndex: number | null;
}

export interface LibraryQuery {
  search?: string;
  kind?: LibraryKind;
  model?: string;
  family?: FamilyId;
  /** ms since epoch, inclusive */
  from?: number;
  /** ms since epoch, exclusive */
  to?: number;
  favourite?: boolean;
  /** Items carrying every one of these tags (case-insensitive). */
  tags?: string[];
  sort?: 'newest' | 'oldest' | 'cost' | 'size';
  limit?: number;
  offset?: number;
}

/** A tag in use and how many items carry it: what the tag editor offers as you type. */
export interface LibraryTagCount {
  tag: string;
  count: number;
}

export interface LibraryPage {
  items: LibraryItem[];
  total: number;
}

/** Events the core emits; the bridge forwards them to the renderer unchanged. */
export type StudioEvent =
  | { type: 'task'; task: TaskRecord }
  | { type: 'download'; taskId: string; url: string; receivedBytes: number; totalBytes: number | null }
  | { type: 'library'; item: LibraryItem; change: 'added' | 'updated' | 'deleted' }
  /**
   * One bulk action on many items (favourite, tags, delete, undo): one event, not one per item, so selecting a
   * whole filtered library of 100 000 items does not flood the stream. Listeners re-read what they show.
   */
  | { type: 'library-bulk'; change: 'updated' | 'deleted' | 'restored'; count: number };
