// The presets room's rows (presets, styles, pinned prompts, the prompt history) through sync: each row is one
// value under a (kind, key), and the later edit wins whole, by the same hybrid clock as the library's fields.
// A row changed here (a trigger marked it) becomes a `doc` op with its current value, or null when it is gone;
// a `doc` op read from another device is written through the presets room's replica, unless this device has an
// edit of the same row not sent yet: that edit is later, and wins when it is sent.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db';
import { readShared, sharedKeys, writeShared } from './shared-rows';
import type { SharedKind } from './shared-rows';
import { FORMAT_VERSION } from './sync-ops';
import type { Segment, SyncOp } from './sync-ops';
import type { SyncState } from './sync-state';

type DocOp = Extract<SyncOp, { op: 'doc' }>;

const BATCH = 400;

function agreedValue(db: DatabaseSync, kind: SharedKind, key: string): { value: string | null } | null {
  const row = db.prepare('SELECT value FROM sync_docs WHERE kind = ? AND key = ?').get(kind, key) as
    { value: string | null } | undefined;
  return row ?? null;
}

function setAgreed(db: DatabaseSync, op: DocOp): void {
  db.prepare('INSERT OR REPLACE INTO sync_docs (kind, key, value, hlc) VALUES (?, ?, ?, ?)').run(
    op.kind,
    op.id,
    op.value === null || op.value === undefined ? null : JSON.stringify(op.value),
    op.hlc,
  );
}

/** Applies another device's (or this one's) doc op: keeps the later stamp, writes the row when it won. */
export function applyDocOp(db: DatabaseSync, op: DocOp): void {
  const current = db.prepare('SELECT hlc FROM sync_docs WHERE kind = ? AND key = ?').get(op.kind, op.id) as
    { hlc: string } | undefined;
  if (current && current.hlc >= op.hlc) return;
  setAgreed(db, op);
  const editedHere =
    db.prepare('SELECT 1 FROM sync_docs_dirty WHERE kind = ? AND key = ?').get(op.kind, op.id) !== undefined;
  if (editedHere) return;
  writeShared(db, op.kind, op.id, op.value ?? null);
  // The write fired the trigger: it is the agreed value, not an edit of this device's.
  db.prepare('DELETE FROM sync_docs_dirty WHERE kind = ? AND key = ?').run(op.kind, op.id);
}

/**
 * Turns the rows changed here into ops, applied to the agreed state and queued as segments in the outbox, in
 * one transaction per batch. Answers how many ops were queued.
 */
export function queueDocChanges(state: SyncState): number {
  const { db } = state;
  let queued = 0;
  for (;;) {
    const dirty = db.prepare('SELECT kind, key FROM sync_docs_dirty LIMIT ?').all(BATCH) as {
      kind: SharedKind;
      key: string;
    }[];
    if (dirty.length === 0) return queued;
    queued += transaction(db, () => {
      const ops: SyncOp[] = [];
      for (const { kind, key } of dirty) {
        const value = readShared(db, kind, key);
        const json = value === null ? null : JSON.stringify(value);
        const agreed = agreedValue(db, kind, key);
        db.prepare('DELETE FROM sync_docs_dirty WHERE kind = ? AND key = ?').run(kind, key);
        // Unchanged since it was agreed (a write of sync's own, or set back as it was): nothing to send.
        if (agreed ? agreed.value === json : json === null) continue;
        const op: DocOp = { op: 'doc', kind, id: key, hlc: state.clock.tick(), value };
        setAgreed(db, op);
        ops.push(op);
      }
      if (ops.length > 0) {
        const seq = state.segmentsPushed() + state.outbox().length + 1;
        const segment: Segment = { format: FORMAT_VERSION, device: state.device, seq, ops };
        db.prepare('INSERT INTO sync_outbox (seq, body) VALUES (?, ?)').run(seq, JSON.stringify(segment));
      }
      state.saveClock();
      return ops.length;
    });
  }
}

/** Pointed at a new remote: every row is sent again. */
export function markAllDocsDirty(db: DatabaseSync): void {
  const mark = db.prepare('INSERT OR IGNORE INTO sync_docs_dirty (kind, key) VALUES (?, ?)');
  for (const { kind, key } of sharedKeys(db)) mark.run(kind, key);
}
