// A picture drawn once by the renderer from an item's file (a video's poster frame, a speech take's waveform),
// stored as the item's thumbnail, never over a picture the item already has, refused for kinds that are not
// drawn from their file and when the bytes are no picture.
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import { THUMBNAIL_WIDTH } from '../../../electron/core/media';
import type { LibraryEvent } from '../../../electron/core/library';
import type { LibraryItem } from '../../../shared/studio/records';
import { must, mp4, png, resultFile, speechTake, task, tempDir, writeBytes } from './library-fixtures';

let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;

async function video(): Promise<LibraryItem> {
  const path = await library.allocatePath('clip.mp4');
  const { size, sha256 } = await writeBytes(path, mp4(1000, 5000));
  return library.fileDownload({
    task: task({ kind: 'video', family: 'video.s', model: 'video_model_id_s' }),
    file: resultFile({ kind: 'video' }),
    path,
    size,
    sha256,
    mime: 'video/mp4',
  });
}

beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = await tempDir('library-poster-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  library = new Library({ db, dir: join(dir, 'media') });
});
afterEach(async () => {
  db.close();
  await cleanup();
});

describe('setPoster', () => {
  it('stores the frame as a thumbnail-sized WebP beside the video and tells the grid', async () => {
    const clip = await video();
    expect(clip.thumbnailPath).toBeNull();
    const events: LibraryEvent[] = [];
    library.subscribe((e) => events.push(e));
    const frame = await png(1280, 720, '#ff8800');
    const updated = must(await library.setPoster(clip.id, frame));
    const thumbnail = must(updated.thumbnailPath);
    expect(existsSync(thumbnail)).toBe(true);
    expect(library.isLibraryFile(thumbnail)).toBe(true);
    const meta = await sharp(thumbnail).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(THUMBNAIL_WIDTH);
    const { dominant } = await sharp(thumbnail).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(must(library.get(clip.id)).thumbnailPath).toBe(thumbnail);
    expect(events).toEqual([{ type: 'library', item: updated, change: 'updated' }]);
  });

  it('keeps a picture the video already has, and ignores items that are no video', async () => {
    const clip = await video();
    const first = must(await library.setPoster(clip.id, await png(64, 36, '#00ff00')));
    expect(await library.setPoster(clip.id, await png(64, 36, '#0000ff'))).toBeNull();
    expect(must(library.get(clip.id)).thumbnailPath).toBe(first.thumbnailPath);
    expect(await library.setPoster('no-such-id', await png(8, 8))).toBeNull();
  });

  it("takes a speech take's drawn waveform, and nothing for a picture, which is its own thumbnail", async () => {
    const take = await speechTake(library, 'Welcome aboard the evening ferry');
    expect(take.thumbnailPath).toBeNull();
    const waveform = must(await library.setPoster(take.id, await png(480, 120, '#7c5cff')));
    expect(must(waveform.thumbnailPath).endsWith('.webp')).toBe(true);
    expect(must(library.get(take.id)).thumbnailPath).toBe(waveform.thumbnailPath);

    const imagePath = await library.allocatePath('still.png');
    const still = await writeBytes(imagePath, await png(32, 32, '#ffffff'));
    const picture = await library.fileDownload({
      task: task(),
      file: resultFile(),
      path: imagePath,
      size: still.size,
      sha256: still.sha256,
      mime: 'image/png',
    });
    const before = picture.thumbnailPath;
    expect(await library.setPoster(picture.id, await png(64, 36, '#0000ff'))).toBeNull();
    expect(must(library.get(picture.id)).thumbnailPath).toBe(before);
  });

  it('refuses bytes that are no picture and leaves the item as it was', async () => {
    const clip = await video();
    await expect(library.setPoster(clip.id, Buffer.from('not a picture'))).rejects.toThrow();
    expect(must(library.get(clip.id)).thumbnailPath).toBeNull();
  });
});
