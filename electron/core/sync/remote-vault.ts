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
// Encrypted, every name below devices/ and blobs/ is an HMAC of the logical one (opaque, but the same on every
// device with the passphrase) and every object, the format's check aside, is AES-256-GCM ciphertext.
import type { Readable } from 'node:stream';
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
import { FORMAT_VERSION, headSchema, remoteFormatSchema, segmentSchema } from './sync-ops';
import type { Head, RemoteFormat, Segment } from './sync-ops';
import { SyncRemoteError } from './sync-remote';
import type { SyncRemote } from './sync-remote';

export const FORMAT_KEY = 'studio-sync.json';
const CHECK_TEXT = 'gateway-studio-sync key check';

const wrongPassphrase = () =>
  new SyncRemoteError(
    'passphrase',
    'The passphrase does not match the one this remote was encrypted with. Nothing was written.',
    false,
  );

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
    const format: RemoteFormat = { app: 'gateway-studio-sync', format: FORMAT_VERSION, encryption };
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

  #name(logical: string): string {
    return this.keys ? opaqueName(this.keys, logical) : logical;
  }

  /** The folder name a device's objects live under. */
  deviceFolder(device: string): string {
    return this.#name(`device:${device}`);
  }

  #headKey(device: string): string {
    return `devices/${this.deviceFolder(device)}/head.json`;
  }

  #segmentKey(device: string, seq: number): string {
    const logical = `${device}/${String(seq).padStart(8, '0')}`;
    return `devices/${this.deviceFolder(device)}/log/${this.keys ? this.#name(`segment:${logical}`) : `${String(seq).padStart(8, '0')}.json`}`;
  }

  blobKey(sha256: string): string {
    const name = this.#name(`blob:${sha256}`);
    return `blobs/${name.slice(0, 2)}/${name}`;
  }

  /** The size a file of this many bytes has on the remote (sealing adds a header and a tag). */
  storedSize(size: number): number {
    return this.keys ? size + SEAL_OVERHEAD : size;
  }

  #seal(plain: Buffer): Buffer {
    return this.keys ? seal(this.keys, plain) : plain;
  }

  async #readJson<T>(key: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T | null> {
    const stored = await this.remote.get(key, signal);
    if (stored === null) return null;
    const plain = this.keys ? unseal(this.keys, stored) : stored;
    if (plain === null)
      throw new SyncRemoteError(
        'other',
        `${key} on the remote could not be opened (altered, or half written).`,
        true,
      );
    try {
      return schema.parse(JSON.parse(plain.toString('utf8')));
    } catch (error) {
      throw new SyncRemoteError(
        'other',
        `${key} on the remote is not readable (half written?). Sync will try again.`,
        true,
        {
          cause: error,
        },
      );
    }
  }

  /** The folder names under devices/ (one LIST; each device has one). */
  listDeviceFolders(signal?: AbortSignal): Promise<string[]> {
    return this.remote.list('devices', signal);
  }

  readHeadIn(folder: string, signal?: AbortSignal): Promise<Head | null> {
    return this.#readJson(`devices/${folder}/head.json`, headSchema, signal);
  }

  readHead(device: string, signal?: AbortSignal): Promise<Head | null> {
    return this.#readJson(this.#headKey(device), headSchema, signal);
  }

  async writeHead(head: Head, signal?: AbortSignal): Promise<void> {
    await this.remote.put(
      this.#headKey(head.device),
      this.#seal(Buffer.from(JSON.stringify(head))),
      {},
      signal,
    );
  }

  readSegment(device: string, seq: number, signal?: AbortSignal): Promise<Segment | null> {
    return this.#readJson(this.#segmentKey(device, seq), segmentSchema, signal);
  }

  async writeSegment(segment: Segment, signal?: AbortSignal): Promise<void> {
    const body = this.#seal(Buffer.from(JSON.stringify(segment)));
    await this.remote.put(this.#segmentKey(segment.device, segment.seq), body, {}, signal);
  }

  /** Whether the file's bytes are on the remote whole (the size a finished upload has). */
  async hasBlob(sha256: string, size: number, signal?: AbortSignal): Promise<boolean> {
    const info = await this.remote.head(this.blobKey(sha256), signal);
    return info !== null && info.size === this.storedSize(size);
  }

  async putBlob(sha256: string, open: () => Readable, size: number, signal?: AbortSignal): Promise<void> {
    const keys = this.keys;
    const body = keys ? () => open().pipe(sealStream(keys)) : open;
    await this.remote.putStream(this.blobKey(sha256), body, this.storedSize(size), signal);
  }

  /** The file's plain bytes as a stream (it fails at its end when a sealed object was altered), or null. */
  async getBlob(sha256: string, signal?: AbortSignal): Promise<Readable | null> {
    const stream = await this.remote.getStream(this.blobKey(sha256), signal);
    if (!stream || !this.keys) return stream;
    const plain = unsealStream(this.keys);
    stream.on('error', (error) => plain.destroy(error));
    return stream.pipe(plain);
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
