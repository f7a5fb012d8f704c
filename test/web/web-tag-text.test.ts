// Tags with control characters (NUL, tab, line breaks): refused with a sentence through the bridge, never stored,
// and stripped from tags stored before the rule by a migration at the next start.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db';
import type { WebMode } from '../../electron/host/web-mode';
import type { BridgeLibraryItem } from '../../shared/bridge';
import { seedLibrary } from '../e2e/seeded-library';
import { callWeb } from './web-call';
import { startTestWebMode, type TestWebMode } from './test-web-mode';

let studio: TestWebMode;
let web: WebMode;
const SENTENCE = 'A tag cannot hold control characters (such as NUL, tab or a line break).';

const items = async (): Promise<BridgeLibraryItem[]> =>
  (await callWeb(web, '/trpc/library.query', undefined, {})).data<{ items: BridgeLibraryItem[] }>()?.items ??
  [];

beforeAll(async () => {
  studio = await startTestWebMode('studio-tag-text-', {}, async (dataDir) => {
    await seedLibrary(dataDir, [
      { prompt: 'a grey heron', colour: '#778899', width: 32, height: 32, cost: 0.04, daysAgo: 1 },
    ]);
    // A row as an older version stored it: a tag with a NUL and one with a line break, and a duplicate once clean.
    const db = openDatabase(join(dataDir, 'studio.db'));
    db.prepare('UPDATE library_items SET tags = ?').run(
      JSON.stringify(['bird\u0000s', 'birds', 'lake\n', '\u0007']),
    );
    db.prepare("DELETE FROM schema_migrations WHERE id = 'library-tags-without-control-characters'").run();
    db.close();
  });
  web = studio.web;
});
afterAll(async () => {
  await studio?.close();
});

describe('tags and control characters', () => {
  it('strips control characters from tags stored before, keeping one of each tag', async () => {
    const [item] = await items();
    expect(item?.tags).toEqual(['birds', 'lake']);
    const tags = await callWeb(web, '/trpc/library.tags', undefined, {});
    expect(tags.data()).toEqual([
      { tag: 'birds', count: 1 },
      { tag: 'lake', count: 1 },
    ]);
  });

  it.each([
    ['a NUL', 'bad\u0000tag'],
    ['a tab', 'two\twords'],
    ['a line break', 'line\nbreak'],
    ['DEL', 'del\u007f'],
  ])('refuses a tag with %s with a sentence, and stores nothing', async (_what, tag) => {
    const [item] = await items();
    const set = await callWeb(web, '/trpc/library.setTags', { id: item?.id, tags: ['fine', tag] });
    expect(set.status).toBe(400);
    expect(set.body).toContain(SENTENCE);
    const bulk = await callWeb(web, '/trpc/library.bulkTags', {
      selection: { ids: [item?.id] },
      add: [tag],
      remove: [],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body).toContain(SENTENCE);
    expect((await items())[0]?.tags).toEqual(['birds', 'lake']);
  });
});
