// The remote's layout, over any adapter: where each device's head and log segments and each file's bytes live,
// and, with a passphrase, the sealing of every object and the hashing of every name. The one shared object,
// `studio-sync.json`, is written once (by whichever device came first, a conditional write where the service
// has one) and never again; it says whether the remote is encrypted and holds the key check.
//
//   studio-sync.json                        the format, and the encryption's salt and key check
//   devices/<device>/head.json              how many segments the device's log has (only that device writes it)
//   devices/<device>/log/<seq>.json         immutable segments of changes
//   blobs/<sha256[0..2]>/<sha256>           file contents, by their sha256 (written by any device, same bytes)
//
// Encrypted, every name below devices/ and blobs/ is an HMAC of the logical one in hex (opaque, but the same on
// every device with the passphrase) and every object, the format's check aside, is AES-256-GCM ciphertext.
// Every name is lower-case hex, digits, '-', '.' and '/': no character Windows, SMB, FAT or exFAT refuses.
//
// A remote made by the first release (format 1) named plain remotes' objects `devices/device:<id>/…` and
// `blobs/bl/blob:<sha256>`; it is read in both layouts: a file is looked for under its new name, then its old one;
// other devices' logs are read in whichever folder the listing shows; and this device's own log is copied, same
// bytes, to its new folder before it next writes (moveLegacyLog). Nothing is deleted.
import { pipeline } from 'node:stream';
import type { Readable, Transform } from 'node:stream';
import type { z } from 'zod';
import {
  deriveKeys,
  newKdfParams,
  opaqueName,
  seal,
  sealStream,
  unseal,
  unsealStream,
  SEAL_OVERHEAD,
} from './sync-crypto';
import type { SyncKeys } from './sync-crypto';
import {
  FIRST_REMOTE_FORMAT,
  REMOTE_FORMAT,
  headSchema,
  remoteFormatSchema,
  segmentEnvelopeSchema,
} from './sync-ops';
import type { Head, RemoteFormat, Segment, SegmentEnvelope } from './sync-ops';
import { reasonOf, UnreadableObjectError } from './remote-gate';
import { SyncRemoteError } from './sync-remote';
import type { SyncRemote } from './sync-remote';

export const FORMAT_KEY = 'studio-sync.json';
const CHECK_TEXT = 'gateway-studio-sync key check';
/** The largest head or segment read whole: a segment of a big first push is a few MiB; more is not ours. */
const OBJECT_MAX_BYTES = 64 * 1024 * 1024;

const wrongPassphrase = () =>
  new SyncRemoteError(
    'passphrase',
    'The passphrase does not match the one this remote was encrypted with. Nothing was written.',
    false,
  );

/** A segment of this device's number is on the remote with other contents: another copy of it wrote it. */
export class DeviceIdTaken extends Error {
  override readonly name = 'DeviceIdTaken';
}

export class RemoteVault {
  private constructor(
    readonly remote: SyncRemote,
    readonly format: RemoteFormat,
    private readonly keys: SyncKeys | null,
  ) {}

  get encrypted(): boolean {
    return this.keys !== null;
  }

  /**
   * Reads the remote's format (writing it first when the remote is new) and checks the passphrase against it.
   * A wrong or missing passphrase, or one given for a remote that is not encrypted, is refused before anything
   * else is written. `known` is the format this device read before (so a round costs no request for it).
   */
  static async open(
    remote: SyncRemote,
    passphrase: string | null,
    known: RemoteFormat | null,
    signal?: AbortSignal,
  ): Promise<RemoteVault> {
    const format = known ?? (await RemoteVault.#readOrCreate(remote, passphrase, signal));
    if (format.encryption === null) {
      if (passphrase !== null) {
        throw new SyncRemoteError(
          'passphrase',
          'This remote is not encrypted, but a passphrase was given: turn end-to-end encryption off, or use an empty remote for an encrypted library. Nothing was written.',
          false,
        );
      }
      return new RemoteVault(remote, format, null);
    }
    if (passphrase === null) {
      throw new SyncRemoteError(
        'passphrase',
        'This remote is encrypted: turn on end-to-end encryption and enter its passphrase. Nothing was written.',
        false,
      );
    }
    const keys = await deriveKeys(passphrase, format.encryption.kdf);
    const check = unseal(keys, Buffer.from(format.encryption.check, 'base64'));
    if (check === null || check.toString() !== CHECK_TEXT) throw wrongPassphrase();
    return new RemoteVault(remote, format, keys);
  }

  /** Checks a passphrase against a remote without writing anything: a new (empty) remote passes. */
  static async check(
    remote: SyncRemote,
    passphrase: string | null,
    signal?: AbortSignal,
  ): Promise<RemoteVault | null> {
    const existing = await remote.get(FORMAT_KEY, signal);
    if (!existing) return null;
    return RemoteVault.open(remote, passphrase, parseFormat(existing), signal);
  }

  static async #readOrCreate(
    remote: SyncRemote,
    passphrase: string | null,
    signal?: AbortSignal,
  ): Promise<RemoteFormat> {
    const existing = await remote.get(FORMAT_KEY, signal);
    if (existing) return parseFormat(existing);
    let encryption: RemoteFormat['encryption'] = null;
    if (passphrase !== null) {
      const kdf = newKdfParams();
      const keys = await deriveKeys(passphrase, kdf);
      encryption = { kdf, check: seal(keys, Buffer.from(CHECK_TEXT)).toString('base64') };
    }
    const format: RemoteFormat = { app: 'gateway-studio-sync', format: REMOTE_FORMAT, encryption };
    const answer = await remote.put(
      FORMAT_KEY,
      Buffer.from(JSON.stringify(format)),
      { ifAbsent: true },
      signal,
    );
    if (answer === 'written') {
      // Without conditional writes two first devices may both write it: read back whichever stands.
      const stored = await remote.get(FORMAT_KEY, signal);
      return stored ? parseFormat(stored) : format;
    }
    const stored = await remote.get(FORMAT_KEY, signal);
    if (!stored) throw new SyncRemoteError('other', `${remote.label} lost its format object.`, true);
    return parseFormat(stored);
  }

  /** A plain remote made by the first release: its objects may sit under the names with ':' too. */
  get #legacyNames(): boolean {
    return this.keys === null && this.format.format === FIRST_REMOTE_FORMAT;
  }

  /** The folder name a device's objects live under. */
  deviceFolder(device: string): string {
    return this.keys ? opaqueName(this.keys, `device:${device}`) : device;
  }

  /** Where the first release kept a device's objects on a plain remote, or null where there is no such place. */
  legacyDeviceFolder(device: string): string | null {
    return this.#legacyNames ? `device:${device}` : null;
  }

  #headKeyIn(folder: string): string {
    return `devices/${folder}/head.json`;
  }

  #segmentKeyIn(folder: string, device: string, seq: number): string {
    const number = String(seq).padStart(8, '0');
    const name = this.keys ? opaqueName(this.keys, `segment:${device}/${number}`) : `${number}.json`;
    return `devices/${folder}/log/${name}`;
  }

  /** Where a device's head is on the remote (its current layout's folder). */
  headKey(device: string): string {
    return this.#headKeyIn(this.deviceFolder(device));
  }

  /** Where segment `seq` of a device's log is on the remote (its current layout's folder). */
  segmentKey(device: string, seq: number): string {
    return this.#segmentKeyIn(this.deviceFolder(device), device, seq);
  }

  /** Where a file's bytes are written: sharded by the first two hex digits of its (or, encrypted, its HMAC) name. */
  blobKey(sha256: string): string {
    const name = this.keys ? opaqueName(this.keys, `blob:${sha256}`) : sha256;
    return `blobs/${name.slice(0, 2)}/${name}`;
  }

  /** Every name a file's bytes may be under, the current one first. */
  #blobKeys(sha256: string): string[] {
    return this.#legacyNames ? [this.blobKey(sha256), `blobs/bl/blob:${sha256}`] : [this.blobKey(sha256)];
  }

  /** The size a file of this many bytes has on the remote (sealing adds a header and a tag). */
  storedSize(size: number): number {
    return this.keys ? size + SEAL_OVERHEAD : size;
  }

  /** An object's bytes as they are stored: sealed when the remote is encrypted. */
  seal(plain: Buffer): Buffer {
    return this.keys ? seal(this.keys, plain) : plain;
  }

  /** Reads one JSON object through the gate: unreadable (sealed wrong, garbled, not its shape) is reported as such. */
  async #readJson<T>(
    what: 'head' | 'segment',
    key: string,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
  ): Promise<T | null> {
    const stored = await this.remote.get(key, signal);
    if (stored === null) return null;
    if (stored.length > OBJECT_MAX_BYTES)
      throw new UnreadableObjectError(what, `${key} is ${stored.length} bytes, more than a ${what} can be`);
    const plain = this.keys ? unseal(this.keys, stored) : stored;
    if (plain === null)
      throw new UnreadableObjectError(what, `${key} failed its seal (altered, or half written)`);
    let json: unknown;
    try {
      json = JSON.parse(plain.toString('utf8'));
    } catch (error) {
      throw new UnreadableObjectError(what, `${key} is not JSON (half written?)`, { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new UnreadableObjectError(what, `${key} is not a ${what}: ${reasonOf(parsed.error)}`);
    return parsed.data;
  }

  /**
   * The folder names under devices/ (one LIST; each device has one). A name that could not be a device's
   * (a separator, `..`, anything but letters, digits and `.:_-`) is left out: it would name another path.
   */
  async listDeviceFolders(signal?: AbortSignal): Promise<string[]> {
    return (await this.remote.list('devices', signal)).filter(
      (name) => /^[A-Za-z0-9._:-]{1,200}$/.test(name) && name !== '.' && name !== '..',
    );
  }

  /** The head in a device folder; one that names another device than its folder's is not that folder's head. */
  async readHeadIn(folder: string, signal?: AbortSignal): Promise<Head | null> {
    const head = await this.#readJson('head', this.#headKeyIn(folder), headSchema, signal);
    if (head && this.deviceFolder(head.device) !== folder && this.legacyDeviceFolder(head.device) !== folder)
      throw new UnreadableObjectError('head', `${this.#headKeyIn(folder)} names another device's folder`);
    return head;
  }

  readHead(device: string, signal?: AbortSignal): Promise<Head | null> {
    return this.readHeadIn(this.deviceFolder(device), signal);
  }

  async writeHead(head: Head, signal?: AbortSignal): Promise<void> {
    await this.remote.put(
      this.#headKeyIn(this.deviceFolder(head.device)),
      this.seal(Buffer.from(JSON.stringify(head))),
      {},
      signal,
    );
  }

  /**
   * A segment of the device whose head was found in `folder` (either layout's folder), its envelope checked;
   * its ops are each checked by the gate (remote-gate.ts gateOps).
   */
  async readSegmentIn(
    folder: string,
    device: string,
    seq: number,
    signal?: AbortSignal,
  ): Promise<SegmentEnvelope | null> {
    const key = this.#segmentKeyIn(folder, device, seq);
    const segment = await this.#readJson('segment', key, segmentEnvelopeSchema, signal);
    if (segment && (segment.device !== device || segment.seq !== seq))
      throw new UnreadableObjectError('segment', `${key} says it is segment ${segment.seq} of another log`);
    return segment;
  }

  readSegment(device: string, seq: number, signal?: AbortSignal): Promise<SegmentEnvelope | null> {
    return this.readSegmentIn(this.deviceFolder(device), device, seq, signal);
  }

  /**
   * On a first-release plain remote, copies this device's log from its old folder to its new one, the same bytes
   * under the new names, the head last; answers whether there was one to copy. Written only where nothing is yet
   * (a copy cut short is finished next time), so a segment already there is never rewritten.
   */
  async moveLegacyLog(device: string, signal?: AbortSignal): Promise<boolean> {
    const legacy = this.legacyDeviceFolder(device);
    if (legacy === null) return false;
    const head = await this.remote.get(this.#headKeyIn(legacy), signal);
    if (head === null) return false;
    const folder = this.deviceFolder(device);
    if ((await this.remote.head(this.#headKeyIn(folder), signal)) !== null) return true;
    let json: unknown = null;
    try {
      json = JSON.parse(head.toString('utf8'));
    } catch {
      // Not JSON: refused just below, like any head that is not one.
    }
    const count = headSchema.safeParse(json);
    if (!count.success)
      throw new SyncRemoteError('other', `This device's log on the remote is not readable.`, true);
    for (let seq = 1; seq <= count.data.segments; seq++) {
      const bytes = await this.remote.get(this.#segmentKeyIn(legacy, device, seq), signal);
      if (bytes === null)
        throw new SyncRemoteError(
          'other',
          `Segment ${seq} of this device's log is missing on the remote.`,
          true,
        );
      await this.remote.put(this.#segmentKeyIn(folder, device, seq), bytes, { ifAbsent: true }, signal);
    }
    await this.remote.put(this.#headKeyIn(folder), head, { ifAbsent: true }, signal);
    return true;
  }

  /**
   * Whether this segment's number is free on the remote, holds these same contents (sent before a crash), or
   * other ones (or bytes that do not open or read), which another copy of this device wrote.
   */
  async segmentThere(segment: Segment, signal?: AbortSignal): Promise<'absent' | 'same' | 'other'> {
    const stored = await this.remote.get(this.segmentKey(segment.device, segment.seq), signal);
    if (stored === null) return 'absent';
    const plain = this.keys ? unseal(this.keys, stored) : stored;
    return plain !== null && plain.toString('utf8') === JSON.stringify(segment) ? 'same' : 'other';
  }

  /**
   * Writes a segment of this device's log, never over one that is there: the same contents are left as they are,
   * other ones throw DeviceIdTaken. Looked at before the write as well as written only if absent, because some
   * services (s3rver, older MinIO, rclone's WebDAV) ignore the condition.
   */
  async writeSegment(segment: Segment, signal?: AbortSignal): Promise<void> {
    const taken = () =>
      new DeviceIdTaken(`Segment ${segment.seq} of this device's log is on the remote with other contents.`);
    const there = await this.segmentThere(segment, signal);
    if (there === 'same') return;
    if (there === 'other') throw taken();
    const body = this.seal(Buffer.from(JSON.stringify(segment)));
    const key = this.segmentKey(segment.device, segment.seq);
    if ((await this.remote.put(key, body, { ifAbsent: true }, signal)) === 'written') return;
    if ((await this.segmentThere(segment, signal)) !== 'same') throw taken();
  }

  /** Whether the file's bytes are on the remote whole (the size a finished upload has). */
  async hasBlob(sha256: string, size: number, signal?: AbortSignal): Promise<boolean> {
    for (const key of this.#blobKeys(sha256)) {
      const info = await this.remote.head(key, signal);
      if (info !== null && info.size === this.storedSize(size)) return true;
    }
    return false;
  }

  /** The plain size of the file's bytes on the remote, or null when they are not there. */
  async blobSize(sha256: string, signal?: AbortSignal): Promise<number | null> {
    for (const key of this.#blobKeys(sha256)) {
      const info = await this.remote.head(key, signal);
      if (info !== null) return info.size - this.storedSize(0);
    }
    return null;
  }

  async putBlob(sha256: string, open: () => Readable, size: number, signal?: AbortSignal): Promise<void> {
    const keys = this.keys;
    // One pipeline, so a failing read (the file gone, or no longer its bytes) fails the sealed stream too.
    const body = keys ? () => pipeline(open(), sealStream(keys), () => undefined) : open;
    await this.remote.putStream(this.blobKey(sha256), body, this.storedSize(size), signal);
  }

  /**
   * The file's bytes as they are on the remote, and the transforms that make them plain (unsealing, which fails
   * at its end when a sealed object was altered), or null when there is none. The caller joins them in one
   * pipeline at once: a stream left without a listener for an error would take the process down.
   */
  async openBlob(
    sha256: string,
    signal?: AbortSignal,
  ): Promise<{ stream: Readable; transforms: Transform[] } | null> {
    for (const key of this.#blobKeys(sha256)) {
      const stream = await this.remote.getStream(key, signal);
      if (stream) return { stream, transforms: this.keys ? [unsealStream(this.keys)] : [] };
    }
    return null;
  }
}

function parseFormat(bytes: Buffer): RemoteFormat {
  try {
    return remoteFormatSchema.parse(JSON.parse(bytes.toString('utf8')));
  } catch (error) {
    throw new SyncRemoteError(
      'other',
      `This remote holds a ${FORMAT_KEY} this version cannot read (made by a newer version, or not by Gateway Studio).`,
      false,
      { cause: error },
    );
  }
}
