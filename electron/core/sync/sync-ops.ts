// What a device writes to the remote about the library: changes (ops), grouped in immutable segments of its
// own append-only log, and a head saying how many segments there are. Everything read back is parsed, never
// trusted: another device may run an older or newer build, and anyone who can write to the remote may have
// written it. The bounds are the app's own (tags, prompts, names, media types, the ids it makes), so nothing
// another device sends can be more than this device would have accepted from its own person.
import { z } from 'zod';
import { familyIdSchema } from '../../../shared/catalog/family-ids';
import { MADE_FROM_RELATIONS } from '../../../shared/studio/made-from';
import { PROMPT_MAX } from '../../../shared/studio/presets';
import {
  libraryKindSchema,
  libraryTagSchema,
  libraryTagsSchema,
  withoutControlCharacters,
} from '../../../shared/studio/records';
import { isLibraryMime } from '../library/library-media';
import { SHARED_KEY_SCHEMAS, SHARED_KINDS, SHARED_VALUE_SCHEMAS } from './shared-rows';

/**
 * The shape of the ids the app makes: items (library-filing.ts), tasks (the engine's newId) and devices
 * (sync-state.ts) are all node's randomUUID(). An id of another shape never came from a device of ours; it
 * also names folders here (the kept trash's `<item id>/`), so nothing else may pass.
 */
export const appIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
/** A hybrid-clock stamp exactly as hlc.ts writes one: 12 hex digits of wall time, 6 of counter, the device. */
const stamp = z
  .string()
  .regex(/^[0-9a-f]{12}-[0-9a-f]{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const id = appIdSchema;
/** A text with no control character (a name shown on a chip, a label in a list). */
const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => withoutControlCharacters(text) === text, 'control characters');
const finite = (min: number, max: number) => z.number().finite().min(min).max(max);
/** ms since epoch, from 1970 to the year 5138. */
const when = finite(0, 1e14);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** A title as long as any track's title the gateway gives (titles are shown, never typed at length). */
export const TITLE_MAX = 500;
/** A name a device chose for itself (syncConfigSchema's deviceName). */
const deviceName = plainText(80);
/** The JSON of an item's settings (params): a form's values and the prompt, never media. */
const PARAMS_JSON_MAX = 256 * 1024;
/** The most files one remote file may be: a terabyte. */
const SIZE_MAX = 2 ** 40;

/** The mime types a library files for each kind: what its downloads and speech takes are (library-media.ts). */
const mime = z.string().max(100);

/** The facts of an item that never change once it exists: what it is, how it was made, its file. */
export const syncRecordSchema = z
  .object({
    kind: libraryKindSchema,
    size: z.number().int().min(0).max(SIZE_MAX),
    sha256,
    mime,
    /** The file's name on the device that made it, so a download gets the same readable name; only its base
     * name is ever used here (safe-path.ts), and the path it gives is checked to lie inside the library. */
    fileName: z.string().min(1).max(300),
    /** The thumbnail's bytes (a WebP), synced eagerly so a tile shows before its file is downloaded. */
    thumbSha256: sha256.nullable(),
    width: z.number().int().min(0).max(1_000_000).nullable(),
    height: z.number().int().min(0).max(1_000_000).nullable(),
    durationSeconds: finite(0, 1e7).nullable(),
    prompt: z.string().max(PROMPT_MAX).nullable(),
    model: z.string().max(200),
    family: familyIdSchema,
    params: z
      .record(z.string().max(200), z.unknown())
      .refine((params) => JSON.stringify(params).length <= PARAMS_JSON_MAX, 'settings too large'),
    taskId: id.nullable(),
    remoteTaskId: z.string().max(200).nullable(),
    remoteUrl: z.string().max(8192).nullable(),
    expiresAt: when.nullable(),
    createdAt: when,
    sourceTaskId: id.nullable(),
    trackIndex: z.number().int().min(1).max(10_000).nullable(),
    batch: z
      .object({
        id: z.string().min(1).max(200),
        size: z.number().int().min(1).max(10_000),
        compare: z.literal(true).optional(),
      })
      .optional(),
    /** The tasks this item's task was made from (edit, rerun, reference, source), by task id. */
    madeFrom: z.array(id).max(100).default([]),
    /** The same links whole (how, and which file of the source), written into the other device's made-from
     * links so its viewer shows the chain; absent from items sent by a build that did not send them. */
    madeFromLinks: z
      .array(z.object({ relation: z.enum(MADE_FROM_RELATIONS), taskId: id, itemId: id.nullable() }))
      .max(100)
      .optional(),
  })
  .refine((record) => isLibraryMime(record.kind, record.mime), {
    message: 'not a media type the library files for its kind',
    path: ['mime'],
  });
export type SyncRecord = z.infer<typeof syncRecordSchema>;

const money = finite(-1e9, 1e9).nullable();
const costValue = z.object({ cost: money, creditsCost: money });
export type CostValue = z.infer<typeof costValue>;

/** A row of the presets room or the cast: its key and value by its owner's own rules (shared-rows.ts). */
const docOp = z
  .object({
    op: z.literal('doc'),
    kind: z.enum(SHARED_KINDS),
    id: z.string().min(1).max(9000),
    hlc: stamp,
    value: z.unknown(),
  })
  .superRefine((op, context) => {
    const key = SHARED_KEY_SCHEMAS[op.kind].safeParse(op.id);
    if (!key.success) context.addIssue({ code: 'custom', message: `not a ${op.kind}'s key`, path: ['id'] });
    if (op.value === null || op.value === undefined) return;
    const value = SHARED_VALUE_SCHEMAS[op.kind].safeParse(op.value);
    if (!value.success) {
      const issue = value.error.issues[0];
      context.addIssue({
        code: 'custom',
        message: `not a ${op.kind} this app can keep: ${issue?.path.join('.') || 'value'}: ${issue?.message}`,
        path: ['value'],
      });
    }
  });

export const syncOpSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('put'),
    id,
    hlc: stamp,
    record: syncRecordSchema,
    /** Who made it: the device's id and the name it chose. */
    origin: z.object({ device: id, name: deviceName }),
    favourite: z.boolean(),
    title: plainText(TITLE_MAX).nullable(),
    cost: costValue,
    /** The library's own rule for an item's tags (the bridge holds a person to the same). */
    tags: libraryTagsSchema,
  }),
  z.object({ op: z.literal('favourite'), id, hlc: stamp, value: z.boolean() }),
  z.object({ op: z.literal('title'), id, hlc: stamp, value: plainText(TITLE_MAX).nullable() }),
  z.object({ op: z.literal('cost'), id, hlc: stamp, value: costValue }),
  /** One tag added (present) or taken off: tags merge as a set, tag by tag. */
  z.object({ op: z.literal('tag'), id, hlc: stamp, tag: libraryTagSchema, present: z.boolean() }),
  z.object({ op: z.literal('trash'), id, hlc: stamp }),
  /** A row of the presets room (a preset, a style, a pin, a prompt sent), whole; null when it was removed. The
   * later stamp wins. `id` is the key, as for items. */
  docOp,
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

/** Files one head may ask to be sent again. */
export const WANTS_MAX = 200;

/** Ops one segment may hold: a batch of 400 items (reconcile.ts), each with its tags, fits many times over. */
export const SEGMENT_OPS_MAX = 100_000;

/** A segment as read: its envelope checked, each op still unread, so one bad op is set aside on its own. */
export const segmentEnvelopeSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  device: id,
  seq: z.number().int().min(1).max(1e9),
  ops: z.array(z.unknown()).max(SEGMENT_OPS_MAX),
});
export type SegmentEnvelope = z.infer<typeof segmentEnvelopeSchema>;

/** A segment with every op checked: what this device builds, and what it reads back of its own outbox. */
export const segmentSchema = segmentEnvelopeSchema.extend({ ops: z.array(syncOpSchema) });
export type Segment = z.infer<typeof segmentSchema>;

export const headSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  device: id,
  name: deviceName,
  /** Segments 1..segments exist and will never change. */
  segments: z.number().int().min(0).max(1e9),
  /**
   * Files (by sha256) whose bytes on the remote failed their check here: a device that has them whole sends them
   * again (sync-round.ts resendWanted). Absent from heads of builds before it, which ignore it when reading.
   */
  wants: z.array(sha256).max(WANTS_MAX).optional(),
});
export type Head = z.infer<typeof headSchema>;

/** The remote's one shared object, written once by whichever device came first (a conditional write). */
export const remoteFormatSchema = z.object({
  app: z.literal('gateway-studio-sync'),
  format: z.union([z.literal(FIRST_REMOTE_FORMAT), z.literal(REMOTE_FORMAT)]),
  encryption: z
    .object({
      /** scrypt's cost, bounded: a format object asking for a cost this device cannot pay is refused. */
      kdf: z.object({
        salt: z.string().min(1).max(200),
        N: z
          .number()
          .int()
          .min(2 ** 14)
          .max(2 ** 20)
          .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
        r: z.number().int().min(1).max(32),
        p: z.number().int().min(1).max(16),
      }),
      /** A known text sealed with the key: a wrong passphrase fails to open it, before anything is written. */
      check: z.string().max(1000),
    })
    .nullable(),
});
export type RemoteFormat = z.infer<typeof remoteFormatSchema>;
