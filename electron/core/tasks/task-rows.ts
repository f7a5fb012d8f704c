// A task row as the database holds it, and the record and engine view read from it. Rows are parsed on the way
// out: the file may have been written by an older build or edited by hand, and a bad row should fail loudly
// here rather than deep in the engine.
import { z } from 'zod';
import { familyIdSchema, taskEndpointSchema, taskKindSchema } from '../../../shared/catalog/family-ids';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { DownloadProgress, TaskRecord } from '../../../shared/studio/records';
import {
  chargeReconciliationSchema,
  referencesSentAsSchema,
  taskStateSchema,
} from '../../../shared/studio/records';
import { gatewayErrorInfoSchema } from './gateway-errors';

const resultFileSchema = z.object({
  kind: z.enum(['image', 'video', 'audio']),
  url: z.string(),
  expiresAt: z.number().nullable(),
  index: z.number().int(),
  title: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});

const rowSchema = z.object({
  id: z.string(),
  remote_id: z.string().nullable(),
  family: familyIdSchema,
  model: z.string(),
  kind: taskKindSchema,
  endpoint: taskEndpointSchema,
  params: z.string(),
  webhook: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  state: taskStateSchema,
  progress: z.number(),
  error: z.string().nullable(),
  cost: z.number().nullable(),
  credits_cost: z.number().nullable(),
  estimated_time: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  completed_at: z.number().nullable(),
  tracking_started_at: z.number().nullable(),
  parent_task_id: z.string().nullable(),
  result_files: z.string().nullable(),
  reconciliation: z.string().nullable(),
  sent_at: z.number().nullable(),
  batch_id: z.string().nullable(),
  batch_size: z.number().int().nullable(),
  batch_compare: z.literal(1).nullable(),
  references_sent_as: z.string().nullable(),
  gateway_status: z.string().nullable().optional(),
  resumed_at: z.number().nullable().optional(),
  checked_every_ms: z.number().nullable().optional(),
  key_ref: z.string().nullable().optional(),
});

type TaskRow = z.infer<typeof rowSchema>;

/** A task as the engine keeps it: the public record plus what only the engine needs. */
export interface StoredTask {
  record: TaskRecord;
  webhook: string | null;
  idempotencyKey: string | null;
  /** When the gateway acknowledged it, on our clock: the origin for pacing polls. */
  trackingStartedAt: number | null;
  files: ResultFile[] | null;
  /** When the submission's POST last left; null while it has not (waiting for the budget, after a 429). */
  sentAt: number | null;
  /** The fingerprint of the key that submitted it (submitting-keys.ts): never the key itself. */
  keyRef: string | null;
}

const paramsSchema = z.record(z.string(), z.unknown());
// Built once: a zod schema made inside fromRow() was rebuilt at every read of a row.
const resultFilesSchema = z.array(resultFileSchema);
export function parseJson<T>(text: string | null, schema: z.ZodType<T>): T | null {
  if (text === null) return null;
  return schema.parse(JSON.parse(text));
}
export const EMPTY_DOWNLOADS: DownloadProgress = {
  total: 0,
  done: 0,
  failed: 0,
  expired: 0,
  missing: [],
  deleted: 0,
};

export function fromRow(raw: unknown, downloads: DownloadProgress): StoredTask {
  const row: TaskRow = rowSchema.parse(raw);
  const record: TaskRecord = {
    id: row.id,
    remoteId: row.remote_id,
    family: row.family,
    model: row.model,
    kind: row.kind,
    endpoint: row.endpoint,
    params: paramsSchema.parse(JSON.parse(row.params)),
    state: row.state,
    ...(row.gateway_status ? { gatewayStatus: row.gateway_status } : {}),
    ...(row.resumed_at ? { resumedAt: row.resumed_at } : {}),
    ...(row.checked_every_ms ? { checkedEveryMs: row.checked_every_ms } : {}),
    progress: row.progress,
    error: parseJson(row.error, gatewayErrorInfoSchema),
    cost: row.cost,
    creditsCost: row.credits_cost,
    estimatedTime: row.estimated_time,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    parentTaskId: row.parent_task_id,
    downloads,
    reconciliation: parseJson(row.reconciliation, chargeReconciliationSchema),
    ...(row.webhook ? { webhook: row.webhook } : {}),
    ...(row.references_sent_as
      ? { referencesSentAs: parseJson(row.references_sent_as, referencesSentAsSchema) ?? undefined }
      : {}),
    ...(row.batch_id !== null && row.batch_size !== null
      ? {
          batch: {
            id: row.batch_id,
            size: row.batch_size,
            ...(row.batch_compare === 1 ? { compare: true as const } : {}),
          },
        }
      : {}),
  };
  return {
    record,
    webhook: row.webhook,
    idempotencyKey: row.idempotency_key,
    trackingStartedAt: row.tracking_started_at,
    sentAt: row.sent_at,
    keyRef: row.key_ref ?? null,
    files: parseJson(row.result_files, resultFilesSchema),
  };
}
