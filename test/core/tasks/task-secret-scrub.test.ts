// Rows stored before gateway texts were scrubbed: the migration rewrites echoed bearer tokens and Authorization
// values, and the host's pass with the key it holds rewrites a bare echoed key.
import { describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../../electron/core/db/database';
import { taskMigrations } from '../../../electron/core/tasks/task-migrations';
import { scrubStoredTaskErrors } from '../../../electron/core/tasks/task-secret-scrub';

const KEY = 'sk-stored-0123456789ABC';

const error = (message: string) =>
  JSON.stringify({
    httpStatus: null,
    type: 'task_failed',
    code: '',
    message,
    param: null,
    retryable: false,
    retryAfterMs: null,
  });

function insert(db: ReturnType<typeof openDatabase>, id: string, err: string | null): void {
  db.prepare(
    `INSERT INTO tasks (id, family, model, kind, endpoint, params, state, error, created_at, updated_at)
     VALUES (?, 'image.i3', 'm', 'image', 'tasks', '{}', 'failed', ?, 1, 1)`,
  ).run(id, err);
}

const errorOf = (db: ReturnType<typeof openDatabase>, id: string) =>
  (db.prepare('SELECT error FROM tasks WHERE id = ?').get(id) as { error: string | null }).error;

describe('scrubbing stored task errors', () => {
  it('[AUTH-1] the migration rewrites echoed Authorization headers in rows already stored', () => {
    const db = openDatabase(':memory:');
    const before = taskMigrations.filter((m) => m.id !== 'tasks-scrub-echoed-secrets');
    runMigrations(db, before);
    insert(db, 'a', error(`upstream: {"Authorization":"Bearer ${KEY}"}`));
    insert(db, 'b', error(`AUTHORIZATION: bearer ${KEY.toLowerCase()}`));
    insert(db, 'c', error('a plain failure'));
    insert(db, 'd', null);
    runMigrations(db, taskMigrations);
    expect(errorOf(db, 'a')).toBe(error('upstream: {"Authorization":"[redacted]"}'));
    expect(errorOf(db, 'b')).toBe(error('AUTHORIZATION: [redacted]'));
    expect(errorOf(db, 'c')).toBe(error('a plain failure'));
    expect(errorOf(db, 'd')).toBeNull();
    db.close();
  });

  it('[AUTH-1] the pass with the key rewrites a bare echoed key, in any case', () => {
    const db = openDatabase(':memory:', taskMigrations);
    insert(db, 'a', error(`your key ${KEY.toUpperCase()} is not valid`));
    expect(scrubStoredTaskErrors(db, [KEY])).toBe(1);
    expect(errorOf(db, 'a')).toBe(error('your key [redacted] is not valid'));
    expect(scrubStoredTaskErrors(db, [KEY])).toBe(0);
    db.close();
  });
});
