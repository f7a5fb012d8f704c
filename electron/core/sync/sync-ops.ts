// What a device writes to the remote about the library: changes (ops), grouped in immutable segments of its
// own append-only log, and a head saying how many segments there are. Everything read back is parsed, never
// trusted: another device may run an older or newer build.
import { z } from 'zod';
import { familyIdSchema } from '../../../shared/catalog/family-ids';
import { MADE_FROM_RELATIONS } from '../../../shared/studio/made-from';
import { SHARED_KINDS } from '../presets/presets-replica';

const stamp = z.string().min(1).max(200);
const id = z.string().min(1).max(200);

/** The facts of an item that never change once it exists: what it is, how it was made, its file. */
export const syncRecordSchema = z.object({
  kind: z.enum(['image', 'video', 'audio', 'speech']),
  size: z.number().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  mime: z.string(),
  /** The file's name on the device that made it, so a download gets the same readable name. */
  fileName: z.string().min(1).max(300),
  /** The thumbnail's bytes (a WebP), synced eagerly so a tile shows before its file is downloaded. */
  thumbSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  prompt: z.string().nullable(),
  model: z.string(),
  family: familyIdSchema,
  params: z.record(z.string(), z.unknown()),
  taskId: z.string().nullable(),
  remoteTaskId: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  expiresAt: z.number().nullable(),
  createdAt: z.number(),
  sourceTaskId: z.string().nullable(),
  trackIndex: z.number().int().min(1).nullable(),
  batch: z
    .object({ id: z.string(), size: z.number().int().min(1), compare: z.literal(true).optional() })
    .optional(),
  /** The tasks this item's task was made from (edit, rerun, reference, source), by task id. */
  madeFrom: z.array(z.string()).default([]),
  /** The same links whole (how, and which file of the source), written into the other device's made-from
   * links so its viewer shows the chain; absent from items sent by a build that did not send them. */
  madeFromLinks: z
    .array(
      z.object({ relation: z.enum(MADE_FROM_RELATIONS), taskId: z.string(), itemId: z.string().nullable() }),
    )
    .optional(),
});
export type SyncRecord = z.infer<typeof syncRecordSchema>;

const costValue = z.object({ cost: z.number().nullable(), creditsCost: z.number().nullable() });
export type CostValue = z.infer<typeof costValue>;

export const syncOpSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('put'),
    id,
    hlc: stamp,
    record: syncRecordSchema,
    /** Who made it: the device's id and the name it chose. */
    origin: z.object({ device: id, name: z.string().max(80) }),
    favourite: z.boolean(),
    title: z.string().nullable(),
    cost: costValue,
    tags: z.array(z.string()),
  }),
  z.object({ op: z.literal('favourite'), id, hlc: stamp, value: z.boolean() }),
  z.object({ op: z.literal('title'), id, hlc: stamp, value: z.string().nullable() }),
  z.object({ op: z.literal('cost'), id, hlc: stamp, value: costValue }),
  /** One tag added (present) or taken off: tags merge as a set, tag by tag. */
  z.object({ op: z.literal('tag'), id, hlc: stamp, tag: z.string().min(1).max(64), present: z.boolean() }),
  z.object({ op: z.literal('trash'), id, hlc: stamp }),
  /** A row of the presets room (a preset, a style, a pin, a prompt sent), whole; null when it was removed. The
   * later stamp wins. `id` is the key, as for items. */
  z.object({
    op: z.literal('doc'),
    kind: z.enum(SHARED_KINDS),
    id: z.string().min(1).max(9000),
    hlc: stamp,
    value: z.unknown(),
  }),
  z.object({ op: z.literal('restore'), id, hlc: stamp }),
]);
export type SyncOp = z.infer<typeof syncOpSchema>;

/** The version of a segment's and a head's own shape (unchanged since the first release). */
export const FORMAT_VERSION = 1;

/**
 * The remote's layout, in its format object: 2 names every object so that any disk takes it (no `:`, blobs in
 * `blobs/<sha256[0..2]>/`); 1, the first release's, put plain remotes' blobs in one `blobs/bl/` folder as
 * `blob:<sha256>` and devices in `devices/device:<id>/`. A remote keeps the layout it was made with: a version-1
 * remote is read in both (remote-vault.ts). A build that knows only 1 refuses a version-2 remote with a sentence.
 */
export const REMOTE_FORMAT = 2;
export const FIRST_REMOTE_FORMAT = 1;

export const segmentSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  device: id,
  seq: z.number().int().min(1),
  ops: z.array(syncOpSchema),
});
export type Segment = z.infer<typeof segmentSchema>;

export const headSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  device: id,
  name: z.string().max(80),
  /** Segments 1..segments exist and will never change. */
  segments: z.number().int().min(0),
});
export type Head = z.infer<typeof headSchema>;

/** The remote's one shared object, written once by whichever device came first (a conditional write). */
export const remoteFormatSchema = z.object({
  app: z.literal('gateway-studio-sync'),
  format: z.union([z.literal(FIRST_REMOTE_FORMAT), z.literal(REMOTE_FORMAT)]),
  encryption: z
    .object({
      kdf: z.object({ salt: z.string(), N: z.number().int(), r: z.number().int(), p: z.number().int() }),
      /** A known text sealed with the key: a wrong passphrase fails to open it, before anything is written. */
      check: z.string(),
    })
    .nullable(),
});
export type RemoteFormat = z.infer<typeof remoteFormatSchema>;
