// One round's steps against an open vault: send the outbox (files first, then segments, then the head), read
// the other devices' new segments, fetch thumbnails and (files mode "all") files. Every step is safe to stop at
// any point and run again: the remote only ever gains complete objects, and what this device has applied is
// recorded in the same transaction as the applying.
import { join } from 'node:path';
import type { LibraryItem } from '../../../shared/studio/records';
import type { SyncProgress } from '../../../shared/studio/sync';
import { transaction } from '../db';
import type { Library } from '../library';
import { itemsWithoutThumbnail } from '../library/library-reads';
import { thumbnailPathFor } from '../media';
import type { Logger } from '../log';
import { describeThrown } from '../log';
import { downloadBlob, fileFacts, uploadBlob } from './blob-transfer';
import type { RemoteVault } from './remote-vault';
import { segmentSchema } from './sync-ops';
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

export async function pushOutbox(context: RoundContext): Promise<Moved & { changes: number }> {
  const { state, vault, signal } = context;
  const segments = state.outbox().map((row) => segmentSchema.parse(JSON.parse(row.body)));
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
  // A few files at a time, as rclone does: small files are bound by round trips, not bandwidth.
  const queue = [...uploads];
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    for (let upload = queue.shift(); upload && failure === null; upload = queue.shift()) {
      await sendOne(upload).catch((error: unknown) => {
        failure ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
  if (failure !== null) throw failure;
  context.progress({
    phase: 'publishing',
    filesDone: files,
    filesTotal: uploads.length,
    bytesDone,
    bytesTotal,
  });
  // A first-release remote: this device's earlier segments go to its new folder before the next one does.
  if (vault.legacyDeviceFolder(state.device) !== null && state.meta('legacyLogMoved') === null) {
    await vault.moveLegacyLog(state.device, signal);
    state.setMeta('legacyLogMoved', '1');
  }
  for (const segment of segments) await vault.writeSegment(segment, signal);
  const last = segments[segments.length - 1]?.seq ?? state.segmentsPushed();
  await vault.writeHead(
    { format: 1, device: state.device, name: context.deviceName, segments: last },
    signal,
  );
  transaction(state.db, () => {
    state.db.prepare('DELETE FROM sync_outbox WHERE seq <= ?').run(last);
    state.setMeta('segments', String(last));
  });
  return { files, bytes: bytesTotal, changes: segments.reduce((sum, s) => sum + s.ops.length, 0) };
}

/** Reads every other device's segments past its cursor into the agreed state; answers ops read and devices seen. */
export async function pullLogs(context: RoundContext): Promise<{ changes: number; devices: number }> {
  const { state, vault, signal } = context;
  context.progress({ phase: 'reading', filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 });
  const mine = [vault.deviceFolder(state.device), vault.legacyDeviceFolder(state.device)];
  let changes = 0;
  let devices = 0;
  // First-release folders (device:<id>) last: a device that has moved its log to <id> is read there only.
  const legacy = (folder: string) => folder.startsWith('device:');
  const folders = (await vault.listDeviceFolders(signal)).sort(
    (a, b) => Number(legacy(a)) - Number(legacy(b)),
  );
  const seen = new Set<string>();
  for (const folder of folders) {
    if (mine.includes(folder)) continue;
    if (legacy(folder) && seen.has(folder.slice('device:'.length))) continue;
    const head = await vault.readHeadIn(folder, signal);
    if (!head || head.device === state.device || seen.has(head.device)) continue;
    seen.add(head.device);
    devices += 1;
    for (let seq = state.cursor(head.device) + 1; seq <= head.segments; seq++) {
      const segment = await vault.readSegmentIn(folder, head.device, seq, signal);
      // Not visible yet (an eventually consistent listing): the next round reads it.
      if (!segment || segment.device !== head.device || segment.seq !== seq) break;
      transaction(state.db, () => {
        for (const op of segment.ops) state.apply(op);
        state.setCursor(head.device, seq, head.name);
        state.saveClock();
      });
      changes += segment.ops.length;
    }
  }
  return { changes, devices };
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
      await downloadBlob(vault, { sha256: sha, size }, target, context.tempDir, () => undefined, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      context.logger.warn('sync: a thumbnail could not be fetched', { id, error: describeThrown(error) });
      continue;
    }
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
  await downloadBlob(context.vault, item, item.path, context.tempDir, onBytes, context.signal);
  return context.library.replica.markFetched(item.id, item.path);
}

/** Files mode "all": every remote-only file, one after the other. */
export async function fetchAllFiles(context: RoundContext): Promise<Moved> {
  const items = context.library.replica.remoteOnly();
  const bytesTotal = items.reduce((sum, item) => sum + item.size, 0);
  let bytesDone = 0;
  let files = 0;
  for (const item of items) {
    context.progress({
      phase: 'downloading',
      filesDone: files,
      filesTotal: items.length,
      bytesDone,
      bytesTotal,
    });
    await fetchItemFile(context, item, (n) => {
      bytesDone += n;
    });
    files += 1;
  }
  return { files, bytes: bytesTotal };
}

export const tempDirOf = (dataDir: string): string => join(dataDir, 'sync', 'tmp');
