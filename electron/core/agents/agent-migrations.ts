// The agents' one table: what a keyed paid call that the engine keeps no row for (a recipe's runs, a speech take)
// answered with, so a retry under the same key, in this process or another one after a restart, answers with the
// same runs instead of paying again. The key is already a digest (agent-keys.ts): no text an agent sent is kept.
import type { Migration } from '../db/database';

export const agentMigrations: readonly Migration[] = [
  {
    id: 'agents-001-answers',
    up: `
      CREATE TABLE agent_answers (
        key TEXT PRIMARY KEY,
        tool TEXT NOT NULL,
        answer TEXT,
        claimed_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX agent_answers_claimed ON agent_answers(claimed_at);
    `,
  },
];
