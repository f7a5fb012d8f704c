// tasks.list pages in SQL: LIMIT/OFFSET with a COUNT beside it, and the download counts of a whole
// page from one GROUP BY (plus one read of the missing files), never one query per task. The statement counter
// wraps the real database the engine and its download manager use.
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { Library } from '../../../electron/core/library/library';
import { TaskEngine } from '../../../electron/core/tasks/task-engine';
import { TaskStore } from '../../../electron/core/tasks/task-store';
import type { GatewayPort } from '../../../electron/core/gateway/gateway-port';
import { newTask } from '../../support/new-task';

const dirs: string[] = [];
const dbs: DatabaseSync[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.isOpen) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Never asked: listing reads only the database. */
const offline: GatewayPort = {
  submit: () => Promise.reject(new Error('offline')),
  getTask: () => Promise.reject(new Error('offline')),
  speech: () => Promise.reject(new Error('offline')),
};

const TASKS = 250;

function seeded(): { engine: TaskEngine; statements: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'studio-task-pages-'));
  dirs.push(dir);
  const db = openStudioDatabase(join(dir, 'studio.db'));
  dbs.push(db);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
  const library = new Library({ db, dir: join(dir, 'library'), now: () => clock.now() });
  const engine = new TaskEngine({
    db,
    gateway: offline,
    clock,
    downloads: { libraryDir: library.dir, sink: library },
  });
  const store = new TaskStore(db);
  const file = db.prepare(
    `INSERT INTO task_files (task_id, ordinal, kind, url, file_index, state, failure, error, updated_at)
     VALUES (?, ?, 'image', ?, ?, ?, ?, ?, 0)`,
  );
  for (let i = 0; i < TASKS; i++) {
    const id = `task-${String(i).padStart(3, '0')}`;
    store.insert(
      newTask({ id, params: { prompt: `task ${i}` }, createdAt: clock.now() + i }),
      i % 2 ? 'completed' : 'failed',
    );
    // One file saved (then deleted from the library: it is not there) and one refused.
    file.run(id, 0, `https://files.example/${id}/0`, 0, 'done', null, null);
    file.run(id, 1, `https://files.example/${id}/1`, 1, 'failed', 'refused', 'HTTP 403');
  }
  // Every statement prepared from here on, as SQLite sees it.
  const statements: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => (statements.push(sql), prepare(sql));
  return { engine, statements };
}

describe('the task list', () => {
  it('returns a page newest first with the total, from SQL', () => {
    const { engine } = seeded();
    const first = engine.list({ limit: 200 });
    const second = engine.list({ limit: 200, offset: 200 });
    expect(first).toHaveLength(200);
    expect(second).toHaveLength(TASKS - 200);
    expect(first[0]?.id).toBe('task-249');
    expect(second.at(-1)?.id).toBe('task-000');
    expect(engine.count()).toBe(TASKS);
    expect(engine.count({ states: ['failed'] })).toBe(TASKS / 2);
    expect(engine.list({ states: ['failed'], limit: 3 }).map((t) => t.id)).toEqual([
      'task-248',
      'task-246',
      'task-244',
    ]);
  });

  it('counts a whole page of downloads in one GROUP BY and one read of the missing files (no N+1)', () => {
    const { engine, statements } = seeded();
    const page = engine.list({ limit: 200 });
    const onFiles = statements.filter((sql) => sql.includes('task_files'));
    expect(onFiles).toHaveLength(2);
    expect(onFiles.filter((sql) => /GROUP BY task_id/.test(sql))).toHaveLength(1);
    expect(page[0]?.downloads).toEqual({
      total: 2,
      done: 1,
      failed: 1,
      expired: 0,
      missing: [{ ordinal: 1, kind: 'image', reason: 'refused', detail: 'HTTP 403', retryAt: null }],
      deleted: 1,
      // The refused file's link carries no expires_at.
      linkExpiresAt: null,
    });
    // One task read alone counts the same way.
    expect(engine.get('task-249')?.downloads).toEqual(page[0]?.downloads);
  });
});
