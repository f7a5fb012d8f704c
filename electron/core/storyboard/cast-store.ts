// The cast kept in the studio's database: each member's draft as JSON, read back through its schema (a row that
// no longer reads is left out, never a crash). Names are unique without case, as `@Name` finds them.
import { randomUUID } from 'node:crypto';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { castMemberDraftSchema, type CastMember, type CastMemberDraft } from '../../../shared/studio/cast';
import { systemClock, type Clock } from '../clock';
import type { DatabaseSync } from '../db/database';

interface Row {
  id: string;
  body: string;
  updated_at: number;
}

export class CastStore {
  readonly #db: DatabaseSync;
  readonly #clock: Clock;

  constructor(options: { db: DatabaseSync; clock?: Clock }) {
    this.#db = options.db;
    this.#clock = options.clock ?? systemClock;
  }

  /** Every member, by name. */
  list(): CastMember[] {
    const rows = this.#db
      .prepare('SELECT id, body, updated_at FROM cast_members ORDER BY name COLLATE NOCASE')
      .all() as unknown as Row[];
    return rows.flatMap((row) => {
      const member = memberOf(row);
      return member ? [member] : [];
    });
  }

  get(id: string): CastMember | null {
    const row = this.#db.prepare('SELECT id, body, updated_at FROM cast_members WHERE id = ?').get(id) as
      Row | undefined;
    return row ? memberOf(row) : null;
  }

  /** Saves a new member (no id) or replaces one; a name another member has is refused with a sentence. */
  save(draft: CastMemberDraft, id: string | null = null): CastMember {
    const parsed = castMemberDraftSchema.parse(draft);
    const taken = this.#db
      .prepare('SELECT id FROM cast_members WHERE name = ? COLLATE NOCASE AND id <> ?')
      .get(parsed.name, id ?? '') as { id: string } | undefined;
    if (taken) {
      throw new GatewayError(
        localErrorInfo('validation_error', `A cast member is already named "${parsed.name}".`, {
          param: 'name',
        }),
      );
    }
    const member: CastMember = { ...parsed, id: id ?? randomUUID(), updatedAt: this.#clock.now() };
    this.#db
      .prepare(
        `INSERT INTO cast_members (id, name, body, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, body = excluded.body, updated_at = excluded.updated_at`,
      )
      .run(member.id, member.name, JSON.stringify(parsed), member.updatedAt);
    return member;
  }

  remove(id: string): void {
    this.#db.prepare('DELETE FROM cast_members WHERE id = ?').run(id);
  }
}

function memberOf(row: Row): CastMember | null {
  let value: unknown;
  try {
    value = JSON.parse(row.body);
  } catch {
    return null;
  }
  const draft = castMemberDraftSchema.safeParse(value);
  return draft.success ? { ...draft.data, id: row.id, updatedAt: row.updated_at } : null;
}
