// [SRC-1] [EP-MUSIC-1] A music result is one library item per track: its title, its 1-based position (what a
// music operation names as its source), its duration, the task's style tags, and its cover as the item's picture
// (never an untitled image item of its own), whether the cover is saved before or after the track.
import { openStudioDatabase, studioMigrations } from '../../../electron/core/studio-database';
import { runMigrations } from '../../../electron/core/db/database';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { TaskRecord } from '../../../shared/studio/records';
import { mp4, png, resultFile, task, tempDir, wav, writeBytes } from './library-fixtures';

let dir: string;
let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
  db = openStudioDatabase(join(dir, 'studio.db'));
  library = new Library({ db, dir: join(dir, 'media') });
});
afterEach(async () => {
  db.close();
  await cleanup();
});

const musicTask = (): TaskRecord =>
  task({
    family: 'music.addInstrumental',
    model: 'music_model_id',
    kind: 'music',
    endpoint: 'music',
    params: { task_id: 'music-upload-1', audio_index: 1, tags: 'acoustic, warm' },
  });

async function deliver(
  source: TaskRecord,
  file: Partial<ResultFile>,
  bytes: Buffer,
  name: string,
  mime: string,
) {
  const path = await library.allocatePath(name);
  const { size, sha256 } = await writeBytes(path, bytes);
  await library.addFromDownload({ task: source, file: resultFile(file), path, size, sha256, mime });
}

const track = (index: number, title: string) => ({ index, title, durationSeconds: 3.03 });

describe('music tracks in the library', () => {
  it('files each track once, titled and numbered, with its cover as its picture (cover after the track)', async () => {
    const source = musicTask();
    await deliver(source, { kind: 'audio', ...track(0, 'Night Drive 1') }, wav(1), 'a1.wav', 'audio/wav');
    await deliver(source, { kind: 'audio', ...track(1, 'Night Drive 2') }, wav(1), 'a2.wav', 'audio/wav');
    await deliver(
      source,
      { kind: 'image', ...track(0, 'Night Drive 1') },
      await png(512, 512),
      'c1.png',
      'image/png',
    );

    const items = library.forTask(source.id);
    expect(items.map((i) => [i.kind, i.title, i.trackIndex, i.durationSeconds, i.tags])).toEqual([
      ['audio', 'Night Drive 1', 1, 3.03, ['acoustic', 'warm']],
      ['audio', 'Night Drive 2', 2, 3.03, ['acoustic', 'warm']],
    ]);
    // No untitled image item: the cover is the first track's picture, and only the first track's.
    expect(library.query({ kind: 'image' }).total).toBe(0);
    expect(items[0]?.thumbnailPath).toMatch(/\.webp$/);
    expect(existsSync(items[0]?.thumbnailPath ?? '')).toBe(true);
    expect(items[1]?.thumbnailPath).toBeNull();
  });

  it('gives a track arriving after its cover the cover too, and its music video as well', async () => {
    const source = musicTask();
    const cover = { url: 'http://127.0.0.1:9/files/cover.png' };
    await deliver(
      source,
      { kind: 'image', ...cover, ...track(0, 'Song') },
      await png(512, 512),
      'c.png',
      'image/png',
    );
    // The downloader asks before fetching: a cover already saved is not fetched again.
    expect(library.has(cover.url)).toBe(true);
    await deliver(source, { kind: 'audio', ...track(0, 'Song') }, wav(1), 'a.wav', 'audio/wav');
    await deliver(source, { kind: 'video', ...track(0, 'Song') }, mp4(1000, 2000), 'v.mp4', 'video/mp4');
    const [audio, video] = library.forTask(source.id);
    expect(audio).toMatchObject({ kind: 'audio', title: 'Song', trackIndex: 1 });
    expect(video).toMatchObject({ kind: 'video', title: 'Song', trackIndex: 1 });
    expect(audio?.thumbnailPath).toBeTruthy();
    expect(video?.thumbnailPath).toBe(audio?.thumbnailPath);

    // Deleting one of them leaves the cover for the other.
    await library.bulk.trash({ ids: [audio?.id ?? ''] });
    await library.bulk.flush();
    expect(existsSync(video?.thumbnailPath ?? '')).toBe(true);
  });

  it('gives a track its cover when both arrive at once (the cover filed while the track is probed)', async () => {
    // The downloader fetches a track and its cover side by side; whichever is filed second must find the first.
    const covers = await Promise.all([0, 1, 2].map(() => png(512, 512)));
    const source = musicTask();
    await Promise.all(
      [0, 1, 2].flatMap((i) => [
        deliver(source, { kind: 'audio', ...track(i, `Song ${i}`) }, wav(1 + i), `a${i}.wav`, 'audio/wav'),
        deliver(
          source,
          { kind: 'image', url: `http://127.0.0.1:9/files/cover-${i}.png`, ...track(i, `Song ${i}`) },
          covers[i] ?? Buffer.alloc(0),
          `c${i}.png`,
          'image/png',
        ),
      ]),
    );
    const items = library.forTask(source.id);
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.thumbnailPath, item.title ?? '').toBeTruthy();
  });

  it('mends, once at start, a track an earlier version left without the cover its task has', async () => {
    const source = musicTask();
    await deliver(source, { kind: 'audio', ...track(0, 'Song') }, wav(1), 'a.wav', 'audio/wav');
    await deliver(
      source,
      { kind: 'image', url: 'http://127.0.0.1:9/c.png', ...track(0, 'Song') },
      await png(64, 64),
      'c.png',
      'image/png',
    );
    // The state the race left behind: the cover is filed, the track shows none.
    db.exec('UPDATE library_items SET thumbnail_path = NULL');
    db.prepare('DELETE FROM schema_migrations WHERE id = ?').run('library-tracks-find-their-covers');
    runMigrations(db, studioMigrations(join(dir, 'references')));
    const [audio] = library.forTask(source.id);
    expect(audio?.thumbnailPath).toBeTruthy();
  });

  it('leaves pictures of other tasks as items with no title or track', async () => {
    const source = task();
    await deliver(source, { kind: 'image' }, await png(64, 64), 'i.png', 'image/png');
    expect(library.forTask(source.id)).toMatchObject([
      { kind: 'image', title: null, trackIndex: null, tags: [] },
    ]);
  });
  it('shows the cover embedded in a track with no cover of its own from the gateway', async () => {
    const mp3 = await readFile(join(import.meta.dirname, '..', '..', 'fixtures', 'audio', 'tone-cover.mp3'));
    await deliver(musicTask(), { kind: 'audio', ...track(0, 'Tone') }, mp3, 'tone.mp3', 'audio/mpeg');
    const [item] = library.query().items;
    expect(item?.thumbnailPath).toMatch(/\.webp$/);
    expect((await sharp(item?.thumbnailPath ?? '').metadata()).format).toBe('webp');
  });
});
