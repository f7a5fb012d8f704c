// Library sync's records, shared by the core (electron/core/sync), the bridge and the renderer's Settings › Sync.
// The config never holds a secret: the S3 secret key, the WebDAV password and the passphrase travel apart as
// SyncSecrets, which the host keeps in its secret store and never sends to the renderer.
import { z } from 'zod';
import { because } from '../validation';

const text = (max: number) => z.string().trim().min(1).max(max);

/** Whether an address carries a user name or password (`https://user:secret@host/`). */
export function addressHasCredentials(address: string): boolean {
  try {
    const url = new URL(address);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** The address without its user name and password, the rest exactly as written. */
export const withoutAddressCredentials = (address: string): string =>
  address.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');

/**
 * A remote's address: refused when it carries a user name or password. Such an address would be kept in
 * sync.json and the database, shown in Settings and sent in every status, and echoed by servers in errors;
 * the user and the secret have their own fields, and the secret is kept in the secret store. Refused rather
 * than split apart, so that what was typed is never silently rewritten and every entry point (the app, web
 * mode, the CLI's environment) says the same sentence.
 */
const address = (max: number) =>
  z
    .url()
    .max(max)
    .refine((value) => !addressHasCredentials(value), { params: because('addressCredentials') });

/** What the remote is: any S3-compatible bucket, a WebDAV folder, or a plain folder (Syncthing, Dropbox, a NAS mount). */
export const syncRemoteKindSchema = z.enum(['s3', 'webdav', 'folder']);
export type SyncRemoteKind = z.infer<typeof syncRemoteKindSchema>;

export const s3RemoteSchema = z.strictObject({
  kind: z.literal('s3'),
  /** The S3-compatible endpoint (R2, B2, MinIO); null for AWS itself. */
  endpoint: address(500).nullable(),
  region: text(64),
  bucket: text(255),
  /** A folder inside the bucket; '' for its root. */
  prefix: z.string().trim().max(500),
  accessKeyId: text(200),
});

export const webdavRemoteSchema = z.strictObject({
  kind: z.literal('webdav'),
  /** The folder's address, http(s)://host[:port]/path. */
  url: address(1000),
  /** '' when the server takes no login. */
  user: z.string().max(200),
});

export const folderRemoteSchema = z.strictObject({
  kind: z.literal('folder'),
  /** An absolute path. */
  path: text(1000),
});

export const syncRemoteSchema = z.discriminatedUnion('kind', [
  s3RemoteSchema,
  webdavRemoteSchema,
  folderRemoteSchema,
]);
export type SyncRemote = z.infer<typeof syncRemoteSchema>;

/** Whether a second device downloads every file at once or each when it is opened. */
export const syncFilesModeSchema = z.enum(['on-demand', 'all']);
export type SyncFilesMode = z.infer<typeof syncFilesModeSchema>;

export const syncConfigSchema = z.strictObject({
  remote: syncRemoteSchema,
  /** The name each item made here carries on other devices ("Ana's laptop"). */
  deviceName: text(80),
  /** End-to-end encryption with the passphrase in SyncSecrets: the remote sees only ciphertext and opaque names. */
  encrypted: z.boolean(),
  filesMode: syncFilesModeSchema,
});
export type SyncConfig = z.infer<typeof syncConfigSchema>;

/** The secrets a config needs, kept apart from it: never in a log, an event, or the renderer. */
export const syncSecretsSchema = z.strictObject({
  /** S3 secret access key, or WebDAV password. */
  secret: z.string().max(500).optional(),
  /** The end-to-end encryption passphrase (required when the config says encrypted). */
  passphrase: z.string().min(1).max(1000).optional(),
});
export type SyncSecrets = z.infer<typeof syncSecretsSchema>;

export const syncStateSchema = z.enum(['off', 'idle', 'running', 'paused', 'error']);
export type SyncState = z.infer<typeof syncStateSchema>;

export const syncPhaseSchema = z.enum([
  'connecting',
  'uploading',
  'publishing',
  'reading',
  'downloading',
  'merging',
]);
export type SyncPhase = z.infer<typeof syncPhaseSchema>;

export const syncProgressSchema = z.strictObject({
  phase: syncPhaseSchema,
  filesDone: z.number().int().min(0),
  filesTotal: z.number().int().min(0),
  bytesDone: z.number().min(0),
  bytesTotal: z.number().min(0),
  /** Items new to this device read so far this round (a restore's "120 items so far"); absent before reading. */
  items: z.number().int().min(0).optional(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/**
 * Something a round could not read or would not apply, from one device: a head or segment that is missing,
 * garbled or fails its seal (what it holds waits for a later round), a change set aside because it breaks the
 * app's rules (kept, never applied), or a file whose bytes failed their sha256 or seal (fetched again later).
 */
export const syncReadProblemSchema = z.strictObject({
  /** The device whose object it is (its id); null when the object names no device (a file). */
  device: z.string().max(200).nullable(),
  /** The name that device chose, when a readable head said it. */
  deviceName: z.string().max(80).nullable(),
  what: z.enum(['head', 'segment', 'change', 'file', 'thumbnail']),
  /** What was wrong, in a few words. */
  detail: z.string().max(1000),
});
export type SyncReadProblem = z.infer<typeof syncReadProblemSchema>;

/** At most this many problems are listed in a report or a status (the count says how many more there were). */
export const SYNC_PROBLEMS_LISTED = 50;

/**
 * A sentence for what a round could not read, grouped by device: "1 object from studio-laptop could not be
 * read: segment 3 of 6 is missing." A change set aside is named as such. null when there was nothing.
 */
export function describeReadProblems(
  problems: readonly SyncReadProblem[],
  total = problems.length,
): string | null {
  if (total === 0) return null;
  const groups = new Map<string, SyncReadProblem[]>();
  for (const problem of problems) {
    const from =
      problem.deviceName || (problem.device ? `device ${problem.device.slice(0, 8)}` : 'the remote');
    groups.set(from, [...(groups.get(from) ?? []), problem]);
  }
  const parts = [...groups].map(([from, list]) => {
    const changes = list.filter((p) => p.what === 'change').length;
    const objects = list.length - changes;
    const counts = [
      objects > 0 && `${objects} ${objects === 1 ? 'object' : 'objects'}`,
      changes > 0 && `${changes} ${changes === 1 ? 'change' : 'changes'}`,
    ].filter(Boolean);
    const verb = changes > 0 && objects === 0 ? 'were set aside' : 'could not be read';
    return `${counts.join(' and ')} from ${from} ${list.length === 1 && changes === 0 ? 'could not be read' : verb}: ${list[0]?.detail ?? ''}${list.length > 1 ? ` (and ${list.length - 1} more)` : ''}`;
  });
  const more = total > problems.length ? ` ${total - problems.length} more were not listed.` : '';
  return `${parts.join('. ')}.${more}`;
}

/** What one other device's change log brought in a round: "3 items from studio-laptop". */
export const syncReceivedSchema = z.strictObject({
  /** The device's id on the remote. */
  device: z.string().max(200),
  /** The name it chose, as its head says it ('' when it gave none). */
  name: z.string().max(80),
  /** Items new to this device that its log put on the remote. */
  items: z.number().int().min(0),
  /** Changes read from its log: items' puts and edits, presets, styles and prompts. */
  changes: z.number().int().min(0),
});
export type SyncReceived = z.infer<typeof syncReceivedSchema>;

/**
 * The latest round that brought something from other devices, kept across restarts: what came in and from whom.
 * A round that brought nothing leaves it as it was (a round follows every pull, and would otherwise say "nothing
 * new" seconds after the round that brought the items).
 */
export const syncReceiptSchema = z.strictObject({
  finishedAt: z.number(),
  /** One entry per device whose log had something new, in the order read. */
  received: z.array(syncReceivedSchema).min(1).max(1000),
});
export type SyncReceipt = z.infer<typeof syncReceiptSchema>;

/** A device on the remote as Settings › Sync lists it. */
export const syncDeviceSchema = z.strictObject({
  id: z.string().max(200),
  /** The name it chose ('' when it gave none). */
  name: z.string().max(80),
  /** This device itself (listed first). */
  thisDevice: z.boolean(),
  /**
   * When it was last seen: for another device, the time of its latest change this device has read (its clock,
   * as its hybrid-clock stamp says it); for this one, its last completed round. null: not yet.
   */
  lastSeenAt: z.number().nullable(),
  /** Items in the library that this device put on the remote. */
  items: z.number().int().min(0),
});
export type SyncDevice = z.infer<typeof syncDeviceSchema>;

export const syncStatusSchema = z.strictObject({
  state: syncStateSchema,
  /** ms since epoch of the last round that finished without a problem; null before the first. */
  lastCompletedAt: z.number().nullable(),
  /** While running. */
  progress: syncProgressSchema.nullable(),
  /** A sentence a person can act on (state error, or paused by a fault); null otherwise. */
  problem: z.string().nullable(),
  /** This device's name and id on the remote. */
  deviceName: z.string().nullable(),
  deviceId: z.string(),
  /**
   * Grows with every change of the status (it starts from the clock, so a restarted studio's is larger still).
   * A call's answer and an event can cross on the way to the page; the page keeps the one with the larger.
   */
  revision: z.number().int().min(0),
  /** What the last round could not read or set aside (SYNC_PROBLEMS_LISTED at most); absent when nothing. */
  unread: z.array(syncReadProblemSchema).max(SYNC_PROBLEMS_LISTED).optional(),
  /** The latest round that brought something from other devices, and from which; null before the first. */
  lastReceived: syncReceiptSchema.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** Of a status the page has and one arriving, the newer (an answer taken before an event may arrive after it). */
export function newerSyncStatus(held: SyncStatus | undefined, arriving: SyncStatus): SyncStatus {
  return held && held.revision > arriving.revision ? held : arriving;
}

/** What one round moved: push (this device's changes and files out), then pull (the others' in). */
export const syncReportSchema = z.strictObject({
  startedAt: z.number(),
  finishedAt: z.number(),
  pushed: z.strictObject({
    changes: z.number().int().min(0),
    files: z.number().int().min(0),
    bytes: z.number().min(0),
  }),
  pulled: z.strictObject({
    changes: z.number().int().min(0),
    /** Items new to this device. */
    added: z.number().int().min(0),
    /** Items whose tags, favourite, title or cost changed. */
    updated: z.number().int().min(0),
    /** Items moved to the trash because another device deleted them. */
    trashed: z.number().int().min(0),
    /** Items brought back from the trash (an undo elsewhere, or an edit after a delete). */
    restored: z.number().int().min(0),
    files: z.number().int().min(0),
    bytes: z.number().min(0),
  }),
  /** Other devices' change logs read this round. */
  devices: z.number().int().min(0),
  /** What came in, device by device (only those whose log had something new). */
  received: z.array(syncReceivedSchema),
  /** Requests sent to the remote this round. */
  requests: z.number().int().min(0),
  /** What this round could not read or set aside (SYNC_PROBLEMS_LISTED at most): describeReadProblems words it. */
  unread: z.array(syncReadProblemSchema).max(SYNC_PROBLEMS_LISTED),
  /** How many problems there were in all (more than `unread` lists when many). */
  unreadCount: z.number().int().min(0),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

/** Why a connection test (or a round) failed, as a kind the UI can word and a sentence it can show as is. */
export const syncProblemKindSchema = z.enum([
  'auth',
  'missing-bucket-or-folder',
  'no-write-permission',
  'quota-full',
  'clock-skew',
  'tls',
  'unreachable',
  'passphrase',
  'other',
]);
export type SyncProblemKind = z.infer<typeof syncProblemKindSchema>;

/**
 * The error code a sync failure carries, the same on the CLI (`--json`) and the bridge: `sync_` and the kind in
 * snake case (`sync_missing_bucket_or_folder`); `sync_not_ready` when no round could start (not set up, paused).
 */
export const syncErrorCode = (kind: SyncProblemKind): string => `sync_${kind.replace(/-/g, '_')}`;
export const SYNC_NOT_READY_CODE = 'sync_not_ready';

/** The kind a sync error code names, or null for any other code. */
export function syncProblemKindOfCode(code: string): SyncProblemKind | null {
  return syncProblemKindSchema.options.find((kind) => syncErrorCode(kind) === code) ?? null;
}

export const syncTestResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), encrypted: z.boolean(), devices: z.number().int().min(0) }),
  z.strictObject({
    ok: z.literal(false),
    kind: syncProblemKindSchema,
    message: z.string(),
    /** The folder is missing and the studio can make it ("Create this folder"); never for an S3 bucket. */
    creatable: z.literal(true).optional(),
  }),
]);
export type SyncTestResult = z.infer<typeof syncTestResultSchema>;

/** Status and progress as they change, for the Settings page and the status line. */
export const syncEventSchema = z.strictObject({ type: z.literal('sync'), status: syncStatusSchema });
export type SyncEvent = z.infer<typeof syncEventSchema>;
