// The presets room's side of library sync: its rows (saved presets, styles, pinned prompts, the prompt history)
// read and written one at a time by a key sync gives them, as plain values. Sync never names these tables; it
// asks here, as it asks the library's replica for items. A value from another device is parsed, never trusted
// (another build may send more or less): one that does not parse is not written.
import { z } from 'zod';
import { familyIdSchema } from '../../../shared/catalog/family-ids';
import { presetDraftSchema, presetSchema, styleDraftSchema } from '../../../shared/studio/presets';
import { PROMPT_TEXT_MAX } from '../../../shared/studio/prompt-history';
import type { DatabaseSync } from '../db/database';

/** What of the presets room travels: a saved preset, a style, a pinned prompt, one send of a prompt. */
export const SHARED_KINDS = ['preset', 'style', 'pin', 'prompt'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

/** A row's body as the preset store writes it: JSON of a draft, read back through the draft's own schema. */
const BODY_MAX = 128 * 1024;
const bodyOf = <T>(schema: z.ZodType<T>) =>
  z
    .string()
    .max(BODY_MAX)
    .transform((body, context) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        context.addIssue({ code: 'custom', message: 'the body is not JSON' });
        return z.NEVER;
      }
      const draft = schema.safeParse(parsed);
      if (!draft.success) {
        context.addIssue({
          code: 'custom',
          message: `the body is not one: ${draft.error.issues[0]?.message}`,
        });
        return z.NEVER;
      }
      return body;
    });
const when = z.number().finite().min(0).max(1e14);

/**
 * What each kind's value may be, with the bounds the app's own forms hold a person to (a preset's or style's
 * draft schema, the prompt history's 8 000 characters): a row from another device that says more is never
 * written, so it cannot break the lists that read these tables back.
 */
export const SHARED_VALUE_SCHEMAS = {
  preset: z.strictObject({
    name: presetDraftSchema.shape.name,
    family: familyIdSchema,
    body: bodyOf(presetDraftSchema),
    updatedAt: when,
  }),
  style: z.strictObject({
    name: presetDraftSchema.shape.name,
    body: bodyOf(styleDraftSchema),
    updatedAt: when,
  }),
  pin: z.strictObject({ pinnedAt: when }),
  prompt: z.strictObject({
    text: z.string().min(1).max(PROMPT_TEXT_MAX),
    family: familyIdSchema,
    sentAt: when,
    taskId: z.string().min(1).max(200).nullable(),
    itemId: z.string().min(1).max(200).nullable(),
  }),
} as const satisfies Record<SharedKind, z.ZodType>;

/** The key each kind's rows go by: a preset's or style's id, a pinned text, a send's `t:`/`i:` key. */
export const SHARED_KEY_SCHEMAS = {
  preset: presetSchema.shape.id,
  style: presetSchema.shape.id,
  pin: z.string().min(1).max(PROMPT_TEXT_MAX),
  prompt: z.string().regex(/^[ti]:.{1,200}$/su),
} as const satisfies Record<SharedKind, z.ZodType>;

const presetValue = SHARED_VALUE_SCHEMAS.preset;
const styleValue = SHARED_VALUE_SCHEMAS.style;
const pinValue = SHARED_VALUE_SCHEMAS.pin;
const promptValue = SHARED_VALUE_SCHEMAS.prompt;

/** A send is keyed by what it made (a task, or a speech take), the same on every device; the key sync uses. */
const promptKey = (taskId: string | null, itemId: string | null): string | null =>
  taskId !== null ? `t:${taskId}` : itemId !== null ? `i:${itemId}` : null;

function promptWhere(key: string): { column: 'task_id' | 'item_id'; id: string } | null {
  if (key.startsWith('t:')) return { column: 'task_id', id: key.slice(2) };
  if (key.startsWith('i:')) return { column: 'item_id', id: key.slice(2) };
  return null;
}

type Row = Record<string, unknown>;

/** The row's value, or null when there is no such row (deleted, forgotten, unpinned). */
export function readShared(db: DatabaseSync, kind: SharedKind, key: string): unknown {
  switch (kind) {
    case 'preset': {
      const row = db.prepare('SELECT * FROM presets WHERE id = ?').get(key) as Row | undefined;
      return row
        ? { name: row.name, family: row.family, body: row.body, updatedAt: Number(row.updated_at) }
        : null;
    }
    case 'style': {
      const row = db.prepare('SELECT * FROM styles WHERE id = ?').get(key) as Row | undefined;
      return row ? { name: row.name, body: row.body, updatedAt: Number(row.updated_at) } : null;
    }
    case 'pin': {
      const row = db.prepare('SELECT pinned_at FROM prompt_pins WHERE text = ?').get(key) as Row | undefined;
      return row ? { pinnedAt: Number(row.pinned_at) } : null;
    }
    case 'prompt': {
      const where = promptWhere(key);
      if (!where) return null;
      const row = db.prepare(`SELECT * FROM prompt_history WHERE ${where.column} = ?`).get(where.id) as
        Row | undefined;
      return row
        ? {
            text: row.text,
            family: row.family,
            sentAt: Number(row.sent_at),
            taskId: row.task_id ?? null,
            itemId: row.item_id ?? null,
          }
        : null;
    }
  }
}

/** Writes another device's value (null removes the row); answers false when the value is not one it can keep. */
export function writeShared(db: DatabaseSync, kind: SharedKind, key: string, value: unknown): boolean {
  switch (kind) {
    case 'preset': {
      if (value === null) return (db.prepare('DELETE FROM presets WHERE id = ?').run(key), true);
      const v = presetValue.safeParse(value);
      if (!v.success) return false;
      db.prepare(
        'INSERT OR REPLACE INTO presets (id, name, family, body, updated_at) VALUES (?, ?, ?, ?, ?)',
      ).run(key, v.data.name, v.data.family, v.data.body, v.data.updatedAt);
      return true;
    }
    case 'style': {
      if (value === null) return (db.prepare('DELETE FROM styles WHERE id = ?').run(key), true);
      const v = styleValue.safeParse(value);
      if (!v.success) return false;
      db.prepare('INSERT OR REPLACE INTO styles (id, name, body, updated_at) VALUES (?, ?, ?, ?)').run(
        key,
        v.data.name,
        v.data.body,
        v.data.updatedAt,
      );
      return true;
    }
    case 'pin': {
      if (value === null) return (db.prepare('DELETE FROM prompt_pins WHERE text = ?').run(key), true);
      const v = pinValue.safeParse(value);
      if (!v.success) return false;
      db.prepare('INSERT OR REPLACE INTO prompt_pins (text, pinned_at) VALUES (?, ?)').run(
        key,
        v.data.pinnedAt,
      );
      return true;
    }
    case 'prompt': {
      const where = promptWhere(key);
      if (!where) return false;
      if (value === null) {
        db.prepare(`DELETE FROM prompt_history WHERE ${where.column} = ?`).run(where.id);
        return true;
      }
      const v = promptValue.safeParse(value);
      if (!v.success || promptKey(v.data.taskId, v.data.itemId) !== key) return false;
      db.prepare(
        'INSERT OR IGNORE INTO prompt_history (text, family, task_id, item_id, sent_at) VALUES (?, ?, ?, ?, ?)',
      ).run(v.data.text, v.data.family, v.data.taskId, v.data.itemId, v.data.sentAt);
      return true;
    }
  }
}

/** Every row that travels, as sync's keys (a new remote is sent everything). */
export function sharedKeys(db: DatabaseSync): { kind: SharedKind; key: string }[] {
  const keys = (kind: SharedKind, sql: string) =>
    db
      .prepare(sql)
      .all()
      .flatMap((row) => (row.k === null ? [] : [{ kind, key: String(row.k) }]));
  return [
    ...keys('preset', 'SELECT id AS k FROM presets'),
    ...keys('style', 'SELECT id AS k FROM styles'),
    ...keys('pin', 'SELECT text AS k FROM prompt_pins'),
    ...keys(
      'prompt',
      `SELECT CASE WHEN task_id IS NOT NULL THEN 't:' || task_id WHEN item_id IS NOT NULL THEN 'i:' || item_id END
         AS k FROM prompt_history`,
    ),
  ];
}
