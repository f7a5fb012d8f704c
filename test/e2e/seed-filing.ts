// What the library seeds (seeded-library.ts, seeded-media.ts) share: the day they are dated from, the simulator's
// media fixtures, a finished task as the engine leaves it, and its file put in the library's dated folder and
// described as the downloader hands it over. One place, so the seeds file results exactly as the app does.
import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadedFile } from '../../electron/core/downloads/library-sink';
import type { Library } from '../../electron/core/library';
import { FAMILIES } from '../../shared/catalog';
import { taskKindSchema } from '../../shared/catalog/family-ids';
import type { ResultFile } from '../../shared/gateway/normalized';
import type { TaskRecord } from '../../shared/studio/records';

/** Seeded items are dated back from 2026-11-20 12:00 UTC, so their order in the grid is known. */
export const SEED_NOON = Date.UTC(2026, 10, 20, 12);

/** The simulator's own media (a real H.264 MP4 and an MP3 the browser plays). */
export const SIMULATOR_FIXTURES = join(process.cwd(), 'electron', 'simulator', 'fixtures');

/** A task that completed at `at` with its one file saved, of its family's kind and sent on its endpoint. */
export function finishedTask(
  task: Pick<TaskRecord, 'family' | 'model' | 'params' | 'cost' | 'creditsCost'>,
  at: number,
): TaskRecord {
  return {
    id: randomUUID(),
    remoteId: `remote-${randomUUID()}`,
    kind: taskKindSchema.parse(FAMILIES[task.family].kind),
    endpoint: FAMILIES[task.family].taskEndpoint ?? 'tasks',
    state: 'completed',
    progress: 100,
    error: null,
    estimatedTime: 10,
    createdAt: at,
    updatedAt: at,
    completedAt: at,
    parentTaskId: null,
    downloads: { total: 1, done: 1, failed: 0, expired: 0, missing: [], deleted: 0 },
    reconciliation: null,
    ...task,
  };
}

/**
 * Writes the bytes where the downloader would have saved them on day `at`, and describes them as it hands a
 * finished download to the library (a file link on a closed port: nothing fetches it again).
 */
export async function savedDownload(
  library: Library,
  task: TaskRecord,
  bytes: Buffer,
  file: {
    kind: ResultFile['kind'];
    extension: string;
    mime: string;
    title?: string | null;
    durationSeconds?: number | null;
  },
  at: number,
): Promise<DownloadedFile> {
  const path = await library.allocatePath(`${randomUUID()}.${file.extension}`, at);
  await writeFile(path, bytes);
  return {
    task,
    file: {
      kind: file.kind,
      url: `http://127.0.0.1:9/files/${randomUUID()}.${file.extension}`,
      expiresAt: null,
      index: 0,
      title: file.title ?? null,
      durationSeconds: file.durationSeconds ?? null,
    },
    path,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    mime: file.mime,
  };
}
