// The shapes the rest of the app sees after the client has parsed and normalised the gateway's wire bodies.
// Wire schemas live beside this file; nothing outside electron/core/gateway should need the raw shapes.
// Records that also cross the bridge are zod schemas with inferred types: one definition each.
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';
import type { TaskEndpoint } from '../catalog/family-ids';
import { ERROR_TYPES, type ErrorType } from './error-types';
import { settingsRecordSchema } from '../validation/json-depth';

/**
 * [STATE-1..5] Every state a task can be in, as the gateway reports it, and 'cancelled': the spec does not show it,
 * but the gateway's public clients meet `canceled`/`cancelled` (ended upstream, not charged).
 */
export const taskStatusSchema = z.enum([
  'submitted',
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
]);
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const TERMINAL_STATUSES = [
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly TaskStatus[];

/** [ACK-1..4] Shapes A, B and C reduced to one. */
export interface NormalizedAck {
  taskId: string;
  status: TaskStatus;
  endpoint: TaskEndpoint;
  /** Shape B's request_id, when present. */
  requestId: string | null;
  /** More tasks the same press made: Shape A's array holds one per picture for n > 1 on some gateways. */
  siblings?: { taskId: string; status: TaskStatus }[];
  /** Seconds, from the object envelope's task_info.estimated_time. */
  estimatedTime?: number | null;
  /** The finished task when the answer already holds it (object "generation.result"): nothing to poll. */
  result?: TaskSnapshot | null;
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
  /** The gateway's own word when it is none the client knows: read as processing, and shown as said. */
  statusWord: string | null;
  progress: number;
  created: number | null;
  completed: number | null;
  actualTime: number | null;
  estimatedTime: number | null;
  cost: number | null;
  creditsCost: number | null;
  files: ResultFile[];
  /** A failed task's error as the gateway said it; `type` only where it named one ("policy"). */
  error: { message: string; code: string; type?: string } | null;
  /**
   * A `failed` answer that still carried result links (the real gateway says so for a moment before
   * `completed`): how many. The client asks again before believing it (core/gateway/task-doubts.ts).
   */
  linksWhileFailed?: number;
}

const errorTypeSchema = z.enum(Object.keys(ERROR_TYPES) as [ErrorType, ...ErrorType[]]);

/**
 * [ERR-1..11], [ERR-OTHER-1..3], [ERR-USAGE-1..6]: every error body, plus network failures, as one value. The
 * renderer reads it without zod through error-types.ts's gatewayErrorInfoOf, held to this schema by a test.
 */
export const gatewayErrorInfoSchema = z.object({
  /** null for failures that never got an HTTP answer (network, timeout, reset, bad body). */
  httpStatus: z.number().int().nullable(),
  /** One of the closed table in error-types.ts: a spelling outside it does not compile. */
  type: errorTypeSchema,
  code: z.string(),
  message: z.string(),
  param: z.string().nullable(),
  retryable: z.boolean(),
  retryAfterMs: z.number().nullable(),
});
export type GatewayErrorInfo = z.infer<typeof gatewayErrorInfoSchema>;

/**
 * What a submission asks for, as stored on the task row and sent over the bridge. The bridge adds the rule that
 * needs the catalog (a model id for every family but grid upscale; shared/bridge/record-schemas.ts).
 */
export const submissionRequestShape = {
  family: familyIdSchema,
  model: z.string().max(200),
  /** Every body field but model, already validated by the family's schema (and never nested too deeply). */
  params: settingsRecordSchema,
  webhook: z.string().max(2048).optional(),
};
export type SubmissionRequest = z.infer<z.ZodObject<typeof submissionRequestShape>>;
