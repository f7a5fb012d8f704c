// Tags: the items' tags JSON mirrored into library_tags by triggers, filtering by tags through that
// table's key, and the tag list with counts that the tag editor suggests from.
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../electron/core/library';
import { buildPageQuery } from '../../../electron/core/library/library-query';
import { LIBRARY_MIGRATIONS } from '../../../electron/core/library/library-migrations';
import type { LibraryItem } from '../../../shared/studio/records';
import { fileBytes, must, png, resultFile, task, writeBytes } from './library-fixtures';
import { useStudioDb } from '../../support/studio-db';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 12);

const studio = useStudioDb('library-tags-');
let library: Library;
let now = T0;

async function add(prompt: string, colour: string): Promise<LibraryItem> {
  now += DAY;
  return fileBytes(library, await png(16, 16, colour), {
    source: task({ params: { prompt } }),
    name: `${colour.slice(1)}.png`,
  });
}

const ids = (page: { items: LibraryItem[] }) => page.items.map((item) => item.id);

beforeEach(async () => {
  now = T0;
  library = new Library({ db: studio.db, dir: join(studio.dir, 'media'), now: () => now });
});

describe('filter by tag', () => {
  it('finds the items carrying every tag asked for, whatever their case, newest first', async () => {
    const fox = await add('a red fox in snow', '#aa3311');
    const owl = await add('an owl at night', '#223344');
    const hare = await add('a hare in snow', '#ddeeff');
    library.update(fox.id, { tags: ['winter', 'Animals'] });
    library.update(owl.id, { tags: ['animals', 'night'] });
    library.update(hare.id, { tags: ['winter'] });

    expect(ids(library.query({ tags: ['winter'] }))).toEqual([hare.id, fox.id]);
    expect(ids(library.query({ tags: ['ANIMALS'] }))).toEqual([owl.id, fox.id]);
    expect(ids(library.query({ tags: ['animals', 'winter'] }))).toEqual([fox.id]);
    expect(library.query({ tags: ['animals', 'winter'] }).total).toBe(1);
    expect(library.query({ tags: ['summer'] })).toEqual({ items: [], total: 0 });
    // With the other filters and the search.
    expect(ids(library.query({ tags: ['winter'], search: 'hare' }))).toEqual([hare.id]);
    expect(ids(library.query({ tags: ['winter'], sort: 'oldest' }))).toEqual([fox.id, hare.id]);
    library.update(hare.id, { favourite: true });
    expect(ids(library.query({ tags: ['winter'], favourite: true }))).toEqual([hare.id]);
  });

  it('follows every change of an item: retagging, untagging and deleting', async () => {
    const fox = await add('a red fox', '#aa3311');
    library.update(fox.id, { tags: ['winter'] });
    library.update(fox.id, { tags: ['autumn'] });
    expect(library.query({ tags: ['winter'] }).total).toBe(0);
    expect(ids(library.query({ tags: ['autumn'] }))).toEqual([fox.id]);
    library.update(fox.id, { tags: [] });
    expect(library.query({ tags: ['autumn'] }).total).toBe(0);
    library.update(fox.id, { tags: ['autumn'] });
    await library.bulk.trash({ ids: [fox.id] });
    await library.bulk.flush();
    expect(library.tags()).toEqual([]);
  });

  it('treats a tag as a value, never as SQL or a LIKE pattern', async () => {
    const fox = await add('a red fox', '#aa3311');
    library.update(fox.id, { tags: ["it's 100%", 'a_b'] });
    expect(ids(library.query({ tags: ["it's 100%"] }))).toEqual([fox.id]);
    expect(library.query({ tags: ['%'] }).total).toBe(0);
    expect(library.tags({ prefix: '%' })).toEqual([]);
    expect(library.tags({ prefix: 'a_' })).toEqual([{ tag: 'a_b', count: 1 }]);
    expect(library.tags({ prefix: 'a%' })).toEqual([]);
  });

  it('ignores blank tags in a query', () => {
    const page = buildPageQuery({ tags: [' ', ''] });
    expect(page.filters).toEqual([]);
    expect(buildPageQuery({ tags: [' fox ', 'fox'] }).values).toEqual(['fox']);
  });

  it('is answered through the tag index, not a scan of the items', () => {
    const page = buildPageQuery({ tags: ['winter'] });
    const plan = studio.db
      .prepare(`EXPLAIN QUERY PLAN SELECT i.seq FROM library_items i WHERE ${page.filters.join(' AND ')}`)
      .all(...page.values) as { detail: string }[];
    const details = plan.map((row) => row.detail).join('\n');
    expect(details).toMatch(/SEARCH library_tags USING PRIMARY KEY \(tag=\?\)/);
    expect(details).not.toMatch(/SCAN i\b|SCAN library_items/);
  });
});

describe('the tag list', () => {
  it('lists each tag once with its count, most used first, case folded, and by prefix', async () => {
    const a = await add('one', '#110000');
    const b = await add('two', '#220000');
    const c = await add('three', '#330000');
    library.update(a.id, { tags: ['Winter', 'fox'] });
    library.update(b.id, { tags: ['winter', 'owl'] });
    library.update(c.id, { tags: ['winter', 'Fox', 'fox '] });
    expect(must(library.get(c.id)).tags).toEqual(['winter', 'Fox']);
    const tags = library.tags();
    expect(tags.map((t) => [t.tag.toLowerCase(), t.count])).toEqual([
      ['winter', 3],
      ['fox', 2],
      ['owl', 1],
    ]);
    expect(library.tags({ prefix: 'W' }).map((t) => t.count)).toEqual([3]);
    expect(library.tags({ prefix: 'o' })).toEqual([{ tag: 'owl', count: 1 }]);
    expect(library.tags({ limit: 1 })).toHaveLength(1);
  });

  it('music style tags filed with a track are in it from the start', async () => {
    now += DAY;
    const path = await library.allocatePath('song.wav');
    const { size, sha256 } = await writeBytes(path, Buffer.alloc(64, 1));
    await library.fileDownload({
      task: task({
        kind: 'music',
        family: 'music.addInstrumental',
        params: { prompt: 'x', tags: 'lofi, warm' },
      }),
      file: resultFile({ kind: 'audio', title: 'Song' }),
      path,
      size,
      sha256,
      mime: 'audio/wav',
    });
    expect(library.tags().map((t) => t.tag)).toEqual(['lofi', 'warm']);
  });
});

describe('the migration', () => {
  it('fills library_tags from the tags an older library already holds', async () => {
    const fox = await add('a red fox', '#aa3311');
    library.update(fox.id, { tags: ['winter', 'fox'] });
    // As if this library was made before library-005: the table and triggers gone, the migration not run.
    studio.db.exec(`DROP TABLE library_tags;
      DROP TRIGGER library_items_tags_insert; DROP TRIGGER library_items_tags_update;
      DROP TRIGGER library_items_tags_delete;`);
    studio.db.prepare('DELETE FROM schema_migrations WHERE id = ?').run('library-005');
    expect(LIBRARY_MIGRATIONS.some((m) => m.id === 'library-005')).toBe(true);
    const reopened = new Library({ db: studio.reopen(), dir: join(studio.dir, 'media'), now: () => now });
    expect(ids(reopened.query({ tags: ['fox'] }))).toEqual([fox.id]);
    expect(
      reopened
        .tags()
        .map((t) => t.tag)
        .sort(),
    ).toEqual(['fox', 'winter']);
  });
});
