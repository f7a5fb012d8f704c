// The shapes the rest of the app sees after the client has parsed and normalised the gateway's wire bodies.
// Wire schemas live beside this file; nothing outside electron/core/gateway should need the raw shapes.
import type { FamilyId, TaskEndpoint } from '../catalog/family-ids';
import type { ErrorType } from './error-types';

/** [STATE-1..5] Every state a task can be in, as the gateway reports it. */
export type TaskStatus = 'submitted' | 'pending' | 'processing' | 'completed' | 'failed';
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'failed'];

/** [ACK-1..4] Shapes A, B and C reduced to one. */
export interface NormalizedAck {
  taskId: string;
  status: TaskStatus;
  endpoint: TaskEndpoint;
  /** Shape B's request_id, when present. */
  requestId: string | null;
}

export type MediaKind = 'image' | 'video' | 'audio';

/** One downloadable result file. A task with result.images[0].url = [a, b] yields two ResultFiles. */
export interface ResultFile {
  kind: MediaKind;
  url: string;
  /** Unix seconds; null when the gateway gave none. */
  expiresAt: number | null;
  /** 0-based position among the task's files of this kind (music: the 1-based audio_index minus one). */
  index: number;
  /** Music entries carry a title, a duration, and sometimes a cover image or video ([SRC-1] not shown). */
  title: string | null;
  durationSeconds: number | null;
}

/** [TASK-1..13] A task status object, flat or enveloped on the wire, normalised. */
export interface TaskSnapshot {
  id: string;
  status: TaskStatus;
  progress: number;
  created: number | null;
  completed: number | null;
  actualTime: number | null;
  estimatedTime: number | null;
  cost: number | null;
  creditsCost: number | null;
  files: ResultFile[];
  error: { message: string; code: string } | null;
}

/** [ERR-1..11], [ERR-OTHER-1..3], [ERR-USAGE-1..6]: every error body, plus network failures, as one value. */
export interface GatewayErrorInfo {
  /** null for failures that never got an HTTP answer (network, timeout, reset, bad body). */
  httpStatus: number | null;
  /** One of the closed table in error-types.ts: a spelling outside it does not compile. */
  type: ErrorType;
  code: string;
  message: string;
  param: string | null;
  retryable: boolean;
  retryAfterMs: number | null;
}

/** What a submission asks for, as stored on the task row and sent over the bridge. */
export interface SubmissionRequest {
  family: FamilyId;
  model: string;
  /** Every body field but model, already validated by the family's schema. */
  params: Record<string, unknown>;
  webhook?: string;
}
