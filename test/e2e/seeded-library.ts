// A library filled before the studio starts, through the real Library (the downloader's own sink): real PNG
// files of distinct colours and sizes, prompts, costs and dates, so the library's browser tests start from a
// known list without waiting for the demo gateway to make each picture.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { Library } from '../../electron/core/library';
import type { TaskRecord } from '../../shared/studio/records';

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

const FIXTURES = join(process.cwd(), 'electron', 'simulator', 'fixtures');

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

const NOON = Date.UTC(2026, 10, 20, 12);

function seedTask(
  family: TaskRecord['family'],
  model: string,
  kind: TaskRecord['kind'],
  params: Record<string, unknown>,
  at: number,
): TaskRecord {
  return {
    id: randomUUID(),
    remoteId: `remote-${randomUUID()}`,
    family,
    model,
    kind,
    endpoint: kind === 'music' ? 'music' : 'tasks',
    params,
    state: 'completed',
    progress: 100,
    error: null,
    cost: kind === 'video' ? 0.6 : 0.1,
    creditsCost: null,
    estimatedTime: 10,
    createdAt: at,
    updatedAt: at,
    completedAt: at,
    parentTaskId: null,
    downloads: { total: 1, done: 1, failed: 0, expired: 0, missing: [], deleted: 0 },
    reconciliation: null,
  };
}
const DAY = 86_400_000;

/** Files every image into `<dataDir>/library` (web mode's default library folder) and indexes it. */
export async function seedLibrary(
  dataDir: string,
  images: SeedImage[],
  speech: SeedSpeech[] = [],
  media: { videos?: SeedVideo[]; tracks?: SeedTrack[] } = {},
): Promise<void> {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  let now = NOON;
  try {
    const library = new Library({ db, dir: join(dataDir, 'library'), now: () => now });
    for (const image of images) {
      now = NOON - image.daysAgo * DAY;
      const bytes = await sharp({
        create: { width: image.width, height: image.height, channels: 3, background: image.colour },
      })
        .png()
        .toBuffer();
      const path = await library.allocatePath(`${randomUUID()}.png`, now);
      await writeFile(path, bytes);
      const model = image.model ?? 'image_model_id_i3';
      const task: TaskRecord = {
        id: randomUUID(),
        remoteId: `remote-${randomUUID()}`,
        family: 'image.i3',
        model,
        kind: 'image',
        endpoint: 'tasks',
        params: { prompt: image.prompt, size: '1:1', resolution: '1K' },
        state: 'completed',
        progress: 100,
        error: null,
        cost: image.cost,
        creditsCost: image.cost * 10,
        estimatedTime: 10,
        createdAt: now,
        updatedAt: now,
        completedAt: now,
        parentTaskId: null,
        downloads: { total: 1, done: 1, failed: 0, expired: 0, missing: [], deleted: 0 },
        reconciliation: null,
      };
      const item = await library.fileDownload({
        task,
        file: {
          kind: 'image',
          url: `http://127.0.0.1:9/files/${randomUUID()}.png`,
          expiresAt: null,
          index: 0,
          title: null,
          durationSeconds: null,
        },
        path,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        mime: 'image/png',
      });
      if (image.tags || image.favourite) {
        library.update(item.id, { tags: image.tags ?? [], favourite: image.favourite ?? false });
      }
    }
    for (const video of media.videos ?? []) {
      now = NOON - video.daysAgo * DAY;
      const bytes = await readFile(join(FIXTURES, 'video.mp4'));
      const path = await library.allocatePath(`${randomUUID()}.mp4`, now);
      await writeFile(path, bytes);
      const item = await library.fileDownload({
        task: seedTask('video.s', 'video_model_id_s', 'video', { prompt: video.prompt, duration: 5 }, now),
        file: {
          kind: 'video',
          url: `http://127.0.0.1:9/files/${randomUUID()}.mp4`,
          expiresAt: null,
          index: 0,
          title: null,
          durationSeconds: null,
        },
        path,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        mime: 'video/mp4',
      });
      if (video.tags) library.update(item.id, { tags: video.tags });
    }
    for (const track of media.tracks ?? []) {
      now = NOON - track.daysAgo * DAY;
      const task = seedTask(
        'music.addInstrumental',
        'music_model_id',
        'music',
        { prompt: track.prompt },
        now,
      );
      const bytes = await readFile(join(FIXTURES, 'music.mp3'));
      const path = await library.allocatePath(`${randomUUID()}.mp3`, now);
      await writeFile(path, bytes);
      await library.addFromDownload({
        task,
        file: {
          kind: 'audio',
          url: `http://127.0.0.1:9/files/${randomUUID()}.mp3`,
          expiresAt: null,
          index: 0,
          title: track.title,
          durationSeconds: 95,
        },
        path,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        mime: 'audio/mpeg',
      });
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
        const coverPath = await library.allocatePath(`${randomUUID()}.png`, now);
        await writeFile(coverPath, cover);
        await library.addFromDownload({
          task,
          file: {
            kind: 'image',
            url: `http://127.0.0.1:9/files/${randomUUID()}.png`,
            expiresAt: null,
            index: 0,
            title: track.title,
            durationSeconds: 95,
          },
          path: coverPath,
          size: cover.length,
          sha256: createHash('sha256').update(cover).digest('hex'),
          mime: 'image/png',
        });
      }
    }
    for (const spoken of speech) {
      now = NOON - spoken.daysAgo * DAY;
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
