// One result file into the library: streamed into the day folder under the person's name for it (readable-name.ts),
// through the proxy the gateway calls take, refusing local addresses unless the gateway is on one, then handed to
// the library's sink. The download manager (download-manager.ts) decides when and how often; this is the how.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskRecord } from '../../../shared/studio/records';
import { isDiskFull } from '../db/disk-space';
import { isInsideFolder, PathOutsideError } from '../safe-path';
import type { ProxyRoute } from '../proxy/proxy-route';
import { removeLeftovers } from './download-leftovers';
import { fetchToFile } from './fetch-to-file';
import type { DownloadedFile, LibrarySink } from './library-sink';
import { resultAddressRule } from './local-addresses';
import { dayFolder, readableBaseName } from './readable-name';
import { toResultFile, type FileRow } from './task-file-rows';

/** A file saved into the library: where, how big, its hash and its type. */
export type FetchedFile = Pick<DownloadedFile, 'path' | 'size' | 'sha256' | 'mime'>;

export interface SaveDeps {
  /** Resolved: a fetched path must lie inside it. */
  libraryDir: string;
  sink: LibrarySink;
  gatewayUrl?: () => string | null;
  /** The creator's allowed addresses beyond the rule's own (local-addresses.ts), read for each file. */
  resultAddresses?: () => readonly string[];
  proxy?: () => ProxyRoute | null;
  idleTimeoutMs?: number;
  progressEveryBytes?: number;
}

export async function saveDownload(
  deps: SaveDeps,
  task: TaskRecord,
  row: FileRow,
  signal: AbortSignal,
  onProgress: (receivedBytes: number, totalBytes: number | null) => void,
): Promise<FetchedFile> {
  const proxy = deps.proxy?.() ?? null;
  const { task_id: taskId, ordinal } = row;
  const day = dayFolder(task.createdAt);
  const dir = join(deps.libraryDir, day);
  // The one rule for paths in the library (safe-path.ts): the day folder, and later the file, lie inside it.
  if (!isInsideFolder(deps.libraryDir, join(dir, 'file'))) throw new PathOutsideError(deps.libraryDir, dir);
  // The person's name for it: day, what was asked for, a short id (readable-name.ts).
  const finalName = (idLength: number) =>
    readableBaseName(
      {
        day,
        // A track is known by its title; everything else by what was asked for.
        prompt: row.title ?? (typeof task.params.prompt === 'string' ? task.params.prompt : null),
        fallback: row.kind === 'audio' && task.kind === 'music' ? 'track' : row.kind,
        seed: `${taskId}:${ordinal}`,
      },
      idLength,
    );
  const fetched = await fetchToFile({
    url: row.url,
    dir,
    baseName: `${taskId}-${ordinal}`,
    finalName,
    signal,
    // The one rule for where results may come from (local-addresses.ts), for every hop of the download.
    addresses: await resultAddressRule(deps.gatewayUrl?.() ?? null, deps.resultAddresses?.() ?? []),
    ...(proxy ? { tunnel: (url: URL, s?: AbortSignal) => proxy.tunnel(url, s) } : {}),
    idleTimeoutMs: deps.idleTimeoutMs,
    progressEveryBytes: deps.progressEveryBytes,
    onProgress,
  });
  if (!isInsideFolder(deps.libraryDir, fetched.path)) {
    await rm(fetched.path, { force: true });
    throw new PathOutsideError(deps.libraryDir, fetched.path);
  }
  const { size, sha256, mime } = fetched;
  let { path } = fetched;
  try {
    const filedAt = await deps.sink.addFromDownload({
      task,
      file: toResultFile(row),
      path,
      size,
      sha256,
      mime,
    });
    if (typeof filedAt === 'string' && isInsideFolder(deps.libraryDir, filedAt)) path = filedAt;
  } catch (error) {
    // Not filed for want of room: the copy would be a stray beside the next try's, so it goes now.
    if (isDiskFull(error)) await rm(path, { force: true });
    throw error;
  }
  // Only once the new copy is filed: should this fetch fail (a link expired meanwhile), the earlier bytes stay.
  const { sink } = deps;
  if (sink.indexes) await removeLeftovers(dir, finalName, (at) => sink.indexes?.(at) ?? true);
  return { path, size, sha256, mime };
}
