// Bulk actions through web mode over real HTTP, as the renderer calls them: one call per action whatever the
// selection, delete with undo (the file unserved while deleted, served again after Undo, "too late" after the
// window), and a zip export downloaded from /export/ and read back entry by entry.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/core/clock';
import { UNDO_WINDOW_MS } from '../../shared/studio/library-selection';
import type { WebMode } from '../../electron/host/web-mode';
import type { BridgeLibraryItem } from '../../shared/bridge';
import { readFileSettings } from '../../electron/core/library/file-settings';
import { seedLibrary } from '../e2e/seeded-library';
import { callWeb, callWebMode } from './web-call';
import { readZip } from '../support/read-zip';
import { startTestWebMode, type TestWebMode } from './test-web-mode';

let studio: TestWebMode;
let web: WebMode;
// The undo window runs on this clock, so the test can let it pass.
const clock = new ManualClock(Date.now());

interface Page {
  items: BridgeLibraryItem[];
  total: number;
}

const page = async (input: Record<string, unknown> = {}): Promise<Page> => {
  const answer = await callWeb(web, '/trpc/library.query', undefined, input);
  const data = answer.data<Page>();
  if (!data) throw new Error(`library.query failed: ${answer.body}`);
  return data;
};

beforeAll(async () => {
  studio = await startTestWebMode('studio-web-bulk-', { clock }, (dataDir) =>
    seedLibrary(dataDir, [
      { prompt: 'a red fox in snow', colour: '#cc3311', width: 64, height: 64, cost: 0.04, daysAgo: 3 },
      { prompt: 'a red barn at dawn', colour: '#bb2211', width: 64, height: 48, cost: 0.04, daysAgo: 2 },
      {
        prompt: 'a blue whale',
        colour: '#1133cc',
        width: 48,
        height: 64,
        cost: 0.04,
        daysAgo: 1,
        tags: ['sea'],
      },
    ]),
  );
  web = studio.web;
});

afterAll(async () => {
  await studio?.close();
});

describe('bulk actions in web mode', () => {
  it('favours all matching a search but one, and tags picked items, one call each', async () => {
    const reds = await page({ search: 'red' });
    expect(reds.total).toBe(2);
    const [newer, older] = reds.items;
    const fav = await callWeb(web, '/trpc/library.bulkFavourite', {
      selection: { filter: { search: 'red' }, except: [older?.id] },
      favourite: true,
    });
    expect(fav.data()).toEqual({ count: 1 });
    expect((await page({ favourite: true })).items.map((i) => i.id)).toEqual([newer?.id]);

    const whale = (await page({ search: 'whale' })).items[0];
    const tags = await callWeb(web, '/trpc/library.bulkTags', {
      selection: { ids: [whale?.id, newer?.id] },
      add: ['portfolio'],
      remove: ['sea'],
    });
    expect(tags.data()).toEqual({ count: 2 });
    const all = await page();
    expect(all.items.find((i) => i.id === whale?.id)?.tags).toEqual(['portfolio']);
    expect(all.items.find((i) => i.id === newer?.id)?.tags).toEqual(['portfolio']);

    const empty = await callWeb(web, '/trpc/library.bulkTags', {
      selection: { ids: [whale?.id] },
      add: [],
      remove: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('Name a tag to add or remove.');
  });

  it('deletes with undo: unserved while deleted, served again after Undo, too late once done', async () => {
    const before = await page();
    const target = before.items[0];
    if (!target) throw new Error('seeded item missing');
    const media = `/media/${target.relativePath}`;
    expect((await callWebMode(web, media)).status).toBe(200);

    const receipt = await callWeb(web, '/trpc/library.trash', { selection: { ids: [target.id] } });
    const { undoId, count, trash } = receipt.data<{ undoId: string; count: number; trash: string }>() ?? {};
    expect({ count, trash }).toEqual({ count: 1, trash: 'folder' });
    expect((await page()).total).toBe(before.total - 1);
    expect((await callWebMode(web, media)).status).toBe(404);

    const undone = await callWeb(web, '/trpc/library.undoTrash', { undoId });
    expect(undone.data()).toEqual({ restored: 1 });
    const after = await page();
    expect(after.items).toEqual(before.items);
    expect((await callWebMode(web, media)).status).toBe(200);

    const again = await callWeb(web, '/trpc/library.undoTrash', { undoId });
    expect(again.status).toBe(404);
    expect(again.body).toContain('Too late to undo');
  });

  it('exports a zip download with each file and its settings JSON, readable names, once asked', async () => {
    const all = await page();
    const answer = await callWeb(web, '/trpc/library.exportZip', { selection: { filter: {}, except: [] } });
    const zip = answer.data<{ url: string; fileName: string; count: number }>();
    expect(zip).toMatchObject({
      count: 3,
      fileName: expect.stringMatching(/^gateway-studio-.*-3-items\.zip$/),
    });
    const download = await callWebMode(web, zip?.url ?? '');
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain(`filename="${zip?.fileName}"`);
    const entries = await readZip(download.body);
    expect(entries.map((e) => e.name)).toHaveLength(6);
    for (const item of all.items) {
      const slug = (item.prompt ?? '').toLowerCase().replace(/ /g, '-');
      const file = entries.find((e) => e.name.endsWith('.png') && e.name.includes(`_${slug}_`));
      if (!file) throw new Error(`no entry for ${item.prompt}`);
      expect(file.name).toMatch(/^\d{4}-\d{2}-\d{2}_a-[a-z-]+_[0-9a-f]{6}\.png$/);
      const json = entries.find((e) => e.name === file.name.replace(/\.png$/, '.json'));
      const settings = JSON.parse(json?.bytes.toString('utf8') ?? 'null') as unknown;
      expect(settings).toEqual(readFileSettings(file.bytes));
      expect(settings).toMatchObject({
        family: 'image.i3',
        prompt: item.prompt,
        params: { prompt: item.prompt },
      });
    }
  });

  it('downloads an export link once, as documented: a second try says it was used', async () => {
    const answer = await callWeb(web, '/trpc/library.exportZip', { selection: { filter: {}, except: [] } });
    const url = answer.data<{ url: string }>()?.url ?? '';
    expect((await callWebMode(web, url)).status).toBe(200);
    const again = await callWebMode(web, url);
    expect(again.status).toBe(410);
    expect(again.body.toString()).toBe(
      'This export link was already used (each link downloads once): export the items again.',
    );
  });

  it('refuses an export link whose items were deleted with a sentence, never 200 and 0 bytes', async () => {
    const [first] = (await page()).items;
    const one = await callWeb(web, '/trpc/library.exportZip', { selection: { ids: [first?.id] } });
    const all = await callWeb(web, '/trpc/library.exportZip', { selection: { filter: {}, except: [] } });
    const receipt = await callWeb(web, '/trpc/library.trash', { selection: { ids: [first?.id] } });
    expect(receipt.status).toBe(200);
    const gone = await callWebMode(web, one.data<{ url: string }>()?.url ?? '');
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toBe(
      'The items of this export were deleted since the link was made: nothing to download.',
    );
    const some = await callWebMode(web, all.data<{ url: string }>()?.url ?? '');
    expect(some.status).toBe(410);
    expect(some.body.toString()).toBe(
      '1 of the 3 items of this export were deleted since the link was made: export the items again.',
    );
    // Undo brings it back; the links were never spent by a refusal.
    const undone = await callWeb(web, '/trpc/library.undoTrash', {
      undoId: receipt.data<{ undoId: string }>()?.undoId,
    });
    expect(undone.status, undone.body).toBe(200);
    expect((await callWebMode(web, one.data<{ url: string }>()?.url ?? '')).status).toBe(200);
  });

  it('answers an unknown export link with a sentence, and nothing without the session', async () => {
    const missing = await callWebMode(web, '/export/not-a-ticket/x.zip');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('export the items again');
    const port = Number(new URL(web.origin).port);
    const anonymous = await fetch(`http://127.0.0.1:${port}/export/not-a-ticket/x.zip`);
    expect(anonymous.status).toBeGreaterThanOrEqual(401);
    expect(anonymous.status).toBeLessThan(404);
  });

  it("keeps deleted files in the library's own .trash folder once the window passes (no OS trash here)", async () => {
    const target = (await page()).items[0];
    const name = target?.relativePath.split('/').pop() ?? '';
    const receipt = await callWeb(web, '/trpc/library.trash', { selection: { ids: [target?.id] } });
    expect(receipt.data<{ trash: string }>()?.trash).toBe('folder');
    const trashDir = join(studio.dataDir, 'library', '.trash');
    expect(await readdir(trashDir)).not.toContain(name);
    await clock.advance(UNDO_WINDOW_MS);
    await expect.poll(() => readdir(trashDir)).toContain(name);
  });
});
