import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LibrarySink } from '../../../electron/core/downloads/library-sink';
import { LIBRARY_MIGRATIONS, Library } from '../../../electron/core/library';
import type { LibraryEvent } from '../../../electron/core/library';
import { fileBytes, must, png, resultFile, speechTake, task, wav, writeBytes } from './library-fixtures';
import { useStudioDb } from '../../support/studio-db';

const T0 = Date.UTC(2026, 10, 2, 12);

const studio = useStudioDb('library-');
let clock: number;
let library: Library;

beforeEach(async () => {
  clock = T0;
  library = new Library({ db: studio.db, dir: join(studio.dir, 'media'), now: () => clock });
});

async function addImage(
  options: {
    prompt?: string;
    url?: string;
    bytes?: Buffer;
    name?: string;
    model?: string;
    mime?: string;
  } = {},
) {
  const bytes = options.bytes ?? (await png(640, 480));
  const path = await library.allocatePath(options.name ?? `${crypto.randomUUID()}.png`);
  const { size, sha256 } = await writeBytes(path, bytes);
  return library.fileDownload({
    task: task({
      params: { prompt: options.prompt ?? 'a lighthouse at dusk', size: '4:3' },
      model: options.model ?? 'image_model_id_i3',
    }),
    file: resultFile(options.url ? { url: options.url } : {}),
    path,
    size,
    sha256,
    mime: options.mime ?? 'image/png',
  });
}

describe('filing a download', () => {
  it('indexes every field, reads the dimensions and writes a 320px WebP thumbnail under .thumbs/', async () => {
    const events: LibraryEvent[] = [];
    library.subscribe((e) => events.push(e));
    const bytes = await png(1152, 864);
    const path = await library.allocatePath('t1-0.png');
    const { size, sha256 } = await writeBytes(path, bytes);
    const source = task({ parentTaskId: 'parent-1', cost: 0.05, creditsCost: 0.5 });
    const file = resultFile({ expiresAt: 1_800_000_000 });
    const item = await library.fileDownload({ task: source, file, path, size, sha256, mime: 'image/png' });

    expect(path.startsWith(join(studio.dir, 'media', '2026-11-02'))).toBe(true); // grouped by day
    // The file now carries its settings (file-settings.test.ts): the item names the bytes on disk.
    expect(item.size).toBeGreaterThan(size);
    expect(item.sha256).not.toBe(sha256);
    expect(item).toMatchObject({
      kind: 'image',
      path,
      mime: 'image/png',
      width: 1152,
      height: 864,
      durationSeconds: null,
      prompt: 'a lighthouse at dusk',
      model: 'image_model_id_i3',
      family: 'image.i3',
      params: source.params,
      taskId: source.id,
      remoteTaskId: source.remoteId,
      remoteUrl: file.url,
      expiresAt: 1_800_000_000_000,
      cost: 0.05,
      creditsCost: 0.5,
      createdAt: T0,
      favourite: false,
      tags: [],
      sourceTaskId: 'parent-1',
    });
    expect(item.thumbnailPath).toBe(join(studio.dir, 'media', '2026-11-02', '.thumbs', 't1-0.webp'));
    const thumb = await sharp(must(item.thumbnailPath)).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBe(320);
    expect(thumb.height).toBe(240);
    expect(library.get(item.id)).toEqual(item);
    expect(events).toEqual([{ type: 'library', item, change: 'added' }]);
  });

  it('reads WAV durations from the header', async () => {
    const path = await library.allocatePath('a.wav');
    const { size, sha256 } = await writeBytes(path, wav(2.5));
    const item = await library.fileDownload({
      task: task({
        family: 'music.adjustSpeed',
        kind: 'music',
        endpoint: 'music',
        params: { task_id: 'x', speed: 1.5 },
      }),
      file: resultFile({ kind: 'audio' }),
      path,
      size,
      sha256,
      mime: 'audio/wav',
    });
    expect(item.kind).toBe('audio');
    expect(item.prompt).toBeNull();
    expect(item.durationSeconds).toBeCloseTo(2.5, 5);
    expect(item.thumbnailPath).toBeNull();
  });

  it('keeps the duration the gateway reported over the probe', async () => {
    const item = await fileBytes(library, wav(1), {
      file: { kind: 'audio', durationSeconds: 181 },
      mime: 'audio/wav',
      name: 'm.wav',
    });
    expect(item.durationSeconds).toBe(181);
  });

  it('gives a music entry cover no duration: the reported one belongs to its track', async () => {
    const item = await fileBytes(library, await png(64, 64), {
      file: { kind: 'image', durationSeconds: 181 },
      name: 'cover.png',
    });
    expect(item).toMatchObject({ kind: 'image', width: 64, height: 64, durationSeconds: null });
  });

  it('refuses a path outside the library folder', async () => {
    const outside = join(studio.dir, 'elsewhere.png');
    const { size, sha256 } = await writeBytes(outside, await png(8, 8));
    await expect(
      library.fileDownload({
        task: task(),
        file: resultFile(),
        path: outside,
        size,
        sha256,
        mime: 'image/png',
      }),
    ).rejects.toThrow(/outside the library/);
    expect(existsSync(outside)).toBe(true);
    expect(library.query().total).toBe(0);
  });
});

describe("as the downloader's LibrarySink", () => {
  it('files through addFromDownload and finds the items by task', async () => {
    const sink: LibrarySink = library;
    const source = task();
    for (const index of [0, 1]) {
      const path = await library.allocatePath(`${source.id}-${index}.png`);
      const { size, sha256 } = await writeBytes(path, await png(32 + index, 32));
      await sink.addFromDownload({
        task: source,
        file: resultFile({ index }),
        path,
        size,
        sha256,
        mime: 'image/png',
      });
    }
    expect(library.forTask(source.id).map((i) => i.width)).toEqual([32, 33]);
    expect(library.forTask('other')).toEqual([]);
  });
});

describe('the same remote file is never stored twice', () => {
  it('a second copy of a remote URL returns the first item and removes the new file', async () => {
    const url = 'http://127.0.0.1:9/files/same.png';
    expect(library.has(url)).toBe(false);
    const first = await addImage({ url });
    expect(library.has(url)).toBe(true);
    const second = await addImage({ url, name: 'second.png' });
    expect(second.id).toBe(first.id);
    expect(existsSync(join(dirname(first.path), 'second.png'))).toBe(false);
    expect(existsSync(first.path)).toBe(true);
    expect(library.query().total).toBe(1);
  });

  it('two URLs with the same bytes share one file, kept until the last item is taken out', async () => {
    // A JPEG: a PNG carries its own task's settings (file-settings.test.ts), so two PNGs never share bytes.
    const bytes = await sharp(await png(300, 200, '#ff0000'))
      .jpeg()
      .toBuffer();
    const a = await addImage({ bytes, name: 'a.jpg', mime: 'image/jpeg' });
    const b = await addImage({ bytes, name: 'b.jpg', mime: 'image/jpeg' });
    expect(b.id).not.toBe(a.id);
    expect(b.path).toBe(a.path);
    expect(b.thumbnailPath).toBe(a.thumbnailPath);
    expect(b.width).toBe(300);
    expect(existsSync(join(dirname(a.path), 'b.jpg'))).toBe(false);

    expect(await library.bulk.trash({ ids: [a.id] })).toMatchObject({ count: 1 });
    expect(existsSync(a.path)).toBe(true);
    expect(existsSync(must(a.thumbnailPath))).toBe(true);
    expect(await library.bulk.trash({ ids: [b.id] })).toMatchObject({ count: 1 });
    expect(existsSync(a.path)).toBe(false);
    expect(existsSync(must(a.thumbnailPath))).toBe(false);
    await library.bulk.flush();
  });
});

describe('favourites and tags', () => {
  it('updates, persists and emits', async () => {
    const item = await addImage();
    const events: LibraryEvent[] = [];
    const unsubscribe = library.subscribe((e) => events.push(e));
    const updated = library.update(item.id, { favourite: true, tags: [' sea ', 'dusk', 'sea', ''] });
    expect(updated).toMatchObject({ favourite: true, tags: ['sea', 'dusk'] });
    expect(library.get(item.id)).toEqual(updated);
    expect(events.map((e) => e.change)).toEqual(['updated']);
    unsubscribe();
    library.update(item.id, { favourite: false });
    expect(events).toHaveLength(1);
    expect(library.update('missing', { favourite: true })).toBeNull();
  });
});

describe('speech', () => {
  it('files speech with its text as the prompt, searchable', async () => {
    const item = await speechTake(library, 'Welcome aboard the evening ferry', 1.25);
    expect(item).toMatchObject({
      kind: 'speech',
      family: 'speech',
      prompt: 'Welcome aboard the evening ferry',
      taskId: null,
      remoteUrl: null,
      params: { voice: 'alloy', response_format: 'wav' },
    });
    expect(item.durationSeconds).toBeCloseTo(1.25, 5);
    expect(library.query({ search: 'ferry' }).items.map((i) => i.id)).toEqual([item.id]);
  });
});

describe('persistence', () => {
  it('a second Library on the same file sees the same items and does not re-run its migration', async () => {
    const item = await addImage();
    const again = new Library({ db: studio.reopen(), dir: join(studio.dir, 'media') });
    expect(again.get(item.id)).toEqual(item);
    // Ids, not their order: the table is read in key order, the list runs in the order steps were added.
    const ids = studio.db
      .prepare("SELECT id FROM schema_migrations WHERE id LIKE 'library-%' ORDER BY id")
      .all();
    expect(ids).toEqual(
      LIBRARY_MIGRATIONS.map(({ id }) => ({ id })).sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});
