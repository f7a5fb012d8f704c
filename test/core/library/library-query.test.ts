import { openStudioDatabase } from '../../../electron/core/studio-database';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library, toFtsQuery } from '../../../electron/core/library';
import type { LibraryItem } from '../../../shared/studio/records';
import { must, png, resultFile, task, tempDir, wav, writeBytes } from './library-fixtures';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 12);

let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;
const items: Record<string, LibraryItem> = {};

// Six items over six days, with distinct kinds, models, costs and sizes, so every filter and sort order
// has exactly one right answer.
beforeAll(async () => {
  let dir: string;
  ({ dir, cleanup } = await tempDir('library-query-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  let now = T0;
  library = new Library({ db, dir: join(dir, 'media'), now: () => now });
  const specs = [
    {
      key: 'cat',
      prompt: 'A ginger cat asleep on a windowsill',
      kind: 'image',
      model: 'image_model_id_i3',
      family: 'image.i3',
      cost: 0.04,
      width: 64,
    },
    {
      key: 'dog',
      prompt: 'A dog running on the beach at sunrise',
      kind: 'image',
      model: 'image_model_id_i2',
      family: 'image.i2',
      cost: 0.1,
      width: 96,
    },
    {
      key: 'catvideo',
      prompt: 'Cats dancing in neon rain',
      kind: 'video',
      model: 'video_model_id_s',
      family: 'video.s',
      cost: 1.5,
      width: 0,
    },
    {
      key: 'song',
      prompt: null,
      kind: 'audio',
      model: 'music_model_id',
      family: 'music.adjustSpeed',
      cost: null,
      width: 0,
    },
    {
      key: 'quote',
      prompt: 'He said "hello" AND left (quietly) -- NEAR the café',
      kind: 'image',
      model: 'image_model_id_i3',
      family: 'image.i3',
      cost: 0.02,
      width: 32,
    },
    {
      key: 'beach',
      prompt: 'Beach huts, pastel colours',
      kind: 'image',
      model: 'image_model_id_i2',
      family: 'image.i2',
      cost: 0.3,
      width: 128,
    },
  ] as const;
  for (const [i, spec] of specs.entries()) {
    now = T0 + i * DAY;
    const isImage = spec.kind === 'image';
    const bytes = isImage
      ? await png(spec.width, spec.width, `#${(i * 40).toString(16).padStart(2, '0')}2030`)
      : spec.kind === 'audio'
        ? wav(1 + i)
        : Buffer.alloc(1000 * (i + 1), i);
    const path = await library.allocatePath(
      `${spec.key}.${isImage ? 'png' : spec.kind === 'audio' ? 'wav' : 'mp4'}`,
    );
    const { size, sha256 } = await writeBytes(path, bytes);
    items[spec.key] = await library.fileDownload({
      task: task({
        model: spec.model,
        family: spec.family,
        cost: spec.cost,
        params: spec.prompt === null ? { task_id: 'x' } : { prompt: spec.prompt },
      }),
      file: resultFile({ kind: isImage ? 'image' : spec.kind === 'audio' ? 'audio' : 'video' }),
      path,
      size,
      sha256,
      mime: isImage ? 'image/png' : spec.kind === 'audio' ? 'audio/wav' : 'video/mp4',
    });
  }
  library.update(must(items.dog).id, { favourite: true });
  library.update(must(items.song).id, { favourite: true });
});
afterAll(async () => {
  db.close();
  await cleanup();
});

const keys = (page: { items: LibraryItem[] }) =>
  page.items.map((item) => Object.entries(items).find(([, v]) => v.id === item.id)?.[0]);

describe('full-text search on prompt (FTS5)', () => {
  it('matches words, any case, as prefixes, all terms required', () => {
    expect(keys(library.query({ search: 'cat' }))).toEqual(['catvideo', 'cat']);
    expect(keys(library.query({ search: 'CAT windowsill' }))).toEqual(['cat']);
    expect(keys(library.query({ search: 'beach' }))).toEqual(['beach', 'dog']);
    expect(keys(library.query({ search: 'beach sunrise' }))).toEqual(['dog']);
    expect(library.query({ search: 'zebra' })).toEqual({ items: [], total: 0 });
  });

  it('folds diacritics', () => {
    expect(keys(library.query({ search: 'cafe' }))).toEqual(['quote']);
  });

  it('treats FTS syntax in user input as plain words, never as operators or errors', () => {
    for (const hostile of [
      '"hello',
      'hello"',
      'AND',
      'NEAR(',
      '(quietly',
      'prompt:hello',
      '-- left',
      '*',
      'he*llo',
      "'; DROP TABLE library_items; --",
      '^said',
      'OR cat',
    ]) {
      expect(() => library.query({ search: hostile }), hostile).not.toThrow();
    }
    expect(keys(library.query({ search: '"hello" AND' }))).toEqual(['quote']);
    expect(keys(library.query({ search: 'OR cat' }))).toEqual([]); // OR is a word to match, not an operator
    expect(library.query({ search: '*** ((( """' })).toEqual({ items: [], total: 0 });
    expect(library.query().total).toBe(6);
  });

  it('quotes every term', () => {
    expect(toFtsQuery('say "hi" NEAR me')).toBe('"say"* """hi"""* "NEAR"* "me"*');
    expect(toFtsQuery('  ')).toBeNull();
  });

  it('an empty search is no filter', () => {
    expect(library.query({ search: '   ' }).total).toBe(6);
  });
});

describe('filters', () => {
  it('by kind, model, family and favourite', () => {
    expect(keys(library.query({ kind: 'video' }))).toEqual(['catvideo']);
    expect(keys(library.query({ kind: 'audio' }))).toEqual(['song']);
    expect(keys(library.query({ model: 'image_model_id_i3' }))).toEqual(['quote', 'cat']);
    expect(keys(library.query({ family: 'image.i2' }))).toEqual(['beach', 'dog']);
    expect(keys(library.query({ favourite: true }))).toEqual(['song', 'dog']);
    expect(library.query({ favourite: false }).total).toBe(4);
    // Through the partial indexes of favourites, alone and by kind, with model and family checked per row.
    expect(keys(library.query({ favourite: true, kind: 'audio' }))).toEqual(['song']);
    expect(keys(library.query({ favourite: true, family: 'image.i2' }))).toEqual(['dog']);
    expect(keys(library.query({ favourite: true, model: 'image_model_id_i3' }))).toEqual([]);
    expect(keys(library.query({ favourite: false, kind: 'image' }))).toEqual(['beach', 'quote', 'cat']);
  });

  it('by date range, from inclusive and to exclusive', () => {
    expect(keys(library.query({ from: T0 + DAY, to: T0 + 3 * DAY }))).toEqual(['catvideo', 'dog']);
    expect(keys(library.query({ from: T0 + 5 * DAY }))).toEqual(['beach']);
    expect(keys(library.query({ to: T0 + DAY }))).toEqual(['cat']);
  });

  it('combine with search', () => {
    expect(keys(library.query({ search: 'cat', kind: 'image' }))).toEqual(['cat']);
    expect(keys(library.query({ search: 'beach', favourite: true }))).toEqual(['dog']);
  });
});

describe('the model list', () => {
  it('names each model once with its count, in order', () => {
    expect(library.models()).toEqual([
      { model: 'image_model_id_i2', count: 2 },
      { model: 'image_model_id_i3', count: 2 },
      { model: 'music_model_id', count: 1 },
      { model: 'video_model_id_s', count: 1 },
    ]);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT model, count(*) FROM library_items GROUP BY model')
      .all();
    expect(JSON.stringify(plan)).toMatch(/COVERING INDEX library_items_model_created/);
  });
});

describe('sorting and paging', () => {
  it('sorts newest, oldest, by cost (unknown last) and by size', () => {
    expect(keys(library.query())).toEqual(['beach', 'quote', 'song', 'catvideo', 'dog', 'cat']);
    expect(keys(library.query({ sort: 'oldest' }))).toEqual([
      'cat',
      'dog',
      'catvideo',
      'song',
      'quote',
      'beach',
    ]);
    expect(keys(library.query({ sort: 'cost' }))).toEqual([
      'catvideo',
      'beach',
      'dog',
      'cat',
      'quote',
      'song',
    ]);
    const bySize = library.query({ sort: 'size' }).items.map((i) => i.size);
    expect(bySize).toEqual([...bySize].sort((a, b) => b - a));
  });

  it('pages with a total that ignores the page', () => {
    const first = library.query({ limit: 4 });
    const second = library.query({ limit: 4, offset: 4 });
    expect(first.total).toBe(6);
    expect(second.total).toBe(6);
    expect(keys(first)).toEqual(['beach', 'quote', 'song', 'catvideo']);
    expect(keys(second)).toEqual(['dog', 'cat']);
    expect(library.query({ limit: 2, offset: 10 })).toEqual({ items: [], total: 6 });
    expect(library.query({ search: 'cat', limit: 1 }).total).toBe(2);
  });
});
