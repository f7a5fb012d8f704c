// A common word and a rare word take different query plans (walk the sort index vs fetch and sort the
// matches); both must give exactly the page a plain sort of the matches gives.
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import type { LibraryItem, LibraryQuery } from '../../../shared/studio/records';
import { resultFile, task, tempDir, wav, writeBytes } from './library-fixtures';

const COUNT = 240;
let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;
const all: LibraryItem[] = [];

beforeAll(async () => {
  let dir: string;
  ({ dir, cleanup } = await tempDir('library-plans-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  let now = Date.UTC(2026, 0, 1);
  library = new Library({ db, dir: join(dir, 'media'), now: () => now });
  for (let i = 0; i < COUNT; i++) {
    // Creation times out of insertion order, so a plan that sorted by rowid would be caught.
    now = Date.UTC(2026, 0, 1) + ((i * 7919) % COUNT) * 60_000;
    const words = ['common', i % 40 === 0 ? 'rare' : 'filler', i % 2 ? 'odd' : 'even'];
    const path = await library.allocatePath(`a-${i}.wav`);
    const { size, sha256 } = await writeBytes(path, wav(0.01 + i / 10_000));
    all.push(
      await library.fileDownload({
        task: task({ params: { prompt: words.join(' ') }, cost: (i % 13) / 10 }),
        file: resultFile({ kind: 'audio' }),
        path,
        size,
        sha256,
        mime: 'audio/wav',
      }),
    );
  }
});
afterAll(async () => {
  db.close();
  await cleanup();
});

function expected(word: string, q: LibraryQuery): { ids: string[]; total: number } {
  const hits = all.filter((item) => item.prompt?.split(' ').includes(word));
  const by: Record<string, (a: LibraryItem, b: LibraryItem) => number> = {
    newest: (a, b) => b.createdAt - a.createdAt,
    oldest: (a, b) => a.createdAt - b.createdAt,
    // Equal sizes fall back to the most recently filed first, as the library documents.
    size: (a, b) => b.size - a.size || all.indexOf(b) - all.indexOf(a),
  };
  hits.sort(by[q.sort ?? 'newest']);
  const offset = q.offset ?? 0;
  return { ids: hits.slice(offset, offset + (q.limit ?? 50)).map((i) => i.id), total: hits.length };
}

describe('search plans', () => {
  for (const word of ['common', 'odd', 'rare']) {
    for (const q of [
      { limit: 10 },
      { limit: 10, offset: 30 },
      { limit: 25, sort: 'oldest' as const },
      { limit: 25, sort: 'size' as const },
    ]) {
      it(`"${word}" ${JSON.stringify(q)} pages like a plain sort of its matches`, () => {
        const page = library.query({ search: word, ...q });
        const want = expected(word, q);
        expect(page.total).toBe(want.total);
        expect(page.items.map((i) => i.id)).toEqual(want.ids);
      });
    }
  }
});
