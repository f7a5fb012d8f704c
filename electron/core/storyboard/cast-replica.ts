// The cast's side of library sync: a member's row read and written by the key sync gives it (the member's id),
// as a plain value, as the presets room's replica does for presets. Sync never names cast_members; it asks here.
// A value from another device is hostile until parsed: bounded as the app's own form bounds a person, its
// pictures only stored references (`studio-ref:<sha256>`, a library picture by the sha256 of its bytes, the same
// on every device) or web links, never a path on someone's disk; one that does not parse is not written.
import { z } from 'zod';
import { castMemberDraftSchema, CAST_NAME_PATTERN } from '../../../shared/studio/cast';
import { isReferenceUri } from '../../../shared/studio/references';
import type { DatabaseSync } from '../db/database';

/** A member's id as CastStore makes them (a UUID); bounded so a remote key cannot be anything else. */
export const CAST_KEY_SCHEMA = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

const BODY_MAX = 16 * 1024;

/** A picture another device may send: a stored reference by its hash, or an http(s) link. */
export function isSyncableReference(value: string): boolean {
  if (isReferenceUri(value)) return true;
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const syncedDraft = castMemberDraftSchema.superRefine((draft, context) => {
  draft.references.forEach((reference, i) => {
    if (!isSyncableReference(reference))
      context.addIssue({
        code: 'custom',
        path: ['references', i],
        message: 'not a stored reference or a web link',
      });
  });
});

export const CAST_VALUE_SCHEMA = z
  .strictObject({
    name: z.string().regex(CAST_NAME_PATTERN),
    /** The member's draft as the cast store keeps it, read back through the draft's own schema. */
    body: z
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
        const draft = syncedDraft.safeParse(parsed);
        if (!draft.success) {
          const issue = draft.error.issues[0];
          context.addIssue({
            code: 'custom',
            message: `the body is not a cast member: ${issue?.path.join('.') || 'value'}: ${issue?.message}`,
          });
          return z.NEVER;
        }
        return { text: body, name: draft.data.name };
      }),
    updatedAt: z.number().finite().min(0).max(1e14),
  })
  .refine((value) => value.body.name === value.name, { message: 'the name differs from the body' });

interface Row {
  name: string;
  body: string;
  updated_at: number;
}

/** The member's value, or null when there is no such member (deleted). */
export function readCastMember(db: DatabaseSync, id: string): unknown {
  const row = db.prepare('SELECT name, body, updated_at FROM cast_members WHERE id = ?').get(id) as
    Row | undefined;
  return row ? { name: row.name, body: row.body, updatedAt: Number(row.updated_at) } : null;
}

/** The name with the lowest "-2", "-3"… no member but `self` holds (cut to stay within 40 characters). */
function suffixed(db: DatabaseSync, name: string, self: string): string {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${name.slice(0, 40 - suffix.length)}${suffix}`;
    const taken = db
      .prepare('SELECT 1 FROM cast_members WHERE name = ? COLLATE NOCASE AND id <> ?')
      .get(candidate, self);
    if (taken === undefined) return candidate;
  }
}

/** The stored draft with another name (a draft that no longer reads keeps its text; the column names it). */
function renamed(body: string, name: string): string {
  try {
    return JSON.stringify({ ...(JSON.parse(body) as Record<string, unknown>), name });
  } catch {
    return body;
  }
}

/**
 * Writes another device's member (null removes it); answers false when the value is not one it can keep.
 * Names are unique here (`@Mia` must find one member), and two devices may each have made a "Mia": the member
 * with the smaller id keeps the name on every device and the other is renamed ("Mia-2"), the same choice
 * everywhere, so the devices agree without asking each other. A rename of a member already here is this device's
 * edit, sent on the next round like any other.
 */
export function writeCastMember(db: DatabaseSync, id: string, value: unknown): boolean {
  if (!CAST_KEY_SCHEMA.safeParse(id).success) return false;
  if (value === null) {
    db.prepare('DELETE FROM cast_members WHERE id = ?').run(id);
    return true;
  }
  const parsed = CAST_VALUE_SCHEMA.safeParse(value);
  if (!parsed.success) return false;
  const { name, body, updatedAt } = parsed.data;
  let text = body.text;
  let kept = name;
  const holder = db
    .prepare('SELECT id, name, body FROM cast_members WHERE name = ? COLLATE NOCASE AND id <> ?')
    .get(name, id) as { id: string; name: string; body: string } | undefined;
  if (holder && holder.id < id) {
    kept = suffixed(db, name, id);
    text = renamed(text, kept);
  } else if (holder) {
    // The holder steps aside: the name now names the incoming member, on this device as on every other.
    const moved = suffixed(db, holder.name, holder.id);
    db.prepare('UPDATE cast_members SET name = ?, body = ? WHERE id = ?').run(
      moved,
      renamed(holder.body, moved),
      holder.id,
    );
  }
  db.prepare(
    `INSERT INTO cast_members (id, name, body, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, body = excluded.body, updated_at = excluded.updated_at`,
  ).run(id, kept, text, updatedAt);
  return true;
}

/** Every member's id (a new remote is sent the whole cast). */
export function castMemberIds(db: DatabaseSync): string[] {
  return (db.prepare('SELECT id FROM cast_members').all() as { id: string }[]).map((row) => row.id);
}
