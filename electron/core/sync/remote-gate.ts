// The one gate where the remote's data enters this device. Everything read from the remote (the format, a head,
// a segment and each op in it, a preset's or a prompt's value, a file's bytes) is hostile input: anyone who can
// write to the folder or bucket, or any holder of the passphrase, may have written it. The schemas hold it to
// the app's own bounds (sync-ops.ts); this module says what happens to what fails them:
// - an op that does not parse is set aside, with its device and the reason, and never applied; the ops around
//   it, the rest of its segment and every other device go on;
// - an object that cannot be read at all (garbled, truncated, failing its seal, missing where a head says it
//   is) is reported by name and device, and only what it holds waits for a later round.
import type { DatabaseSync } from 'node:sqlite';
import type { ZodError } from 'zod';
import { SYNC_PROBLEMS_LISTED } from '../../../shared/studio/sync';
import type { SyncReadProblem } from '../../../shared/studio/sync';
import { syncOpSchema } from './sync-ops';
import type { SegmentEnvelope, SyncOp } from './sync-ops';
import { SyncRemoteError } from './sync-remote';

/** Characters of a reason or of an op's text kept with a set-aside op: enough to recognise it, never a flood. */
const DETAIL_MAX = 300;

export const clip = (text: string, max = DETAIL_MAX): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** Why a value failed its schema, in one short line: the first issue's path and message. */
export function reasonOf(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not parse';
  const path = issue.path.map(String).join('.');
  return clip(path === '' ? issue.message : `${path}: ${issue.message}`);
}

/** An object on the remote that cannot be read: only what it holds waits; the round goes on. */
export class UnreadableObjectError extends SyncRemoteError {
  constructor(
    readonly what: SyncReadProblem['what'],
    readonly detail: string,
    options?: { cause?: unknown; damaged?: string },
  ) {
    super('other', `A ${what} on the remote could not be read: ${detail}.`, true, options);
    this.damaged = options?.damaged ?? null;
  }

  /** A file's sha256 when its bytes are there but failed their check (asked of the devices that have it). */
  readonly damaged: string | null;
}

/** One op of a segment that failed the gate: kept, reported, never applied. */
export interface SetAsideOp {
  index: number;
  reason: string;
  /** The op's JSON, cut short (for a person looking into it). */
  excerpt: string;
}

/** The ops of a readable segment that pass the gate, and those set aside. */
export function gateOps(segment: SegmentEnvelope): {
  ops: { index: number; op: SyncOp }[];
  setAside: SetAsideOp[];
} {
  const ops: { index: number; op: SyncOp }[] = [];
  const setAside: SetAsideOp[] = [];
  segment.ops.forEach((raw, index) => {
    const parsed = syncOpSchema.safeParse(raw);
    if (parsed.success) ops.push({ index, op: parsed.data });
    else setAside.push({ index, reason: reasonOf(parsed.error), excerpt: excerptOf(raw) });
  });
  return { ops, setAside };
}

function excerptOf(raw: unknown): string {
  try {
    return clip(JSON.stringify(raw) ?? String(raw), 1000);
  } catch {
    return '(not JSON)';
  }
}

/** What one round could not read or set aside: the first SYNC_PROBLEMS_LISTED kept, all counted. */
export class ReadProblems {
  readonly listed: SyncReadProblem[] = [];
  count = 0;

  add(problem: SyncReadProblem): void {
    this.count += 1;
    if (this.listed.length < SYNC_PROBLEMS_LISTED)
      this.listed.push({ ...problem, detail: clip(problem.detail, 1000) });
  }
}

/** Keeps the ops of one segment that failed the gate (sync_set_aside); answers how many were new. */
export function keepSetAside(
  db: DatabaseSync,
  device: string,
  seq: number,
  ops: readonly SetAsideOp[],
  at: number,
): number {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO sync_set_aside (device, seq, op_index, reason, excerpt, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  let added = 0;
  for (const op of ops) added += Number(insert.run(device, seq, op.index, op.reason, op.excerpt, at).changes);
  return added;
}

/** Every op set aside so far, with its device and why (for a person, or a later build). */
export function setAsideOps(
  db: DatabaseSync,
): { device: string; seq: number; index: number; reason: string; excerpt: string }[] {
  return db
    .prepare(
      'SELECT device, seq, op_index, reason, excerpt FROM sync_set_aside ORDER BY at, device, seq, op_index',
    )
    .all()
    .map((r) => ({
      device: String(r.device),
      seq: Number(r.seq),
      index: Number(r.op_index),
      reason: String(r.reason),
      excerpt: String(r.excerpt),
    }));
}
