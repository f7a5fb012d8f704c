// Mapping between library_items rows and LibraryItem. JSON columns are parsed, not trusted: a row edited by
// hand or by an older build must not crash the gallery, so a bad value degrades to empty.
import { z } from 'zod';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { FAMILY_IDS } from '../../../shared/catalog/family-ids';
import type { LibraryItem, LibraryKind } from '../../../shared/studio/records';

const paramsSchema = z.record(z.string(), z.unknown());
const tagsSchema = z.array(z.string());
const kindSchema = z.enum(['image', 'video', 'audio', 'speech']);
const familySchema = z.enum(FAMILY_IDS);

export type SqlValue = string | number | bigint | null | Uint8Array;
export type Row = Record<string, SqlValue>;

function text(row: Row, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : String(value ?? '');
}
function maybeText(row: Row, column: string): string | null {
  const value = row[column];
  return value === null || value === undefined ? null : String(value);
}
function maybeNumber(row: Row, column: string): number | null {
  const value = row[column];
  return value === null || value === undefined ? null : Number(value);
}
function parseJson<T>(raw: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function rowToItem(row: Row): LibraryItem {
  return {
    id: text(row, 'id'),
    kind: kindSchema.parse(row.kind) satisfies LibraryKind,
    path: text(row, 'path'),
    size: Number(row.size),
    sha256: text(row, 'sha256'),
    mime: text(row, 'mime'),
    width: maybeNumber(row, 'width'),
    height: maybeNumber(row, 'height'),
    durationSeconds: maybeNumber(row, 'duration_seconds'),
    thumbnailPath: maybeText(row, 'thumbnail_path'),
    prompt: maybeText(row, 'prompt'),
    model: text(row, 'model'),
    family: familySchema.parse(row.family) satisfies FamilyId,
    params: parseJson(text(row, 'params'), paramsSchema, {}),
    taskId: maybeText(row, 'task_id'),
    remoteTaskId: maybeText(row, 'remote_task_id'),
    remoteUrl: maybeText(row, 'remote_url'),
    expiresAt: maybeNumber(row, 'expires_at'),
    cost: maybeNumber(row, 'cost'),
    creditsCost: maybeNumber(row, 'credits_cost'),
    createdAt: Number(row.created_at),
    favourite: Number(row.favourite) === 1,
    tags: parseJson(text(row, 'tags'), tagsSchema, []),
    sourceTaskId: maybeText(row, 'source_task_id'),
    title: maybeText(row, 'title'),
    trackIndex: maybeNumber(row, 'track_index'),
    ...batchOf(row),
    ...syncFieldsOf(row),
  };
}

/** Library sync's two columns (migration library-sync): absent from the item when they say "made here, on disk". */
function syncFieldsOf(row: Row): Pick<LibraryItem, 'origin' | 'remoteOnly'> {
  const origin = maybeText(row, 'origin');
  return {
    ...(origin === null ? {} : { origin }),
    ...(Number(row.remote_only ?? 0) === 1 ? { remoteOnly: true as const } : {}),
  };
}

function batchOf(row: Row): Pick<LibraryItem, 'batch'> {
  const id = maybeText(row, 'batch_id');
  const size = maybeNumber(row, 'batch_size');
  if (id === null || size === null) return {};
  return {
    batch: { id, size, ...(maybeNumber(row, 'batch_compare') === 1 ? { compare: true as const } : {}) },
  };
}

export function itemToParams(item: LibraryItem): Record<string, SqlValue> {
  return {
    id: item.id,
    kind: item.kind,
    path: item.path,
    size: item.size,
    sha256: item.sha256,
    mime: item.mime,
    width: item.width,
    height: item.height,
    duration_seconds: item.durationSeconds,
    thumbnail_path: item.thumbnailPath,
    prompt: item.prompt,
    model: item.model,
    family: item.family,
    params: JSON.stringify(item.params),
    task_id: item.taskId,
    remote_task_id: item.remoteTaskId,
    remote_url: item.remoteUrl,
    expires_at: item.expiresAt,
    cost: item.cost,
    credits_cost: item.creditsCost,
    created_at: item.createdAt,
    favourite: item.favourite ? 1 : 0,
    tags: JSON.stringify(item.tags),
    source_task_id: item.sourceTaskId,
    title: item.title,
    track_index: item.trackIndex,
    batch_id: item.batch?.id ?? null,
    batch_size: item.batch?.size ?? null,
    batch_compare: item.batch?.compare ? 1 : null,
    origin: item.origin ?? null,
    remote_only: item.remoteOnly ? 1 : 0,
  };
}

export const ITEM_COLUMNS = Object.keys(
  itemToParams({
    id: '',
    kind: 'image',
    path: '',
    size: 0,
    sha256: '',
    mime: '',
    width: null,
    height: null,
    durationSeconds: null,
    thumbnailPath: null,
    prompt: null,
    model: '',
    family: 'image.i1',
    params: {},
    taskId: null,
    remoteTaskId: null,
    remoteUrl: null,
    expiresAt: null,
    cost: null,
    creditsCost: null,
    createdAt: 0,
    favourite: false,
    tags: [],
    sourceTaskId: null,
    title: null,
    trackIndex: null,
  }),
);
