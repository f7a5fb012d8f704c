// The spending limits live in the database beside the tasks they count, so whoever spends from this database
// (the app, web mode, the CLI given the same STUDIO_DATA_DIR) is held to the same limits.
import type { DatabaseSync, Migration } from '../db/database';

export const spendingMigrations: readonly Migration[] = [
  {
    id: 'spending-001',
    up: `
      CREATE TABLE spending_limits (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        unit TEXT NOT NULL,
        confirm_above REAL,
        daily REAL,
        monthly REAL,
        time_zone TEXT,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    // Budgets count per gateway: the demo's play money and a live gateway's bills never add up. Each task row
    // carries the gateway it was sent to (normalised base URL, or 'demo'); rows from before are given the
    // gateway the price book learnt their cost from, where it did, and otherwise count for no gateway.
    // Speech takes are billed too but carry no cost in their answer: each paid take is written here with its
    // gateway when it is taken, and its cost once the usage report says it; apart from the library item, so
    // deleting the clip does not give the money back.
    id: 'spending-002',
    up: (db: DatabaseSync) => {
      db.exec(`
        ALTER TABLE tasks ADD COLUMN gateway TEXT;
        CREATE INDEX tasks_gateway_created ON tasks(gateway, created_at);
        CREATE TABLE speech_charges (
          item_id TEXT PRIMARY KEY,
          gateway TEXT NOT NULL,
          charged_at INTEGER NOT NULL,
          cost REAL,
          credits_cost REAL
        ) STRICT;
        CREATE INDEX speech_charges_window ON speech_charges(gateway, charged_at);
      `);
      const learnt = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'price_observations'")
        .get();
      if (learnt) {
        db.exec(`UPDATE tasks SET gateway = (SELECT o.gateway FROM price_observations o WHERE o.task_id = tasks.id
                   ORDER BY o.id LIMIT 1)
                 WHERE gateway IS NULL`);
      }
    },
  },
  {
    // The price to assume for a task of a model with no estimate yet (null: none).
    id: 'spending-003',
    up: 'ALTER TABLE spending_limits ADD COLUMN unknown_price REAL;',
  },
  {
    // A speech take is written before its request leaves, in the transaction that asks the limits (so two
    // processes never pass a budget together), with what it asked for: until the usage report says what it
    // cost, it counts at the price book's estimate of that. Rows from before keep no request and count once
    // their cost is known, as they did.
    id: 'spending-004-speech-intents',
    up: `
      ALTER TABLE speech_charges ADD COLUMN model TEXT;
      ALTER TABLE speech_charges ADD COLUMN params TEXT;
    `,
  },
];
