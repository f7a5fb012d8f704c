// A library filled before the studio starts, through the real Library (the downloader's own sink): real PNG
// files of distinct colours and sizes, prompts, costs and dates, so the library's browser tests start from a
// known list without waiting for the demo gateway to make each picture.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { Library } from '../../electron/core/library';
import { finishedTask, savedDownload, SEED_NOON, SIMULATOR_FIXTURES } from './seed-filing';

export interface SeedImage {
  prompt: string;
  colour: string;
  width: number;
  height: number;
  cost: number;
  /** Days before 2026-11-20 12:00 UTC. */
  daysAgo: number;
  model?: string;
  tags?: string[];
  favourite?: boolean;
}

export interface SeedSpeech {
  text: string;
  /** Seconds of silence (a WAV the browser plays). */
  seconds: number;
  daysAgo: number;
}

/** A clip filed from the demo's own video fixture (a real H.264 MP4 the browser plays). */
export interface SeedVideo {
  prompt: string;
  daysAgo: number;
  tags?: string[];
}

/** A music track (the demo's MP3) with a cover of this colour, or none. */
export interface SeedTrack {
  title: string;
  prompt: string;
  cover: string | null;
  daysAgo: number;
}

/**
 * A mono 8 kHz 16-bit WAV that rises and falls like words (a tone under a syllable-rate envelope with pauses),
 * so the waveform drawn from it shows something.
 */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const dataSize = Math.round(seconds * rate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataSize, 40);
  const samples = Buffer.alloc(dataSize);
  for (let i = 0; i < dataSize / 2; i += 1) {
    const t = i / rate;
    const syllable =
      Math.max(0, Math.sin(2 * Math.PI * 3.1 * t)) * (0.35 + 0.65 * Math.abs(Math.sin(0.9 * t)));
    samples.writeInt16LE(Math.round(syllable * 20_000 * Math.sin(2 * Math.PI * 220 * t)), i * 2);
  }
  return Buffer.concat([header, samples]);
}

const DAY = 86_400_000;
const PNG = { kind: 'image', extension: 'png', mime: 'image/png' } as const;

/** Files every image into `<dataDir>/library` (web mode's default library folder) and indexes it. */
export async function seedLibrary(
  dataDir: string,
  images: SeedImage[],
  speech: SeedSpeech[] = [],
  media: { videos?: SeedVideo[]; tracks?: SeedTrack[] } = {},
): Promise<void> {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  let now = SEED_NOON;
  try {
    const library = new Library({ db, dir: join(dataDir, 'library'), now: () => now });
    for (const image of images) {
      now = SEED_NOON - image.daysAgo * DAY;
      const bytes = await sharp({
        create: { width: image.width, height: image.height, channels: 3, background: image.colour },
      })
        .png()
        .toBuffer();
      const task = finishedTask(
        {
          family: 'image.i3',
          model: image.model ?? 'image_model_id_i3',
          params: { prompt: image.prompt, size: '1:1', resolution: '1K' },
          cost: image.cost,
          creditsCost: image.cost * 10,
        },
        now,
      );
      const item = await library.fileDownload(await savedDownload(library, task, bytes, PNG, now));
      if (image.tags || image.favourite) {
        library.update(item.id, { tags: image.tags ?? [], favourite: image.favourite ?? false });
      }
    }
    for (const video of media.videos ?? []) {
      now = SEED_NOON - video.daysAgo * DAY;
      const bytes = await readFile(join(SIMULATOR_FIXTURES, 'video.mp4'));
      const task = finishedTask(
        {
          family: 'video.s',
          model: 'video_model_id_s',
          params: { prompt: video.prompt, duration: 5 },
          cost: 0.6,
          creditsCost: null,
        },
        now,
      );
      const item = await library.fileDownload(
        await savedDownload(
          library,
          task,
          bytes,
          { kind: 'video', extension: 'mp4', mime: 'video/mp4' },
          now,
        ),
      );
      if (video.tags) library.update(item.id, { tags: video.tags });
    }
    for (const track of media.tracks ?? []) {
      now = SEED_NOON - track.daysAgo * DAY;
      const task = finishedTask(
        {
          family: 'music.addInstrumental',
          model: 'music_model_id',
          params: { prompt: track.prompt },
          cost: 0.1,
          creditsCost: null,
        },
        now,
      );
      // The track and its cover as the gateway lists them: one entry's title and duration on both.
      const entry = { title: track.title, durationSeconds: 95 };
      const bytes = await readFile(join(SIMULATOR_FIXTURES, 'music.mp3'));
      await library.addFromDownload(
        await savedDownload(
          library,
          task,
          bytes,
          { kind: 'audio', extension: 'mp3', mime: 'audio/mpeg', ...entry },
          now,
        ),
      );
      if (track.cover) {
        const cover = await sharp({
          create: { width: 512, height: 512, channels: 3, background: track.cover },
        })
          .composite([
            {
              input: Buffer.from(
                `<svg width="512" height="512"><circle cx="256" cy="256" r="150" fill="none" stroke="white" stroke-width="24" opacity="0.6"/></svg>`,
              ),
            },
          ])
          .png()
          .toBuffer();
        await library.addFromDownload(await savedDownload(library, task, cover, { ...PNG, ...entry }, now));
      }
    }
    for (const spoken of speech) {
      now = SEED_NOON - spoken.daysAgo * DAY;
      const bytes = wav(spoken.seconds);
      const path = await library.allocatePath(`${randomUUID()}.wav`, now);
      await writeFile(path, bytes);
      await library.addSpeech({
        path,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        mime: 'audio/wav',
        model: 'tts-1',
        input: spoken.text,
        params: { voice: 'alloy', response_format: 'wav' },
      });
    }
  } finally {
    db.close();
  }
}
