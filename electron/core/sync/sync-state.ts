// Sync's tables (sync-migrations.ts) behind small methods: the device's identity and clock, the agreed state of
// each item and how an op changes it, the cursors into other devices' logs, the outbox of built segments.
// Applying an op is a set of "keep the later stamp" upserts, so applying one twice, or two in any order, ends
// the same: what makes a crash mid-merge (or a segment read twice) harmless.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db';
import { libraryItemIds } from '../library/library-reads';
import { applyDocOp, markAllDocsDirty } from './doc-sync';
import { HybridClock } from './hlc';
import { syncRecordSchema } from './sync-ops';
import type { CostValue, RemoteFormat, SyncOp, SyncRecord } from './sync-ops';
import { remoteFormatSchema } from './sync-ops';
import type { SyncDevice } from '../../../shared/studio/sync';

export interface AgreedItem {
  id: string;
  record: SyncRecord | null;
  originDevice: string | null;
  originName: string | null;
  favourite: boolean;
  title: string | null;
  cost: CostValue;
  tags: string[];
  alive: boolean;
}

/** A row of sync_items as stored (device-identity.ts reads its stamps too). */
export interface ItemRow {
  id: string;
  record: string | null;
  origin_device: string | null;
  origin_name: string | null;
  favourite: number;
  title: string | null;
  cost: string | null;
  live_hlc: string;
  trash_hlc: string;
}

/** The mergeable fields as the library row showed them (see sync_items.base). */
export interface Base {
  alive: boolean;
  favourite: boolean;
  title: string | null;
  cost: CostValue;
  tags: string[];
}

export type FileAction = 'trash' | 'restore';

const NO_COST: CostValue = { cost: null, creditsCost: null };

export class SyncState {
  #device: string;
  #clock: HybridClock;

  constructor(
    readonly db: DatabaseSync,
    private readonly now: () => number,
  ) {
    let device = this.meta('device');
    if (device === null) {
      device = randomUUID();
      this.setMeta('device', device);
    }
    this.#device = device;
    this.#clock = new HybridClock(device, now, this.meta('hlc'));
  }

  /** This device's id on the remote: its log's folder, and the tie-break of its stamps. */
  get device(): string {
    return this.#device;
  }

  get clock(): HybridClock {
    return this.#clock;
  }

  /**
   * Takes a new device id (device-identity.ts: another copy of this library wrote under the old one). Its log
   * starts empty, the outbox is dropped (its ops are in the agreed state, which the caller queues again whole),
   * and the old id becomes another device whose log is read from its start. The clock goes on from where it was.
   * Answers the old id. Call inside a transaction.
   */
  renewDevice(): string {
    const old = this.#device;
    const device = randomUUID();
    this.setMeta('device', device);
    this.#device = device;
    this.#clock = new HybridClock(device, this.now, this.#clock.last);
    this.saveClock();
    this.db.exec('DELETE FROM sync_outbox');
    this.setMeta('segments', '0');
    // A new id never had a first-release folder to move.
    this.setMeta('legacyLogMoved', '1');
    this.setCursor(old, 0, '');
    return old;
  }

  meta(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM sync_meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string | null): void {
    if (value === null) this.db.prepare('DELETE FROM sync_meta WHERE key = ?').run(key);
    else this.db.prepare('INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?, ?)').run(key, value);
  }

  saveClock(): void {
    this.setMeta('hlc', this.clock.last);
  }

  /** The format read from the current remote (so a round need not read it again), or null. */
  knownFormat(): RemoteFormat | null {
    const raw = this.meta('format');
    if (raw === null) return null;
    const parsed = remoteFormatSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /**
   * Pointed at another remote (or back at one after another): everything agreed with the old one is forgotten
   * and every item is pushed again. The device keeps its id; the library itself is untouched.
   */
  useRemote(identity: string): void {
    if (this.meta('remote') === identity) return;
    transaction(this.db, () => {
      for (const table of [
        'sync_items',
        'sync_tags',
        'sync_cursors',
        'sync_outbox',
        'sync_blobs',
        'sync_apply',
        'sync_docs',
        'sync_set_aside',
      ]) {
        this.db.exec(`DELETE FROM ${table}`);
      }
      markAllDocsDirty(this.db);
      const dirty = this.db.prepare('INSERT OR IGNORE INTO sync_dirty (item_id) VALUES (?)');
      for (const id of libraryItemIds(this.db)) dirty.run(id);
      this.setMeta('format', null);
      this.setMeta('legacyLogMoved', null);
      this.setMeta('segments', '0');
      this.setMeta('remote', identity);
    });
  }

  /** Segments of this device's log confirmed on the remote. */
  segmentsPushed(): number {
    return Number(this.meta('segments') ?? '0');
  }

  agreed(id: string): AgreedItem | null {
    const row = this.db.prepare('SELECT * FROM sync_items WHERE id = ?').get(id) as ItemRow | undefined;
    if (!row) return null;
    const tags = this.db
      .prepare('SELECT tag FROM sync_tags WHERE item_id = ? AND present = 1 ORDER BY hlc, tag_key')
      .all(id)
      .map((r) => String(r.tag));
    const record = row.record === null ? null : syncRecordSchema.safeParse(JSON.parse(row.record));
    return {
      id,
      record: record?.success ? record.data : null,
      originDevice: row.origin_device,
      originName: row.origin_name,
      favourite: row.favourite === 1,
      title: row.title,
      cost: row.cost === null ? NO_COST : (JSON.parse(row.cost) as CostValue),
      tags,
      alive: row.live_hlc > row.trash_hlc,
    };
  }

  /** Applies one op to the agreed state (idempotent, order-free) and queues its item for the library. */
  apply(op: SyncOp, queue = true): void {
    this.clock.observe(op.hlc);
    const db = this.db;
    // A row of the presets room, not an item: merged and written on its own (doc-sync.ts).
    if (op.op === 'doc') return applyDocOp(db, op);
    db.prepare('INSERT OR IGNORE INTO sync_items (id) VALUES (?)').run(op.id);
    const lww = (field: 'favourite' | 'title' | 'cost', value: string | number | null) =>
      db
        .prepare(`UPDATE sync_items SET ${field} = ?, ${field}_hlc = ? WHERE id = ? AND ${field}_hlc < ?`)
        .run(value, op.hlc, op.id, op.hlc);
    const tag = (name: string, present: boolean) =>
      db
        .prepare(
          `INSERT INTO sync_tags (item_id, tag_key, tag, present, hlc) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (item_id, tag_key) DO UPDATE SET tag = ?3, present = ?4, hlc = ?5 WHERE hlc < ?5`,
        )
        .run(op.id, name.toLowerCase(), name, present ? 1 : 0, op.hlc);
    switch (op.op) {
      case 'put':
        db.prepare(
          'UPDATE sync_items SET record = ?, origin_device = ?, origin_name = ? WHERE id = ? AND record IS NULL',
        ).run(JSON.stringify(op.record), op.origin.device, op.origin.name, op.id);
        lww('favourite', op.favourite ? 1 : 0);
        lww('title', op.title);
        lww('cost', JSON.stringify(op.cost));
        for (const name of op.tags) tag(name, true);
        break;
      case 'favourite':
        lww('favourite', op.value ? 1 : 0);
        break;
      case 'title':
        lww('title', op.value);
        break;
      case 'cost':
        lww('cost', JSON.stringify(op.value));
        break;
      case 'tag':
        tag(op.tag, op.present);
        break;
      case 'trash':
        db.prepare('UPDATE sync_items SET trash_hlc = ?1 WHERE id = ?2 AND trash_hlc < ?1').run(
          op.hlc,
          op.id,
        );
        break;
      case 'restore':
        break;
    }
    // Every op but a delete says the item is wanted at that moment: an edit after a delete brings it back.
    if (op.op !== 'trash') {
      db.prepare('UPDATE sync_items SET live_hlc = ?1 WHERE id = ?2 AND live_hlc < ?1').run(op.hlc, op.id);
    }
    if (queue) db.prepare('INSERT OR IGNORE INTO sync_apply (item_id) VALUES (?)').run(op.id);
  }

  dirty(limit: number): string[] {
    return this.db
      .prepare('SELECT item_id FROM sync_dirty LIMIT ?')
      .all(limit)
      .map((r) => String(r.item_id));
  }

  clearDirty(ids: readonly string[]): void {
    const remove = this.db.prepare('DELETE FROM sync_dirty WHERE item_id = ?');
    for (const id of ids) remove.run(id);
  }

  /** Items whose agreed state changed and that wait for the library to catch up. */
  toApply(limit: number): string[] {
    return this.db
      .prepare('SELECT item_id FROM sync_apply WHERE action IS NULL LIMIT ?')
      .all(limit)
      .map((r) => String(r.item_id));
  }

  /** File moves decided and not yet done (a crash came between). */
  pendingActions(): { id: string; action: FileAction }[] {
    return this.db
      .prepare('SELECT item_id, action FROM sync_apply WHERE action IS NOT NULL')
      .all()
      .map((r) => ({ id: String(r.item_id), action: r.action === 'trash' ? 'trash' : 'restore' }));
  }

  setAction(id: string, action: FileAction | null): void {
    if (action === null) this.db.prepare('DELETE FROM sync_apply WHERE item_id = ?').run(id);
    else this.db.prepare('INSERT OR REPLACE INTO sync_apply (item_id, action) VALUES (?, ?)').run(id, action);
  }

  base(id: string): Base | null {
    const row = this.db.prepare('SELECT base FROM sync_items WHERE id = ?').get(id) as
      { base: string | null } | undefined;
    return row?.base ? (JSON.parse(row.base) as Base) : null;
  }

  setBase(id: string, base: Base): void {
    this.db.prepare('UPDATE sync_items SET base = ? WHERE id = ?').run(JSON.stringify(base), id);
  }

  cursor(device: string): number {
    const row = this.db.prepare('SELECT segments FROM sync_cursors WHERE device = ?').get(device) as
      { segments: number } | undefined;
    return row?.segments ?? 0;
  }

  /** seenAt: the wall time of the latest change read from it (null keeps the one known). */
  setCursor(device: string, segments: number, name: string, seenAt: number | null = null): void {
    this.db
      .prepare(
        `INSERT INTO sync_cursors (device, segments, name, last_seen) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (device) DO UPDATE SET segments = ?2, name = ?3,
           last_seen = max(coalesce(last_seen, ?4), coalesce(?4, last_seen))`,
      )
      .run(device, segments, name, seenAt);
  }

  /**
   * What was read of a device's log past its cursor: every segment up to `applied` but the `gaps` (missing or
   * unreadable when last tried) is applied here.
   */
  readPast(device: string): { applied: number; gaps: number[] } {
    const row = this.db.prepare('SELECT applied, gaps FROM sync_cursors WHERE device = ?').get(device) as
      { applied: number; gaps: string } | undefined;
    if (!row) return { applied: 0, gaps: [] };
    let gaps: unknown = [];
    try {
      gaps = JSON.parse(row.gaps);
    } catch {
      // Read again from the cursor: nothing is lost, a round reads a little more.
    }
    return {
      applied: Number(row.applied),
      gaps: Array.isArray(gaps) ? gaps.filter((n): n is number => Number.isInteger(n)) : [],
    };
  }

  /** Records a device's cursor and what was read past it (readPast), in one write. */
  setReadPast(device: string, cursor: number, name: string, applied: number, gaps: readonly number[]): void {
    this.db
      .prepare(
        `INSERT INTO sync_cursors (device, segments, name, applied, gaps) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (device) DO UPDATE SET segments = ?2, name = ?3, applied = ?4, gaps = ?5`,
      )
      .run(device, cursor, name, applied, JSON.stringify(gaps));
  }

  /** Whether another device's put of this item has been read (or this device's own was agreed). */
  hasRecord(id: string): boolean {
    return (
      this.db.prepare('SELECT 1 FROM sync_items WHERE id = ? AND record IS NOT NULL').get(id) !== undefined
    );
  }

  /**
   * The devices on the remote as this device knows them: itself first, then each whose log it has read, with
   * the items in the library each put on the remote. thisDevice's name and last round come from the caller.
   */
  devices(me: { name: string; lastSeenAt: number | null }): SyncDevice[] {
    const counts = new Map(
      (
        this.db
          .prepare(
            `SELECT origin_device AS device, count(*) AS items FROM sync_items
             WHERE record IS NOT NULL AND live_hlc > trash_hlc AND origin_device IS NOT NULL
             GROUP BY origin_device`,
          )
          .all() as { device: string; items: number }[]
      ).map((row) => [row.device, Number(row.items)]),
    );
    const others = this.db
      .prepare('SELECT device, name, last_seen FROM sync_cursors ORDER BY last_seen DESC, name')
      .all() as { device: string; name: string; last_seen: number | null }[];
    return [
      {
        id: this.device,
        name: me.name,
        thisDevice: true,
        lastSeenAt: me.lastSeenAt,
        items: counts.get(this.device) ?? 0,
      },
      ...others
        .filter((row) => row.device !== this.device)
        .map((row) => ({
          id: row.device,
          name: row.name,
          thisDevice: false,
          lastSeenAt: row.last_seen,
          items: counts.get(row.device) ?? 0,
        })),
    ];
  }

  outbox(): { seq: number; body: string }[] {
    return this.db.prepare('SELECT seq, body FROM sync_outbox ORDER BY seq').all() as {
      seq: number;
      body: string;
    }[];
  }

  hasBlob(sha256: string): boolean {
    return this.db.prepare('SELECT 1 FROM sync_blobs WHERE sha256 = ?').get(sha256) !== undefined;
  }

  blobStored(sha256: string): void {
    this.db.prepare('INSERT OR IGNORE INTO sync_blobs (sha256) VALUES (?)').run(sha256);
  }
}
