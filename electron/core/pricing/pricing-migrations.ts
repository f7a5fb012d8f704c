// The price book's tables. Observations are kept per gateway base URL, so two gateways' prices never mix;
// features are the request's settings as price-features.ts extracts them (never prompts or URLs).
import type { Migration } from '../db/database';

export const pricingMigrations: readonly Migration[] = [
  {
    id: 'pricing-001',
    up: `
      CREATE TABLE price_observations (
        id INTEGER PRIMARY KEY,
        gateway TEXT NOT NULL,
        family TEXT NOT NULL,
        model TEXT NOT NULL,
        features TEXT NOT NULL,
        cost REAL,
        credits_cost REAL,
        actual_time REAL,
        estimated_time REAL,
        task_id TEXT,
        observed_at INTEGER NOT NULL,
        UNIQUE (gateway, task_id)
      ) STRICT;
      CREATE INDEX price_observations_model ON price_observations(gateway, model, observed_at);
      CREATE TABLE price_usage_priors (
        gateway TEXT NOT NULL,
        model TEXT NOT NULL,
        amount_usd REAL NOT NULL,
        requests INTEGER NOT NULL,
        seeded_at INTEGER NOT NULL,
        PRIMARY KEY (gateway, model)
      ) STRICT;
    `,
  },
];
