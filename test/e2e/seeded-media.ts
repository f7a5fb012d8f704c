// A library of pictures, videos and music tracks with chosen settings, filed before the studio starts through
// the real Library (the downloader's own sink), for the tests that compare two items or drag one onto Create.
// Videos and tracks are the simulator's own fixtures (real H.264 and MP3 the browser plays).
import { openStudioDatabase } from '../../electron/core/studio-database';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { Library } from '../../electron/core/library';
import type { FamilyId } from '../../shared/catalog';
import { finishedTask, savedDownload, SEED_NOON, SIMULATOR_FIXTURES } from './seed-filing';

export interface SeedMedia {
  kind: 'image' | 'video' | 'track';
  prompt: string;
  family: FamilyId;
  model: string;
  /** Every parameter but the prompt. */
  params: Record<string, unknown>;
  /** A picture's colour. */
  colour?: string;
  /** A track's title. */
  title?: string;
  /** Minutes before 2026-11-20 12:00 UTC, so the order in the grid is known. */
  minutesAgo: number;
}

/**
 * A picture, a video and a track the library tests seed alike (one of each kind, to drag or compare); a test
 * places them in the grid with its own minutesAgo.
 */
export const FOX_PICTURE = {
  kind: 'image',
  prompt: 'A red fox in fresh snow',
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: { size: '1:1', resolution: '1K' },
  colour: '#c0392b',
} as const satisfies Omit<SeedMedia, 'minutesAgo'>;

export const WAVES_VIDEO = {
  kind: 'video',
  prompt: 'Waves breaking at dawn',
  family: 'video.v1',
  model: 'video_model_id_v1',
  params: { duration: 5 },
} as const satisfies Omit<SeedMedia, 'minutesAgo'>;

export const RAIN_TRACK = {
  kind: 'track',
  prompt: 'Lo-fi rain loop',
  title: 'Lo-fi rain loop',
  family: 'music.concat',
  model: 'music_model_id',
  params: {},
} as const satisfies Omit<SeedMedia, 'minutesAgo'>;

export async function seedMedia(dataDir: string, entries: SeedMedia[]): Promise<void> {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  let now = SEED_NOON;
  try {
    const library = new Library({ db, dir: join(dataDir, 'library'), now: () => now });
    for (const entry of entries) {
      now = SEED_NOON - entry.minutesAgo * 60_000;
      const [bytes, extension, mime, kind] =
        entry.kind === 'image'
          ? [
              await sharp({
                create: { width: 320, height: 240, channels: 3, background: entry.colour ?? '#888888' },
              })
                .png()
                .toBuffer(),
              'png',
              'image/png',
              'image' as const,
            ]
          : entry.kind === 'video'
            ? [await readFile(join(SIMULATOR_FIXTURES, 'video.mp4')), 'mp4', 'video/mp4', 'video' as const]
            : [await readFile(join(SIMULATOR_FIXTURES, 'music.mp3')), 'mp3', 'audio/mpeg', 'audio' as const];
      const task = finishedTask(
        {
          family: entry.family,
          model: entry.model,
          params: { prompt: entry.prompt, ...entry.params },
          cost: 0.1,
          creditsCost: 1,
        },
        now,
      );
      const durationSeconds = entry.kind === 'image' ? null : entry.kind === 'video' ? 2 : 3;
      await library.fileDownload(
        await savedDownload(
          library,
          task,
          bytes,
          { kind, extension, mime, title: entry.title ?? null, durationSeconds },
          now,
        ),
      );
    }
  } finally {
    db.close();
  }
}
