// The studio's one database: every module's tables, created and changed by one ordered list of migrations run
// when the file is opened, never by a module's constructor. Each module owns the tables its own
// `<module>-migrations.ts` creates and is the only one to read or write them (others ask it: the ownership test,
// test/core/table-owners.test.ts, fails on SQL that names another module's table).
//
// Adding a table or a column: a new step at the end of its module's list, with a new id prefixed by the
// module ('tasks-007'). A new module: its list goes into STUDIO_MIGRATION_LISTS below, after every module whose
// tables it points at (a foreign key, a one-time data move). A step, once released, is never edited or reordered:
// databases that ran it keep its id in schema_migrations.
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase } from './db';
import type { DatabaseSync, Migration, OpenDatabaseOptions } from './db';
import { agentMigrations } from './agents/agent-migrations';
import { downloadMigrations } from './downloads/download-migrations';
import { jobMigrations } from './jobs/job-migrations';
import { LIBRARY_MIGRATIONS } from './library/library-migrations';
import { presetMigrations } from './presets/presets-migrations';
import { pricingMigrations } from './pricing/pricing-migrations';
import { recipeMigrations } from './recipes/recipe-migrations';
import { referenceMigrations } from './references/reference-migrations';
import { regionEditMigrations } from './region-edit/region-edit-migrations';
import { REFERENCES_FOLDER } from './references/reference-store';
import { spendingMigrations } from './spending/spending-migrations';
import { ensureChangeTracking } from './sync/change-tracking';
import { SYNC_MIGRATIONS } from './sync/sync-migrations';
import { speechMigrations } from './speech/speech-migrations';
import { storyboardMigrations } from './storyboard/storyboard-migrations';
import { taskMigrations } from './tasks/task-migrations';

/** Where the reference images of the database at `path` live: beside it, so the data folder moves whole. */
export function referencesDirFor(path: string): string {
  return path === ':memory:'
    ? join(tmpdir(), 'studio-references-memory')
    : join(dirname(path), REFERENCES_FOLDER);
}

/**
 * Every module's migrations, in the order they run. Each list runs after those of the tables it refers to: the
 * downloads' files and the spending column hang off tasks; the spending backfill reads the price book; speech
 * takes go with library items; the references' one-time move rewrites tasks and library items; sync's triggers
 * watch library items.
 */
export function studioMigrations(referencesDir: string, now: () => number = Date.now): readonly Migration[] {
  const STUDIO_MIGRATION_LISTS: readonly (readonly Migration[])[] = [
    taskMigrations,
    downloadMigrations,
    LIBRARY_MIGRATIONS,
    pricingMigrations,
    spendingMigrations,
    referenceMigrations(referencesDir, now),
    speechMigrations,
    presetMigrations,
    recipeMigrations,
    regionEditMigrations,
    storyboardMigrations,
    SYNC_MIGRATIONS,
    jobMigrations,
    agentMigrations,
  ];
  return STUDIO_MIGRATION_LISTS.flat();
}

export interface StudioDatabaseOptions extends OpenDatabaseOptions {
  /** The reference store's folder, for the one-time move of inline images; beside the file by default. */
  referencesDir?: string;
  now?: () => number;
}

/**
 * Opens (creating if needed) the studio's database at `path` with every table of every module in place, then
 * sync's change tracking: last, because a migration that rebuilds a tracked table drops its triggers.
 */
export function openStudioDatabase(path: string, options: StudioDatabaseOptions = {}): DatabaseSync {
  const { referencesDir = referencesDirFor(path), now, ...open } = options;
  const db = openDatabase(path, studioMigrations(referencesDir, now), open);
  try {
    ensureChangeTracking(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
