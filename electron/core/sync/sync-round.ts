// One round's steps against an open vault: send the outbox (files first, then segments, then the head), read
// the other devices' new segments, fetch thumbnails and (files mode "all") files. Every step is safe to stop at
// any point and run again: the remote only ever gains complete objects, and what this device has applied is
// recorded in the same transaction as the applying.
import { join } from 'node:path';
import PQueue from 'p-queue';
import type { LibraryItem } from '../../../shared/studio/records';
import type { SyncProgress } from '../../../shared/studio/sync';
import { transaction } from '../db';
import type { Library } from '../library';
import { itemsWithoutThumbnail } from '../library/library-reads';
import { thumbnailPathFor } from '../media';
import type { Logger } from '../log';
import { describeThrown } from '../log';
import { downloadBlob, fileFacts, uploadBlob } from './blob-transfer';
import { markWantsPublished, want, wantsOf } from './file-repair';
import type { RemoteVault } from './remote-vault';
import { PathOutsideError } from '../safe-path';
import { UnreadableObjectError } from './remote-gate';
import type { ReadProblems } from './remote-gate';
import { segmentEnvelopeSchema } from './sync-ops';
import type { Segment } from './sync-ops';
import type { SyncState } from './sync-state';

export interface RoundContext {
  state: SyncState;
  library: Library;
  vault: RemoteVault;
  deviceName: string;
  tempDir: string;
  logger: Logger;
  signal: AbortSignal;
  progress: (progress: SyncProgress) => void;
  /** What this round could not read or set aside, for its report. */
  problems: ReadProblems;
  /** Files other devices' heads ask to be sent again (their bytes on the remote failed a check there). */
  othersWant: Set<string>;
}

export interface Moved {
  files: number;
  bytes: number;
}

/** Files sent at once. */
const UPLOAD_CONCURRENCY = 4;
/** Files from this size on are looked up (HEAD) before they are sent. */
const ASK_FIRST_BYTES = 1024 * 1024;

interface Upload {
  path: string;
  sha256: string;
  size: number;
}

/** The files the outbox's new items need on the remote that are not known to be there. */
async function neededUploads(context: RoundContext, segments: Segment[]): Promise<Upload[]> {
  const { state, library } = context;
  const uploads = new Map<string, Upload>();
  for (const segment of segments) {
    for (const op of segment.ops) {
      if (op.op !== 'put') continue;
      const item = library.get(op.id);
      if (!item || item.remoteOnly) continue;
      if (!state.hasBlob(op.record.sha256))
        uploads.set(op.record.sha256, { path: item.path, sha256: item.sha256, size: item.size });
      const thumb = op.record.thumbSha256;
      if (thumb && item.thumbnailPath && !state.hasBlob(thumb)) {
        const facts = await fileFacts(item.thumbnailPath);
        if (facts?.sha256 === thumb) uploads.set(thumb, { path: item.thumbnailPath, ...facts });
      }
    }
  }
  return [...uploads.values()];
}

/**
 * This device's own segments, built here: only their envelope is read back (an op of a row this device's own
 * person wrote beyond sync's bounds is still sent, and the other devices set it aside, saying so). What is
 * written and what a segment on the remote is compared with (device-identity.ts) are these same objects.
 */
export function outboxSegments(state: SyncState): Segment[] {
  return state.outbox().map((row) => segmentEnvelopeSchema.parse(JSON.parse(row.body)) as unknown as Segment);
}

export async function pushOutbox(context: RoundContext): Promise<Moved & { changes: number }> {
  const { state, vault, signal } = context;
  // This device's own segments, built here: only their envelope is read back (an op of a row this device's own
  // person wrote beyond sync's bounds is still sent, and the other devices set it aside, saying so).
  const segments = outboxSegments(state);
  if (segments.length === 0) return { files: 0, bytes: 0, changes: 0 };
  const uploads = await neededUploads(context, segments);
  const bytesTotal = uploads.reduce((sum, u) => sum + u.size, 0);
  let bytesDone = 0;
  let files = 0;
  const report = () =>
    context.progress({
      phase: 'uploading',
      filesDone: files,
      filesTotal: uploads.length,
      bytesDone,
      bytesTotal,
    });
  report();
  const sendOne = async (upload: Upload): Promise<void> => {
    // Another device may have sent the same bytes already; a half-sent object has the wrong size and is sent again.
    // A small file is sent without asking first: resending its same bytes costs what the asking would, and a
    // library's first upload is mostly small files, bound by round trips.
    if (upload.size < ASK_FIRST_BYTES || !(await vault.hasBlob(upload.sha256, upload.size, signal))) {
      try {
        await uploadBlob(vault, upload, (n) => void (bytesDone += n), signal);
      } catch (error) {
        if (
          signal.aborted ||
          !(error instanceof Error) ||
          !/content check failed/.test(describeThrown(error))
        ) {
          throw error;
        }
        // The file on disk is not what the index says (changed by hand): its item goes without a file.
        context.logger.warn('sync: a library file no longer matches its sha256 and was not uploaded', {
          path: upload.path,
        });
        return;
      }
    }
    state.blobStored(upload.sha256);
    files += 1;
    report();
  };
  // A few files at a time, as rclone does: small files are bound by round trips, not bandwidth. The studio's one
  // concurrency helper (p-queue, as the downloads use): the first failure drops what has not started, lets what
  // is running finish, and is what the round throws.
  const queue = new PQueue({ concurrency: UPLOAD_CONCURRENCY });
  let failure: unknown = null;
  for (const upload of uploads) {
    void queue.add(() =>
      sendOne(upload).catch((error: unknown) => {
        failure ??= error;
        queue.clear();
      }),
    );
  }
  await queue.onIdle();
  if (failure !== null) throw failure;
  context.progress({
    phase: 'publishing',
    filesDone: files,
    filesTotal: uploads.length,
    bytesDone,
    bytesTotal,
  });
  for (const segment of segments) await vault.writeSegment(segment, signal);
  const last = segments[segments.length - 1]?.seq ?? state.segmentsPushed();
  const wants = wantsOf(state);
  await vault.writeHead(
    {
      format: 1,
      device: state.device,
      name: context.deviceName,
      segments: last,
      ...(wants.length > 0 ? { wants } : {}),
    },
    signal,
  );
  markWantsPublished(state, wants);
  transaction(state.db, () => {
    state.db.prepare('DELETE FROM sync_outbox WHERE seq <= ?').run(last);
    state.setMeta('segments', String(last));
  });
  return { files, bytes: bytesTotal, changes: segments.reduce((sum, s) => sum + s.ops.length, 0) };
}

/** Thumbnails of items from other devices, fetched eagerly (small) so tiles show before their files. */
export async function fetchThumbnails(context: RoundContext): Promise<Moved> {
  const { state, library, vault, signal } = context;
  const shared = state.db
    .prepare(
      `SELECT id, json_extract(record, '$.thumbSha256') AS sha FROM sync_items
       WHERE json_extract(record, '$.thumbSha256') IS NOT NULL`,
    )
    .all() as { id: string; sha: string }[];
  // The library answers which of them still lack a thumbnail (its table, its read).
  const lacking = itemsWithoutThumbnail(
    state.db,
    shared.map((row) => row.id),
  );
  const rows = shared.filter((row) => lacking.has(row.id));
  let files = 0;
  for (const { id, sha } of rows) {
    const item = library.get(id);
    if (!item) continue;
    const target = thumbnailPathFor(item.path);
    const size = await vault.blobSize(sha, signal);
    if (size === null) continue;
    try {
      await downloadBlob(
        vault,
        { sha256: sha, size },
        target,
        library.dir,
        context.tempDir,
        () => undefined,
        signal,
      );
    } catch (error) {
      if (signal.aborted) throw error;
      context.logger.warn('sync: a thumbnail could not be fetched', { id, error: describeThrown(error) });
      if (error instanceof UnreadableObjectError) {
        context.problems.add({ ...originOf(context, id), what: 'thumbnail', detail: error.detail });
        if (error.damaged) want(state, error.damaged, true);
      }
      continue;
    }
    want(state, sha, false);
    library.replica.setThumbnail(id, target);
    files += 1;
  }
  return { files, bytes: 0 };
}

/** Downloads one remote-only item's file (verified) and files it; answers the item as now filed. */
export async function fetchItemFile(
  context: Pick<RoundContext, 'library' | 'vault' | 'tempDir' | 'signal'>,
  item: LibraryItem,
  onBytes: (n: number) => void,
): Promise<LibraryItem | null> {
  if (!item.remoteOnly) return item;
  await downloadBlob(
    context.vault,
    item,
    item.path,
    context.library.dir,
    context.tempDir,
    onBytes,
    context.signal,
  );
  return context.library.replica.markFetched(item.id, item.path);
}

/** Files mode "all": every remote-only file, one after the other. */
export async function fetchAllFiles(context: RoundContext): Promise<Moved> {
  const items = context.library.replica.remoteOnly();
  const bytesTotal = items.reduce((sum, item) => sum + item.size, 0);
  let bytesDone = 0;
  let files = 0;
  let bytes = 0;
  for (const item of items) {
    context.progress({
      phase: 'downloading',
      filesDone: files,
      filesTotal: items.length,
      bytesDone,
      bytesTotal,
    });
    let counted = 0;
    try {
      await fetchItemFile(context, item, (n) => {
        counted += n;
        bytesDone += n;
      });
    } catch (error) {
      // This file's bytes on the remote are bad or not there yet: it stays remote-only, and the next round (or
      // opening it) fetches it again; every other file still comes down.
      if (context.signal.aborted) throw error;
      bytesDone -= counted;
      if (error instanceof PathOutsideError) {
        // A row filed before the gate with a path out of the library: never written to.
        const detail = `the file of item ${item.id} would lie outside the library folder; it is not fetched`;
        context.problems.add({ ...originOf(context, item.id), what: 'file', detail });
        continue;
      }
      if (!(error instanceof UnreadableObjectError)) throw error;
      context.problems.add({ ...originOf(context, item.id), what: 'file', detail: error.detail });
      if (error.damaged) want(context.state, error.damaged, true);
      continue;
    }
    want(context.state, item.sha256, false);
    files += 1;
    bytes += item.size;
  }
  return { files, bytes };
}

/** The device an item came from, as a problem names it (its agreed origin). */
function originOf(context: RoundContext, id: string): { device: string | null; deviceName: string | null } {
  const agreed = context.state.agreed(id);
  return { device: agreed?.originDevice ?? null, deviceName: agreed?.originName ?? null };
}

export const tempDirOf = (dataDir: string): string => join(dataDir, 'sync', 'tmp');
