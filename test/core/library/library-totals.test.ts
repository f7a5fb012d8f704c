// What a library view costs together: summed in SQL over the very filter its pages are read with (search,
// kind, model, family, dates, favourites), each task's charge once however many of its files are shown, speech
// takes each their own charge, unknown costs counted apart and never as 0 ([TASK-8], [TASK-9]).
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import type { LibraryItem, LibraryQuery } from '../../../shared/studio/records';
import { must, png, resultFile, task, tempDir, wav, writeBytes } from './library-fixtures';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 12);

let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;
let now = T0;
const items: Record<string, LibraryItem> = {};

async function image(key: string, t: ReturnType<typeof task>, index: number, colour: string): Promise<void> {
  const path = await library.allocatePath(`${key}.png`);
  const { size, sha256 } = await writeBytes(path, await png(16 + index, 16, colour));
  items[key] = await library.fileDownload({
    task: t,
    file: resultFile({ index }),
    path,
    size,
    sha256,
    mime: 'image/png',
  });
}

beforeAll(async () => {
  let dir: string;
  ({ dir, cleanup } = await tempDir('library-totals-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  library = new Library({ db, dir: join(dir, 'media'), now: () => now });
  // Day 0: one I3 task of four images at 0.04 USD (0.4 credits) for the lot.
  const grid = task({ cost: 0.04, creditsCost: 0.4, params: { prompt: 'four red kites' } });
  for (let i = 0; i < 4; i++) await image(`kite${i}`, grid, i, `#a0${i}0${i}0`);
  // Day 1: a video of 1.50 USD, a favourite.
  now = T0 + DAY;
  await image(
    'video',
    task({
      family: 'video.s',
      model: 'video_model_id_s',
      cost: 1.5,
      creditsCost: 15,
      params: { prompt: 'a kite in a storm' },
    }),
    0,
    '#102030',
  );
  library.update(must(items.video).id, { favourite: true, tags: ['storm'] });
  // Day 2: a task whose cost the gateway never said.
  now = T0 + 2 * DAY;
  await image('nocost', task({ cost: null, creditsCost: null, params: { prompt: 'a boat' } }), 0, '#203040');
  // Day 3: two speech takes; one cost read from the usage report, one not (yet).
  now = T0 + 3 * DAY;
  for (const [key, cost] of [
    ['spoken', 0.0003],
    ['unspoken', null],
  ] as const) {
    const path = await library.allocatePath(`${key}.wav`);
    const { size, sha256 } = await writeBytes(path, wav(1));
    const item = await library.addSpeech({
      path,
      size,
      sha256,
      mime: 'audio/wav',
      model: 'speech_model_id',
      input: `a kite said ${key}`,
      params: { voice: 'alloy' },
    });
    items[key] = cost === null ? item : must(library.setCost(item.id, cost, cost * 10));
  }
});
afterAll(async () => {
  db.close();
  await cleanup();
});

/** The total, checked against the items the same query lists (every page). */
function total(query: LibraryQuery) {
  const result = library.costTotal(query);
  expect(result.count).toBe(library.query({ ...query, limit: 500 }).total);
  return result;
}

describe('the cost of a library view', () => {
  it('counts a task once however many of its files are shown, and unknown costs apart', () => {
    const all = total({});
    expect(all).toMatchObject({ count: 8, unknown: 2 });
    expect(all.usd).toBeCloseTo(0.04 + 1.5 + 0.0003, 9);
    expect(all.credits).toBeCloseTo(0.4 + 15 + 0.003, 9);
  });

  it('follows every filter of the view: kind, model, favourites, dates and the search', () => {
    expect(total({ kind: 'speech' })).toMatchObject({ count: 2, usd: 0.0003, unknown: 1 });
    expect(total({ model: 'video_model_id_s' })).toMatchObject({
      count: 1,
      usd: 1.5,
      credits: 15,
      unknown: 0,
    });
    expect(total({ favourite: true })).toMatchObject({ count: 1, usd: 1.5 });
    expect(total({ from: T0, to: T0 + DAY })).toMatchObject({
      count: 4,
      usd: 0.04,
      credits: 0.4,
      unknown: 0,
    });
    expect(total({ search: 'storm' })).toMatchObject({ count: 1, usd: 1.5 });
    expect(total({ tags: ['storm'] })).toMatchObject({ count: 1, usd: 1.5, unknown: 0 });
    // A search and a filter together: the kites of the images, not the spoken kites.
    const kites = total({ search: 'kite', kind: 'image' });
    expect(kites).toMatchObject({ count: 5, unknown: 0 });
    expect(kites.usd).toBeCloseTo(1.54, 9);
    // Sort, limit and offset do not change what is in the view.
    expect(total({ sort: 'cost', limit: 1, offset: 3 })).toEqual(total({}));
  });

  it('says "unknown", not 0, when no item in the view has a known cost; an empty view is empty', () => {
    expect(total({ search: 'boat' })).toEqual({ count: 1, usd: null, credits: null, unknown: 1 });
    expect(total({ search: 'zebra' })).toEqual({ count: 0, usd: null, credits: null, unknown: 0 });
    // A search with no searchable word is empty without asking SQLite.
    expect(library.costTotal({ search: '***' })).toEqual({ count: 0, usd: null, credits: null, unknown: 0 });
  });
});
