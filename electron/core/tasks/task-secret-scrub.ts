// Rows stored before every gateway text was scrubbed may hold an echoed key: this pass finds task errors that
// carry a bearer token, an Authorization value or one of the given secrets, and rewrites them scrubbed. The
// migration runs it once without a key (patterns only); the host runs it at start with the key it holds,
// since a bare key echoed without "Bearer" can only be recognised by knowing it.
import type { DatabaseSync } from 'node:sqlite';
import { scrubErrorTexts, scrubSecretText } from '../../../shared/gateway/secret-scrub';
import { gatewayErrorInfoSchema } from './gateway-errors';

type Secrets = readonly (string | null | undefined)[];

/** Rewrites every task error that holds a secret; returns how many rows changed. */
export function scrubStoredTaskErrors(db: DatabaseSync, secrets: Secrets = []): number {
  const keys = secrets.map((s) => s?.trim().toLowerCase() ?? '').filter((s) => s.length >= 4);
  const clauses = [
    "instr(lower(error), 'bearer') > 0",
    "instr(lower(error), 'authorization') > 0",
    ...keys.map(() => 'instr(lower(error), ?) > 0'),
  ];
  const rows = db
    .prepare(`SELECT id, error FROM tasks WHERE error IS NOT NULL AND (${clauses.join(' OR ')})`)
    .all(...keys) as { id: string; error: string }[];
  const write = db.prepare('UPDATE tasks SET error = ? WHERE id = ?');
  let changed = 0;
  for (const row of rows) {
    const scrubbed = scrubbedJson(row.error, secrets);
    if (scrubbed === row.error) continue;
    write.run(scrubbed, row.id);
    changed++;
  }
  return changed;
}

/** A stored error scrubbed field by field; a row that does not parse is scrubbed as plain text. */
function scrubbedJson(text: string, secrets: Secrets): string {
  try {
    const parsed = gatewayErrorInfoSchema.safeParse(JSON.parse(text));
    if (parsed.success) return JSON.stringify(scrubErrorTexts(parsed.data, secrets));
  } catch {
    // not JSON: fall through
  }
  return scrubSecretText(text, secrets);
}
