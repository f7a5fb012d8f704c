// The rows other than library items that travel, each one value under a (kind, key), the later edit winning
// whole (doc-sync.ts): the presets room's (presets, styles, pins, the prompt history; presets-replica.ts) and the
// cast (storyboard/cast-replica.ts). Sync names none of their tables: each kind is read and written by its owner.
import type { z } from 'zod';
import type { DatabaseSync } from '../db/database';
import {
  readShared as readPresetsRow,
  sharedKeys as presetsKeys,
  SHARED_KEY_SCHEMAS as PRESETS_KEY_SCHEMAS,
  SHARED_KINDS as PRESETS_KINDS,
  SHARED_VALUE_SCHEMAS as PRESETS_VALUE_SCHEMAS,
  writeShared as writePresetsRow,
} from '../presets/presets-replica';
import {
  CAST_KEY_SCHEMA,
  CAST_VALUE_SCHEMA,
  castMemberIds,
  readCastMember,
  writeCastMember,
} from '../storyboard/cast-replica';

export const SHARED_KINDS = [...PRESETS_KINDS, 'cast'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

export const SHARED_KEY_SCHEMAS = {
  ...PRESETS_KEY_SCHEMAS,
  cast: CAST_KEY_SCHEMA,
} as const satisfies Record<SharedKind, z.ZodType>;

export const SHARED_VALUE_SCHEMAS = {
  ...PRESETS_VALUE_SCHEMAS,
  cast: CAST_VALUE_SCHEMA,
} as const satisfies Record<SharedKind, z.ZodType>;

/** The row's value, or null when there is no such row. */
export function readShared(db: DatabaseSync, kind: SharedKind, key: string): unknown {
  return kind === 'cast' ? readCastMember(db, key) : readPresetsRow(db, kind, key);
}

/** Writes another device's value (null removes the row); false when the value is not one its owner keeps. */
export function writeShared(db: DatabaseSync, kind: SharedKind, key: string, value: unknown): boolean {
  return kind === 'cast' ? writeCastMember(db, key, value) : writePresetsRow(db, kind, key, value);
}

/** Every row that travels, as sync's keys (a new remote is sent everything). */
export function sharedKeys(db: DatabaseSync): { kind: SharedKind; key: string }[] {
  return [...presetsKeys(db), ...castMemberIds(db).map((key) => ({ kind: 'cast' as const, key }))];
}
