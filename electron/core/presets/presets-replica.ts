// The presets room's side of library sync: its rows (saved presets, styles, pinned prompts, the prompt history)
// read and written one at a time by a key sync gives them, as plain values. Sync never names these tables; it
// asks here, as it asks the library's replica for items. A value from another device is parsed, never trusted
// (another build may send more or less): one that does not parse is not written.
import { z } from 'zod';
import { familyIdSchema } from '../../../shared/catalog/family-ids';
import type { DatabaseSync } from '../db/database';

/** What of the presets room travels: a saved preset, a style, a pinned prompt, one send of a prompt. */
export const SHARED_KINDS = ['preset', 'style', 'pin', 'prompt'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

const presetValue = z.object({
  name: z.string(),
  family: familyIdSchema,
  body: z.string(),
  updatedAt: z.number(),
});
const styleValue = z.object({ name: z.string(), body: z.string(), updatedAt: z.number() });
const pinValue = z.object({ pinnedAt: z.number() });
const promptValue = z.object({
  text: z.string().min(1),
  family: familyIdSchema,
  sentAt: z.number(),
  taskId: z.string().nullable(),
  itemId: z.string().nullable(),
});

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
