// A library of pictures, videos and music tracks with chosen settings, filed before the studio starts through
// the real Library (the downloader's own sink), for the tests that compare two items or drag one onto Create.
// Videos and tracks are the simulator's own fixtures (real H.264 and MP3 the browser plays).
import { openStudioDatabase } from '../../electron/core/studio-database';
import { randomUUID, createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { Library } from '../../electron/core/library';
import type { FamilyId } from '../../shared/catalog';
import type { TaskRecord } from '../../shared/studio/records';

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

const NOON = Date.UTC(2026, 10, 20, 12);
const FIXTURES = join(process.cwd(), 'electron', 'simulator', 'fixtures');

export async function seedMedia(dataDir: string, entries: SeedMedia[]): Promise<void> {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  let now = NOON;
  try {
    const library = new Library({ db, dir: join(dataDir, 'library'), now: () => now });
    for (const entry of entries) {
      now = NOON - entry.minutesAgo * 60_000;
      const [bytes, extension, mime, fileKind] =
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
            ? [await readFile(join(FIXTURES, 'video.mp4')), 'mp4', 'video/mp4', 'video' as const]
            : [await readFile(join(FIXTURES, 'music.mp3')), 'mp3', 'audio/mpeg', 'audio' as const];
      const path = await library.allocatePath(`${randomUUID()}.${extension}`, now);
      await writeFile(path, bytes);
      const task: TaskRecord = {
        id: randomUUID(),
        remoteId: `remote-${randomUUID()}`,
        family: entry.family,
        model: entry.model,
        kind: entry.kind === 'track' ? 'music' : entry.kind,
        endpoint: 'tasks',
        params: { prompt: entry.prompt, ...entry.params },
        state: 'completed',
        progress: 100,
        error: null,
        cost: 0.1,
        creditsCost: 1,
        estimatedTime: 10,
        createdAt: now,
        updatedAt: now,
        completedAt: now,
        parentTaskId: null,
        downloads: { total: 1, done: 1, failed: 0, expired: 0, missing: [], deleted: 0 },
        reconciliation: null,
      };
      await library.fileDownload({
        task,
        file: {
          kind: fileKind,
          url: `http://127.0.0.1:9/files/${randomUUID()}.${extension}`,
          expiresAt: null,
          index: 0,
          title: entry.title ?? null,
          durationSeconds: entry.kind === 'image' ? null : entry.kind === 'video' ? 2 : 3,
        },
        path,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        mime,
      });
    }
  } finally {
    db.close();
  }
}
