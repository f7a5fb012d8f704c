// The merge between the library's rows and the agreed state, one item at a time, the same for both directions:
// an item marked dirty (changed here) or queued by an op read from another device goes through reconcile().
// 1. What the row shows that its base (what sync last wrote or saw there) does not is this device's change:
//    it becomes ops, stamped now, applied to the agreed state and queued in the outbox.
// 2. The agreed state, now including both sides, is written to the row; it becomes the new base.
// Both in one transaction. Moving files (to the kept trash and back) cannot be inside one, so it is recorded as
// a pending action in the same transaction and done right after; a crash in between finishes it next round.
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { MadeFromLink } from '../../../shared/studio/made-from';
import type { LibraryItem } from '../../../shared/studio/records';
import { transaction } from '../db';
import { isInsideFolder, safeBaseName } from '../safe-path';
import type { Library } from '../library';
import { FORMAT_VERSION } from './sync-ops';
import type { Segment, SyncOp, SyncRecord } from './sync-ops';
import type { AgreedItem, Base, FileAction, SyncState } from './sync-state';

/** Ops per segment and items per transaction: a first push of a big library is many small objects. */
export const BATCH = 400;

export interface ReconcileContext {
  state: SyncState;
  library: Library;
  deviceName: string;
  /** The made-from links of an item's task (the tasks room keeps them). */
  madeFromOf: (item: LibraryItem) => MadeFromLink[];
  /** Writes the links of a task whose item came from another device, so this device's viewer shows its chain. */
  recordMadeFrom: (taskId: string, links: MadeFromLink[]) => void;
}

export interface ReconcileCounts {
  ops: number;
  added: number;
  updated: number;
  trashed: number;
  restored: number;
}

export const noCounts = (): ReconcileCounts => ({ ops: 0, added: 0, updated: 0, trashed: 0, restored: 0 });

function baseOf(item: LibraryItem): Base {
  return {
    alive: true,
    favourite: item.favourite,
    title: item.title,
    cost: { cost: item.cost, creditsCost: item.creditsCost },
    tags: item.tags,
  };
}

function baseOfAgreed(agreed: AgreedItem): Base {
  return {
    alive: agreed.alive,
    favourite: agreed.favourite,
    title: agreed.title,
    cost: agreed.cost,
    tags: agreed.tags,
  };
}

/** This device's changes: what the row shows against its base. */
function localOps(
  state: SyncState,
  row: LibraryItem | null,
  base: Base | null,
  put: (row: LibraryItem) => SyncOp,
): SyncOp[] {
  const tick = () => state.clock.tick();
  if (!row) return base?.alive ? [{ op: 'trash', id: '', hlc: tick() }] : [];
  if (!base) return [put(row)];
  const id = row.id;
  const ops: SyncOp[] = [];
  if (!base.alive) ops.push({ op: 'restore', id, hlc: tick() });
  if (row.favourite !== base.favourite) ops.push({ op: 'favourite', id, hlc: tick(), value: row.favourite });
  if (row.title !== base.title) ops.push({ op: 'title', id, hlc: tick(), value: row.title });
  if (row.cost !== base.cost.cost || row.creditsCost !== base.cost.creditsCost) {
    ops.push({ op: 'cost', id, hlc: tick(), value: { cost: row.cost, creditsCost: row.creditsCost } });
  }
  const had = new Map(base.tags.map((t) => [t.toLowerCase(), t]));
  const has = new Map(row.tags.map((t) => [t.toLowerCase(), t]));
  for (const [key, tag] of has)
    if (had.get(key) !== tag) ops.push({ op: 'tag', id, hlc: tick(), tag, present: true });
  for (const [key, tag] of had)
    if (!has.has(key)) ops.push({ op: 'tag', id, hlc: tick(), tag, present: false });
  return ops;
}

export function recordOf(
  item: LibraryItem,
  thumbSha256: string | null,
  madeFrom: MadeFromLink[],
): SyncRecord {
  return {
    kind: item.kind,
    size: item.size,
    sha256: item.sha256,
    mime: item.mime,
    fileName: basename(item.path),
    thumbSha256,
    width: item.width,
    height: item.height,
    durationSeconds: item.durationSeconds,
    prompt: item.prompt,
    model: item.model,
    family: item.family,
    params: item.params,
    taskId: item.taskId,
    remoteTaskId: item.remoteTaskId,
    remoteUrl: item.remoteUrl,
    expiresAt: item.expiresAt,
    createdAt: item.createdAt,
    sourceTaskId: item.sourceTaskId,
    trackIndex: item.trackIndex,
    ...(item.batch ? { batch: item.batch } : {}),
    madeFrom: [...new Set(madeFrom.map((link) => link.taskId))],
    madeFromLinks: madeFrom,
  };
}

/** Files an item that came from another device, with its task's made-from links. */
function insertFromAgreed(context: ReconcileContext, agreed: AgreedItem & { record: SyncRecord }): boolean {
  const { library, state } = context;
  const item = itemFromAgreed(library, agreed, state.device);
  // Never a row whose file would lie outside the library (safe-path.ts): the gate and the base name already
  // make that impossible; this is the last word before a path is stored that a later fetch would write to.
  if (!isInsideFolder(library.dir, item.path)) return false;
  const inserted = library.replica.insert(item);
  const { taskId, madeFromLinks } = agreed.record;
  if (taskId !== null && madeFromLinks) context.recordMadeFrom(taskId, madeFromLinks);
  return inserted;
}

function dayFolder(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The row an item from another device gets here: the same file if these bytes are already on disk, else remote-only. */
function itemFromAgreed(
  library: Library,
  agreed: AgreedItem & { record: SyncRecord },
  me: string,
): LibraryItem {
  const { record } = agreed;
  const twin = library.bySha256(record.sha256);
  const onDisk = twin !== null && !twin.remoteOnly && existsSync(twin.path);
  // The other device's file name, reduced to a base name: it never chooses a folder here.
  const fileName = safeBaseName(record.fileName, `${record.kind}-${agreed.id.slice(0, 8)}`);
  let path = onDisk ? twin.path : join(library.dir, dayFolder(record.createdAt), fileName);
  if (!onDisk && existsSync(path)) {
    const ext = extname(fileName);
    path = join(
      library.dir,
      dayFolder(record.createdAt),
      safeBaseName(`${basename(fileName, ext)}_${agreed.id.slice(0, 8)}${ext}`),
    );
  }
  return {
    id: agreed.id,
    kind: record.kind,
    path,
    size: record.size,
    sha256: record.sha256,
    mime: record.mime,
    width: record.width,
    height: record.height,
    durationSeconds: record.durationSeconds,
    thumbnailPath: onDisk ? twin.thumbnailPath : null,
    prompt: record.prompt,
    model: record.model,
    family: record.family,
    params: record.params,
    taskId: record.taskId,
    remoteTaskId: record.remoteTaskId,
    remoteUrl: record.remoteUrl,
    expiresAt: record.expiresAt,
    cost: agreed.cost.cost,
    creditsCost: agreed.cost.creditsCost,
    createdAt: record.createdAt,
    favourite: agreed.favourite,
    tags: agreed.tags,
    sourceTaskId: record.sourceTaskId,
    title: agreed.title,
    trackIndex: record.trackIndex,
    ...(record.batch ? { batch: record.batch } : {}),
    ...(agreed.originDevice !== null && agreed.originDevice !== me
      ? { origin: agreed.originName ?? '' }
      : {}),
    ...(onDisk ? {} : { remoteOnly: true as const }),
  };
}

async function sha256File(path: string | null): Promise<string | null> {
  if (path === null) return null;
  try {
    return createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  } catch {
    return null;
  }
}

/** Does a decided file move; safe to repeat (a crash may have come half-way). */
async function finishAction(context: ReconcileContext, id: string, action: FileAction): Promise<void> {
  const { library, state } = context;
  if (action === 'trash') await library.replica.trash(id);
  else {
    const restored = await library.replica.restore(id);
    const agreed = state.agreed(id);
    if (!restored && agreed?.record) insertFromAgreed(context, { ...agreed, record: agreed.record });
    if (agreed) {
      const row = library.get(id);
      if (row)
        library.replica.setFields(id, {
          favourite: agreed.favourite,
          tags: agreed.tags,
          title: agreed.title,
          ...agreed.cost,
        });
    }
  }
  transaction(state.db, () => {
    state.setAction(id, null);
    // The move itself marked the item dirty: its row now matches its base, nothing to send.
    state.clearDirty([id]);
  });
}

export async function finishPendingActions(context: ReconcileContext): Promise<void> {
  for (const { id, action } of context.state.pendingActions()) await finishAction(context, id, action);
}

/**
 * Reconciles every item of one source (dirty here, or changed by other devices) until none is left; this
 * device's changes go into the outbox as segments.
 */
export async function reconcileAll(
  context: ReconcileContext,
  source: 'dirty' | 'apply',
): Promise<ReconcileCounts> {
  const { state, library } = context;
  const counts = noCounts();
  for (;;) {
    const ids = source === 'dirty' ? state.dirty(BATCH) : state.toApply(BATCH);
    if (ids.length === 0) return counts;
    const thumbs = new Map<string, string | null>();
    for (const id of ids) {
      const row = library.get(id);
      if (row && state.base(id) === null) thumbs.set(id, await sha256File(row.thumbnailPath));
    }
    const actions = transaction(state.db, () => {
      const ops: SyncOp[] = [];
      const decided: { id: string; action: FileAction }[] = [];
      for (const id of ids) {
        const row = library.get(id);
        const put = (item: LibraryItem): SyncOp => ({
          op: 'put',
          id: item.id,
          hlc: state.clock.tick(),
          record: recordOf(item, thumbs.get(item.id) ?? null, context.madeFromOf(item)),
          // An item that came from another device keeps its maker's name (pushed again to a new remote).
          origin: { device: state.device, name: item.origin ?? context.deviceName },
          favourite: item.favourite,
          title: item.title,
          cost: { cost: item.cost, creditsCost: item.creditsCost },
          tags: item.tags,
        });
        const mine = localOps(state, row, state.base(id), put).map((op) => ({ ...op, id }));
        for (const op of mine) state.apply(op, false);
        ops.push(...mine);
        const agreed = state.agreed(id);
        state.setAction(id, null);
        if (!agreed?.record) continue; // an edit read before its item: applied when the item arrives
        if (agreed.alive && row) {
          if (
            library.replica.setFields(id, {
              favourite: agreed.favourite,
              tags: agreed.tags,
              title: agreed.title,
              ...agreed.cost,
            })
          ) {
            counts.updated += 1;
          }
        } else if (agreed.alive && !row) {
          if (library.replica.isTrashed(id)) {
            decided.push({ id, action: 'restore' });
            counts.restored += 1;
          } else if (insertFromAgreed(context, { ...agreed, record: agreed.record })) {
            counts.added += 1;
          }
        } else if (!agreed.alive && row) {
          decided.push({ id, action: 'trash' });
          counts.trashed += 1;
        }
        state.setBase(
          id,
          agreed.alive && row ? { ...baseOf(row), ...baseOfAgreed(agreed) } : baseOfAgreed(agreed),
        );
      }
      for (const { id, action } of decided) state.setAction(id, action);
      if (ops.length > 0) {
        const seq = state.segmentsPushed() + state.outbox().length + 1;
        const segment: Segment = { format: FORMAT_VERSION, device: state.device, seq, ops };
        state.db
          .prepare('INSERT INTO sync_outbox (seq, body) VALUES (?, ?)')
          .run(seq, JSON.stringify(segment));
      }
      state.clearDirty(ids);
      state.saveClock();
      counts.ops += ops.length;
      return decided;
    });
    for (const { id, action } of actions) await finishAction(context, id, action);
  }
}
