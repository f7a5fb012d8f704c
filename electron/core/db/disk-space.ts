// Room on the disk that holds the studio's database, so a full disk can never lead to paying twice. A task is
// a row before it is a request; that row, its `sent_at` and the gateway's answer must each be written, or the
// app either forgets a charged task or sends again what it already paid for. Three defences:
// - a submission is refused, before anything is written or sent, while the disk has less than
//   SUBMIT_MIN_FREE_BYTES free (a sentence says so; nothing was sent);
// - a reserve file of RESERVE_BYTES waits beside the database; a write that meets a full disk releases it and
//   is tried once more, so the answer of a request already on the wire is still recorded;
// - whatever still cannot be written is left as the engine's restart rules read it: a row that was sent is
//   interrupted and reconciled, never sent again by itself.
import { existsSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { byteSize } from '../../../shared/studio/byte-size';
import { studioRefusal } from '../../../shared/gateway/gateway-error';

/** Less free than this on the database's disk and no new task is written or sent. */
export const SUBMIT_MIN_FREE_BYTES = 512 * 1024;
/** Held back beside the database for the writes that must not fail: the answer to a request already sent. */
export const RESERVE_BYTES = 256 * 1024;
/** The reserve's name beside the database file. */
export const RESERVE_NAME = '.studio-disk-reserve';

/** ENOSPC, EDQUOT, or SQLite's SQLITE_FULL ("database or disk is full"): the disk, not the data, is at fault. */
export function isDiskFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  // SQLITE_FULL is 13; extended codes keep it in the low byte.
  if (typeof errcode === 'number' && (errcode & 0xff) === 13) return true;
  return /database or disk is full|no space left on device/i.test(error.message);
}

/** Free bytes for this user on the disk holding `dir`; Infinity when the system cannot say. */
export function freeBytes(dir: string): number {
  try {
    const fs = statfsSync(dir);
    return fs.bavail * fs.bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The sentence of a refused submission; the CLI and the app show it as it is. */
export function diskFullSentence(free: number): string {
  return (
    `Nothing was sent: the disk holding the studio's database has ${byteSize(free)} free, and a task needs ` +
    `at least ${byteSize(SUBMIT_MIN_FREE_BYTES)} to be recorded before it is sent (so it is never paid for ` +
    `twice). Free some space and try again.`
  );
}

export class DiskRoom {
  readonly #dir: string | null;

  /** `dir`: the folder of the database file; null (an in-memory database) checks nothing. */
  constructor(dir: string | null) {
    this.#dir = dir;
  }

  static forDatabase(db: DatabaseSync): DiskRoom {
    const location = db.location();
    return new DiskRoom(location ? dirname(location) : null);
  }

  get free(): number {
    return this.#dir === null ? Number.POSITIVE_INFINITY : freeBytes(this.#dir);
  }

  /** Refuses a submission, before its row, while the disk is nearly full; puts the reserve back when it can. */
  assertRoomToSubmit(): void {
    const free = this.free;
    if (free < SUBMIT_MIN_FREE_BYTES) throw studioRefusal('disk_full', diskFullSentence(free));
    this.ensureReserve();
  }

  /** Writes the reserve file when it is missing and the disk has room for it beyond the submission minimum. */
  ensureReserve(): void {
    if (this.#dir === null) return;
    const reserve = join(this.#dir, RESERVE_NAME);
    // Asked at every submission: when the reserve is there, as it nearly always is, neither 256 KiB of zeros
    // nor a refused write (an EEXIST error and its stack trace) is made to learn it.
    if (existsSync(reserve) || this.free < SUBMIT_MIN_FREE_BYTES + RESERVE_BYTES) return;
    try {
      writeFileSync(reserve, Buffer.alloc(RESERVE_BYTES), { flag: 'wx' });
    } catch {
      // Already there (EEXIST), or the folder refuses it: the reserve is a help, not a condition.
    }
  }

  /** Gives the reserve's bytes back to the disk; true when there was one. */
  release(): boolean {
    if (this.#dir === null) return false;
    try {
      rmSync(join(this.#dir, RESERVE_NAME));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A write that must not be lost (the answer to a request on the wire, the mark that a request was never
   * sent): on a full disk the reserve is released and the write tried once more.
   */
  mustWrite<T>(write: () => T): T {
    try {
      return write();
    } catch (error) {
      if (!isDiskFull(error) || !this.release()) throw error;
      return write();
    }
  }
}
