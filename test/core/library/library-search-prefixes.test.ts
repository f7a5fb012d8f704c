// Search answers each key as it is typed, so its short prefixes ("s", "su", "sun") are served by FTS5 prefix
// indexes (migration library-search-prefix-indexes). They must find exactly what a plain reading of the prompts
// finds, in a library searched before the migration and in one filed after it.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../electron/core/db/database';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import { openStudioDatabase, studioMigrations } from '../../../electron/core/studio-database';
import { fileBytes, png, task, tempDir } from './library-fixtures';

const PROMPTS = [
  'sunset over the harbour',
  'a sun-bleached summer street',
  'Ärger im Café',
  'kale salad, studio light',
  'kalo the red fox',
  'seven swans',
  '日本の夏 festival',
];

let dir: string;
let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('library-prefixes-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  library = new Library({ db, dir: join(dir, 'media') });
});
afterEach(async () => {
  db.close();
  await cleanup();
});

async function fileAll(): Promise<void> {
  const bytes = await png(8, 8);
  for (const prompt of PROMPTS) await fileBytes(library, bytes, { source: task({ params: { prompt } }) });
}

/** The prompts with a word starting with every typed term, read without SQLite (diacritics folded). */
function plainly(typed: string): string[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const terms = typed.split(/\s+/u).filter(Boolean).map(fold);
  return PROMPTS.filter((prompt) => {
    const words = fold(prompt).split(/[^\p{L}\p{N}]+/u);
    return terms.every((term) => words.some((word) => word.startsWith(term)));
  }).sort();
}

const found = (typed: string) =>
  library
    .query({ search: typed, limit: 50 })
    .items.map((item) => item.prompt ?? '')
    .sort();

const TYPED = [
  's',
  'su',
  'sun',
  'suns',
  'k',
  'ka',
  'kal',
  'kalo',
  'ar',
  'är',
  'ARG',
  'caf',
  'kal s',
  'su st',
];

describe('search by prefix', () => {
  it('finds, for prefixes of one to four letters, what a plain reading of the prompts finds', async () => {
    await fileAll();
    for (const typed of TYPED) expect(found(typed), typed).toEqual(plainly(typed));
    expect(plainly('s').length).toBeGreaterThan(2);
  });

  it('keeps the index in step when items are deleted and their prompts change', async () => {
    await fileAll();
    const kalo = library.query({ search: 'kalo', limit: 5 }).items[0];
    db.prepare('DELETE FROM library_items WHERE id = ?').run(kalo?.id ?? '');
    db.prepare("UPDATE library_items SET prompt = 'winter harbour' WHERE prompt = 'seven swans'").run();
    expect(found('ka')).toEqual(['kale salad, studio light']);
    expect(found('w')).toEqual(['winter harbour']);
    expect(found('sev')).toEqual([]);
    db.exec("INSERT INTO library_fts (library_fts) VALUES ('integrity-check')");
  });

  it('rebuilds the index of a library made before prefix indexes, which then finds its old items', async () => {
    // The search table as the first library migration made it, holding items filed under it.
    db.exec(`DROP TABLE library_fts;
      CREATE VIRTUAL TABLE library_fts USING fts5(prompt, content = 'library_items', content_rowid = 'seq',
        tokenize = 'unicode61 remove_diacritics 2')`);
    await fileAll();
    db.prepare('DELETE FROM schema_migrations WHERE id = ?').run('library-search-prefix-indexes');
    runMigrations(db, studioMigrations(join(dir, 'references')));
    const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'library_fts'").get() as {
      sql: string;
    };
    expect(sql.sql).toMatch(/prefix = '1 2 3'/);
    for (const typed of TYPED) expect(found(typed), typed).toEqual(plainly(typed));
    db.exec("INSERT INTO library_fts (library_fts) VALUES ('integrity-check')");
  });
});
