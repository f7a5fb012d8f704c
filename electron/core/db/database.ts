// One SQLite file for the whole core (tasks, downloads, library), opened once and shared. node:sqlite ships
// with Node 24 and Electron 40+, so there is nothing native to rebuild per platform.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * A schema step. Ids are global across subsystems, so prefix them with the owner ('tasks-001',
 * 'library-001'); a step runs once per database file, in the order the caller lists it.
 */
export interface Migration {
  id: string;
  up: string | ((db: DatabaseSync) => void);
}

export interface OpenDatabaseOptions {
  /** How long a writer waits for a lock held by another connection before SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

export type { DatabaseSync };

/** Opens (creating if needed) the file, turns on WAL and foreign keys, and applies pending migrations. */
export function openDatabase(
  path: string,
  migrations: readonly Migration[] = [],
  options: OpenDatabaseOptions = {},
): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, {
    enableForeignKeyConstraints: true,
    timeout: options.busyTimeoutMs ?? 5_000,
  });
  try {
    // WAL lets the bridge read while the engine writes; NORMAL is durable across app crashes in WAL mode.
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
    runMigrations(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Applies the steps not yet recorded in schema_migrations, each in its own transaction with its record, so
 * a crash mid-step leaves the file as it was. Subsystems may call this again on a shared handle with their
 * own list; already-applied ids are skipped.
 */
export function runMigrations(db: DatabaseSync, migrations: readonly Migration[]): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id TEXT PRIMARY KEY,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const seen = new Set<string>();
  for (const m of migrations) {
    if (seen.has(m.id)) throw new Error(`duplicate migration id ${m.id}`);
    seen.add(m.id);
  }
  const applied = new Set(
    db
      .prepare('SELECT id FROM schema_migrations')
      .all()
      .map((row) => String(row.id)),
  );
  const ran: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    transaction(db, () => {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(m.id, Date.now());
    });
    ran.push(m.id);
  }
  return ran;
}

/** Runs fn inside BEGIN IMMEDIATE … COMMIT (rolled back on throw); nested calls join the outer one. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
