// Reading the other devices' logs: each device's head, then its segments past the cursor, every op through the
// gate (remote-gate.ts) and applied to the agreed state in the transaction that moves the cursor. What cannot be
// read blocks only itself (see pullLogs).
import type { SyncReceived } from '../../../shared/studio/sync';
import { transaction } from '../db';
import { describeThrown } from '../log';
import { parseStamp } from './hlc';
import { clip, gateOps, keepSetAside, UnreadableObjectError } from './remote-gate';
import type { Head, SegmentEnvelope, SyncOp } from './sync-ops';
import type { RoundContext } from './sync-round';
import type { SyncState } from './sync-state';

/** Missing segments in a row after which a device's log is not read further this round (a head may lie). */
const MISSING_IN_A_ROW = 8;

/**
 * Applies one op that passed the gate; a failure of its own (a value the store still refuses) undoes only that
 * op's writes and answers why, so it is set aside like an op that failed the gate.
 */
function applyOne(state: SyncState, op: SyncOp): string | null {
  state.db.exec('SAVEPOINT sync_op');
  try {
    state.apply(op);
    state.db.exec('RELEASE sync_op');
    return null;
  } catch (error) {
    state.db.exec('ROLLBACK TO sync_op');
    state.db.exec('RELEASE sync_op');
    return clip(describeThrown(error));
  }
}

/**
 * Reads every other device's segments past its cursor into the agreed state; answers ops read, devices seen and
 * what each device's log brought ("3 items from studio-laptop"). What cannot be read blocks only itself: a head that does not parse skips that device, a segment missing or
 * garbled is reported and waits (the cursor stays before it, so the next round reads it again) while the
 * segments after it are still applied (ops are order-free and idempotent), and an op that breaks the app's
 * rules is set aside with its device and reason. A fault of the remote itself (unreachable, refused) still
 * stops the round: nothing about the data can be said then.
 */
export async function pullLogs(
  context: RoundContext,
): Promise<{ changes: number; devices: number; received: SyncReceived[] }> {
  const { state, vault, signal, problems } = context;
  let items = 0;
  const reading = () =>
    context.progress({ phase: 'reading', filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0, items });
  reading();
  const received: SyncReceived[] = [];
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
    let head: Head | null;
    try {
      head = await vault.readHeadIn(folder, signal);
    } catch (error) {
      if (!(error instanceof UnreadableObjectError)) throw error;
      problems.add({ device: null, deviceName: null, what: 'head', detail: error.detail });
      continue;
    }
    if (!head || head.device === state.device || seen.has(head.device)) continue;
    seen.add(head.device);
    for (const sha of head.wants ?? []) context.othersWant.add(sha);
    devices += 1;
    const from = { device: head.device, deviceName: head.name };
    const brought: SyncReceived = { device: head.device, name: head.name, items: 0, changes: 0 };
    // Read: the segments that could not be read last time (gaps), then those past everything read so far. All
    // others up to `applied` are applied here already and are not read again.
    const cursor = state.cursor(head.device);
    const past = state.readPast(head.device);
    const applied = Math.max(past.applied, cursor);
    const order = past.gaps.filter((seq) => seq > cursor && seq <= applied).sort((a, b) => a - b);
    for (let seq = applied + 1; seq <= head.segments; seq++) order.push(seq);
    const gaps = new Set<number>();
    let reached = applied;
    let contiguous = true;
    let missing = 0;
    for (const seq of order) {
      const beyond = seq > applied;
      if (beyond) reached = seq;
      let segment: SegmentEnvelope | null;
      try {
        segment = await vault.readSegmentIn(folder, head.device, seq, signal);
      } catch (error) {
        if (!(error instanceof UnreadableObjectError)) throw error;
        problems.add({ ...from, what: 'segment', detail: error.detail });
        gaps.add(seq);
        contiguous = false;
        continue;
      }
      if (!segment) {
        // Not visible yet (an eventually consistent listing), or deleted: said, and read again next round.
        missing += beyond ? 1 : 0;
        gaps.add(seq);
        contiguous = false;
        if (missing >= MISSING_IN_A_ROW) {
          // A head that names far more segments than there are: the run is read again next round, from its start.
          for (let n = seq - missing + 1; n <= seq; n++) gaps.delete(n);
          reached = seq - missing;
          problems.add({
            ...from,
            what: 'segment',
            detail: `segments ${seq - missing + 1} to ${head.segments} of ${head.segments} are missing`,
          });
          break;
        }
        problems.add({ ...from, what: 'segment', detail: `segment ${seq} of ${head.segments} is missing` });
        continue;
      }
      missing = 0;
      const gated = gateOps(segment);
      const deviceId = head.device;
      const name = head.name;
      const keepCursor = contiguous;
      const fresh = transaction(state.db, () => {
        const setAside = [...gated.setAside];
        for (const { index, op } of gated.ops) {
          // An item this device had no record of: new here, brought by this device's log.
          const fresh = op.op === 'put' && !state.hasRecord(op.id);
          const failed = applyOne(state, op);
          if (failed !== null)
            setAside.push({ index, reason: failed, excerpt: clip(JSON.stringify(op), 1000) });
          else if (fresh) {
            brought.items += 1;
            items += 1;
          }
        }
        const added = keepSetAside(state.db, deviceId, seq, setAside, Date.now());
        if (keepCursor) state.setCursor(deviceId, seq, name, latestWall(gated.ops));
        state.saveClock();
        return added > 0 ? setAside : [];
      });
      for (const op of fresh)
        problems.add({
          ...from,
          what: 'change',
          detail: `segment ${seq}, change ${op.index + 1}: ${op.reason}`,
        });
      changes += gated.ops.length;
      brought.changes += gated.ops.length;
      reading();
    }
    // The cursor stops before the first segment still unread; what was read past it is remembered.
    const firstGap = Math.min(...gaps);
    const deviceId = head.device;
    const name = head.name;
    transaction(state.db, () =>
      state.setReadPast(
        deviceId,
        gaps.size > 0 ? firstGap - 1 : reached,
        name,
        reached,
        [...gaps].sort((a, b) => a - b),
      ),
    );
    if (brought.changes > 0) received.push(brought);
  }
  return { changes, devices, received };
}

/** The wall time of a segment's latest change, as its device's hybrid clock stamped it. */
function latestWall(ops: readonly { op: SyncOp }[]): number | null {
  let latest: number | null = null;
  for (const { op } of ops) {
    const wall = parseStamp(op.hlc).wall;
    if (Number.isFinite(wall) && (latest === null || wall > latest)) latest = wall;
  }
  return latest;
}
