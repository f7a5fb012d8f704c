import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, transaction } from '../../../electron/core/db/database';
import type { Migration } from '../../../electron/core/db/database';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
  dirs.push(dir);
  return join(dir, 'nested', 'studio.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const first: Migration = { id: 'tasks-001', up: 'CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT)' };
const second: Migration = {
  id: 'library-001',
  up: (db) => db.exec('CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a(id))'),
};

describe('openDatabase', () => {
  it('uses WAL and foreign keys and records each migration once across reopenings', () => {
    const file = tempFile();
    const db = openDatabase(file, [first]);
    expect(db.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
    expect(db.prepare('PRAGMA foreign_keys').get()?.foreign_keys).toBe(1);
    db.prepare('INSERT INTO a (v) VALUES (?)').run('kept');
    db.close();

    const again = openDatabase(file, [first, second]);
    expect(again.prepare('SELECT v FROM a').get()?.v).toBe('kept');
    const ids = again
      .prepare('SELECT id FROM schema_migrations ORDER BY id')
      .all()
      .map((r) => r.id);
    expect(ids).toEqual(['library-001', 'tasks-001']);
    expect(() => again.prepare('INSERT INTO b (a_id) VALUES (999)').run()).toThrow(/FOREIGN KEY/);
    expect(runMigrations(again, [first, second])).toEqual([]);
    again.close();
  });

  it('rolls a failing migration back so the file is unchanged and the step retried next time', () => {
    const file = tempFile();
    const broken: Migration = {
      id: 'tasks-002',
      up: 'CREATE TABLE c (id INTEGER); SELECT * FROM missing_table',
    };
    expect(() => openDatabase(file, [first, broken])).toThrow(/missing_table/);
    const db = openDatabase(file, [first]);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'c'").get()?.n).toBe(0);
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()?.n).toBe(1);
    db.close();
  });

  it('refuses duplicate migration ids and rolls back a failed transaction', () => {
    const db = openDatabase(':memory:', [first]);
    expect(() => runMigrations(db, [second, { ...second }])).toThrow(/duplicate/);
    expect(() =>
      transaction(db, () => {
        db.prepare('INSERT INTO a (v) VALUES (?)').run('gone');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare('SELECT count(*) AS n FROM a').get()?.n).toBe(0);
    db.close();
  });
});
