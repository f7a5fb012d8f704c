// Databases written before reference images were files hold data URLs inside task params and library items.
// Opening one moves each image into the store once and rewrites the rows, except where an I2 resend under its
// Idempotency-Key must repeat the exact bytes it first sent ([EP-IMAGE-I2HDR-1]).
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/database';
import type { DatabaseSync } from '../../../electron/core/db/database';
import { LIBRARY_MIGRATIONS } from '../../../electron/core/library/library-migrations';
import { Library } from '../../../electron/core/library/library';
import { taskMigrations } from '../../../electron/core/tasks/task-migrations';
import { TaskEngine } from '../../../electron/core/tasks/task-engine';
import { dataUrlOf, jsonBytes, MiB, noisePng } from './reference-fixtures';

let dir: string;
const dbs: DatabaseSync[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studio-refs-migration-'));
});
afterEach(async () => {
  for (const db of dbs.splice(0)) if (db.isOpen) db.close();
  await rm(dir, { recursive: true, force: true });
});

function oldDatabase(): DatabaseSync {
  const db = openDatabase(join(dir, 'studio.db'), [...taskMigrations, ...LIBRARY_MIGRATIONS]);
  dbs.push(db);
  return db;
}

function insertTask(
  db: DatabaseSync,
  id: string,
  params: unknown,
  state = 'completed',
  key: string | null = null,
) {
  db.prepare(
    `INSERT INTO tasks (id, family, model, kind, endpoint, params, idempotency_key, state, created_at, updated_at)
     VALUES (?, 'image.i2', 'image_model_id_i2', 'image', 'tasks', ?, ?, ?, 1, 1)`,
  ).run(id, JSON.stringify(params), key, state);
}

function insertItem(db: DatabaseSync, id: string, params: unknown) {
  db.prepare(
    `INSERT INTO library_items (id, kind, path, size, sha256, mime, model, family, params, created_at)
     VALUES (?, 'image', ?, 1, 'x', 'image/png', 'image_model_id_i2', 'image.i2', ?, 1)`,
  ).run(id, join(dir, 'library', `${id}.png`), JSON.stringify(params));
}

const paramsOf = (db: DatabaseSync, table: string, key: string, id: string): Record<string, unknown> =>
  JSON.parse(String(db.prepare(`SELECT params FROM ${table} WHERE ${key} = ?`).get(id)?.params)) as Record<
    string,
    unknown
  >;

it('moves inline data URLs of tasks and library items into the store and rewrites the rows', async () => {
  const png = await noisePng(2 * MiB);
  const url = dataUrlOf(png);
  const other = dataUrlOf(await noisePng(64 * 1024));
  const old = oldDatabase();
  insertTask(old, 't1', { prompt: 'a fox', n: 4, image_urls: [url, other] });
  insertTask(old, 't2', { prompt: 'a cat', image_urls: [url] });
  // Sent once already with a spelling the store would not reproduce (jpg label on PNG bytes): left inline.
  const oddSpelling = url.replace('data:image/png', 'data:image/jpg');
  insertTask(old, 't3', { prompt: 'resend', image_urls: [oddSpelling] }, 'submitting', 'key-3');
  // The same, but spelled as the store spells it: safe to move, the resend expands to the same string.
  insertTask(old, 't4', { prompt: 'resend', image_urls: [url] }, 'submitting', 'key-4');
  insertItem(old, 'i1', { prompt: 'a fox', n: 4, image_urls: [url, other] });
  const before = jsonBytes(paramsOf(old, 'tasks', 'id', 't1'));
  old.close();

  const db = openStudioDatabase(join(dir, 'studio.db'));
  dbs.push(db);
  const library = new Library({ db, dir: join(dir, 'library') });
  const engine = new TaskEngine({ db, gateway: null as never, downloads: null });

  const t1 = engine.get('t1');
  expect(before).toBeGreaterThan(2 * MiB);
  expect(jsonBytes(t1?.params)).toBeLessThan(300);
  const [ref, otherRef] = t1?.params.image_urls as string[];
  expect(ref).toMatch(/^studio-ref:[0-9a-f]{64}$/);
  expect(engine.get('t2')?.params.image_urls).toEqual([ref]);
  expect(engine.get('t4')?.params.image_urls).toEqual([ref]);
  expect(engine.get('t3')?.params.image_urls).toEqual([oddSpelling]);
  expect(library.get('i1')?.params.image_urls).toEqual([ref, otherRef]);

  // One file per image, and it expands back to exactly what was stored.
  expect(db.prepare('SELECT count(*) AS n FROM reference_images').get()).toEqual({ n: 2 });
  const stored = library.references.get(ref?.slice('studio-ref:'.length) ?? '');
  expect(existsSync(stored?.path ?? '')).toBe(true);
  expect(await library.references.expand({ image_urls: [ref] })).toEqual({ image_urls: [url] });
  // The whole database shrank back to rows of ordinary size.
  expect(jsonBytes(library.query().items)).toBeLessThan(4_000);
  await engine.close();
});
