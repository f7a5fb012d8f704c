// A library filled before the studio starts, through the real Library (the downloader's own sink): real PNG
// files of distinct colours and sizes, prompts, costs and dates, so the library's browser tests start from a
// known list without waiting for the demo gateway to make each picture.
import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../../electron/core/db';
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

/** A mono 8 kHz 16-bit WAV of silence. */
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
  return Buffer.concat([header, Buffer.alloc(dataSize)]);
}

const NOON = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;

/** Files every image into `<dataDir>/library` (web mode's default library folder) and indexes it. */
export async function seedLibrary(
  dataDir: string,
  images: SeedImage[],
  speech: SeedSpeech[] = [],
): Promise<void> {
  const db = openDatabase(join(dataDir, 'studio.db'));
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
