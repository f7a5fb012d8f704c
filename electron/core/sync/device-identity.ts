// A device's id must name one library, but a library folder copied to another computer (a restored backup, a VM
// snapshot, a second machine set up from a copy) takes its database, and so its device id, along. Two copies
// would then write the same segment numbers in one log, each over the other's, and one copy's new items would
// be missing from the remote, the other devices and every restore, with every round saying all went well.
//
// So a device checks, before it writes, that its log on the remote is the one it wrote: a head that names more
// (or fewer) segments than it knows it wrote, or a segment it is about to write that is there already with other
// contents, was written by another copy. The device then takes a new id and sends its whole agreed state again
// under it (re-announces), each field with the stamp it already has, so applying it anywhere changes only what
// another device had not seen; and it reads the old id's log from its start as another device's. It never
// rewrites an existing segment: the copy that wrote first keeps the id and its log stands as written.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db';
import type { Logger } from '../log';
import type { SharedKind } from './shared-rows';
import { BATCH } from './reconcile';
import { UnreadableObjectError } from './remote-gate';
import { DeviceIdTaken } from './remote-vault';
import type { RemoteVault } from './remote-vault';
import { outboxSegments, pushOutbox } from './sync-round';
import type { Moved, RoundContext } from './sync-round';
import { FORMAT_VERSION, syncRecordSchema } from './sync-ops';
import type { CostValue, Segment, SyncOp } from './sync-ops';
import type { ItemRow, SyncState } from './sync-state';

/**
 * Whether the log under this device's id is the one this device wrote: its head names no segment this device
 * did not write (an unsent segment of the outbox that is there with the same contents was written by this device
 * before a crash).
 */
export async function ownLogIsMine(
  state: SyncState,
  vault: RemoteVault,
  outbox: readonly Segment[],
  signal?: AbortSignal,
): Promise<boolean> {
  // A head under this id that does not read was not written by this device either.
  const head = await vault.readHead(state.device, signal).catch((error: unknown) => {
    if (error instanceof UnreadableObjectError) return 'unreadable' as const;
    throw error;
  });
  if (head === 'unreadable') return false;
  if (head === null) return true;
  const known = state.segmentsPushed();
  if (head.device !== state.device || head.segments < known) return false;
  for (let seq = known + 1; seq <= head.segments; seq++) {
    const ours = outbox.find((segment) => segment.seq === seq);
    if (!ours || (await vault.segmentThere(ours, signal)) !== 'same') return false;
  }
  return true;
}

/** The stored row with the stamps of its last-writer-wins fields, which re-announcing carries over. */
interface StampedItemRow extends ItemRow {
  favourite_hlc: string;
  title_hlc: string;
  cost_hlc: string;
}

/** Everything agreed about one item, as ops that carry the stamps they have: applied anywhere, they change only
 * what was not seen there yet. */
function itemOps(db: DatabaseSync, row: StampedItemRow, old: string): SyncOp[] {
  const id = row.id;
  const tags = db.prepare('SELECT tag, present, hlc FROM sync_tags WHERE item_id = ?').all(id) as {
    tag: string;
    present: number;
    hlc: string;
  }[];
  const cost = row.cost === null ? null : (JSON.parse(row.cost) as CostValue);
  const ops: SyncOp[] = [];
  const stamps = [row.favourite_hlc, row.title_hlc, row.cost_hlc, row.live_hlc, ...tags.map((t) => t.hlc)];
  const first = stamps.filter((stamp) => stamp !== '').sort()[0];
  const record = row.record === null ? null : syncRecordSchema.safeParse(JSON.parse(row.record));
  if (record?.success && first !== undefined) {
    // The put at the earliest stamp the item has: every field's own op below, at its own stamp, then wins.
    ops.push({
      op: 'put',
      id,
      hlc: first,
      record: record.data,
      origin: { device: row.origin_device ?? old, name: row.origin_name ?? '' },
      favourite: row.favourite === 1,
      title: row.title,
      cost: cost ?? { cost: null, creditsCost: null },
      tags: [],
    });
  }
  if (row.favourite_hlc !== '')
    ops.push({ op: 'favourite', id, hlc: row.favourite_hlc, value: row.favourite === 1 });
  if (row.title_hlc !== '') ops.push({ op: 'title', id, hlc: row.title_hlc, value: row.title });
  if (row.cost_hlc !== '' && cost) ops.push({ op: 'cost', id, hlc: row.cost_hlc, value: cost });
  for (const tag of tags) ops.push({ op: 'tag', id, hlc: tag.hlc, tag: tag.tag, present: tag.present === 1 });
  if (row.trash_hlc !== '') ops.push({ op: 'trash', id, hlc: row.trash_hlc });
  if (row.live_hlc !== '') ops.push({ op: 'restore', id, hlc: row.live_hlc });
  return ops;
}

function docOps(db: DatabaseSync): SyncOp[] {
  const rows = db.prepare('SELECT kind, key, value, hlc FROM sync_docs ORDER BY kind, key').all() as {
    kind: SharedKind;
    key: string;
    value: string | null;
    hlc: string;
  }[];
  return rows.map((row) => ({
    op: 'doc',
    kind: row.kind,
    id: row.key,
    hlc: row.hlc,
    value: row.value === null ? null : (JSON.parse(row.value) as unknown),
  }));
}

/**
 * Takes a new device id and queues the whole agreed state under it (items, then the presets room), in one
 * transaction. Answers the old id.
 */
export function renewIdentity(state: SyncState, logger: Logger): string {
  const { db } = state;
  const old = transaction(db, () => {
    const previous = state.renewDevice();
    const rows = db.prepare('SELECT * FROM sync_items ORDER BY id').all() as unknown as StampedItemRow[];
    const ops = [...rows.flatMap((row) => itemOps(db, row, previous)), ...docOps(db)];
    const insert = db.prepare('INSERT INTO sync_outbox (seq, body) VALUES (?, ?)');
    for (let at = 0, seq = 1; at < ops.length; at += BATCH, seq++) {
      const segment: Segment = {
        format: FORMAT_VERSION,
        device: state.device,
        seq,
        ops: ops.slice(at, at + BATCH),
      };
      insert.run(seq, JSON.stringify(segment));
    }
    return previous;
  });
  logger.warn(
    'sync: another copy of this library wrote to the remote as this device; this device took a new id and sent everything it has again',
    { old, device: state.device },
  );
  return old;
}

/** The outbox pushed; when a segment's number turns out taken by another copy of this device, under a new id. */
export async function pushRenewing(context: RoundContext): Promise<Moved & { changes: number }> {
  try {
    return await pushOutbox(context);
  } catch (error) {
    if (!(error instanceof DeviceIdTaken)) throw error;
    renewIdentity(context.state, context.logger);
    return pushOutbox(context);
  }
}

/**
 * The round's push: first this device makes sure the log under its id is its own (device-identity.ts), taking a
 * new id when another copy of the library wrote there; on a first-release remote it first moves its log to its
 * new folder. Then the outbox goes out.
 */
export async function claimAndPush(context: RoundContext): Promise<Moved & { changes: number }> {
  const { state, vault, signal } = context;
  if (vault.legacyDeviceFolder(state.device) !== null && state.meta('legacyLogMoved') === null) {
    await vault.moveLegacyLog(state.device, signal);
    state.setMeta('legacyLogMoved', '1');
  }
  const outbox = outboxSegments(state);
  if (!(await ownLogIsMine(state, vault, outbox, signal))) renewIdentity(state, context.logger);
  return pushRenewing(context);
}
