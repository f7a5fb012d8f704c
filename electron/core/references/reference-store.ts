// The reference image store: each image once, named by the sha256 of its bytes, in a folder beside the database
// (so the CLI and the app sharing a data folder share it, and moving the library folder loses nothing), indexed
// in reference_images. Task parameters and library items hold `studio-ref:<sha256>`; expand() builds the data
// URL for a submission body and nothing else ever holds one.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { validationError } from '../../../shared/gateway/error-map';
import {
  base64DecodedLength,
  collectStrings,
  DATA_IMAGE_URL,
  MAX_REFERENCE_BYTES,
  REFERENCE_SCHEME,
  referenceSha,
  referenceTooLarge,
  referenceUri,
  replaceStrings,
} from '../../../shared/studio/references';
import type { ReferenceImage } from '../../../shared/studio/references';
import { sniffMedia } from '../downloads/media-sniff';
import { probeMedia } from '../media/media-probe';
import { thumbnailPathFor, writeThumbnail } from '../media/thumbnails';
import { canonicalDataUrl, extensionFor, referenceFileName } from './reference-migrations';

/** A stored reference with where its bytes are. */
export interface StoredReference extends ReferenceImage {
  /** Absolute path of the image inside the store folder. */
  path: string;
  createdAt: number;
}

export interface ReferenceStoreOptions {
  db: DatabaseSync;
  /** The store folder; created when the first image arrives. */
  dir: string;
  now?: () => number;
}

/** The folder name beside the database file. */
export const REFERENCES_FOLDER = 'references';

const refused = (message: string): GatewayError => new GatewayError(validationError(message, null));

const NOT_AN_IMAGE =
  'This file is not an image the studio can send as a reference (PNG, JPEG, WebP, GIF or AVIF).';
const DAMAGED_IMAGE =
  'This image is damaged: its pixels cannot be read, so the gateway would be paid for a task it cannot use. Export it again and add it once more.';

/**
 * Whether every pixel of the image can be decoded. A header alone is not enough: a truncated or corrupt PNG
 * sniffs as an image and then reaches the gateway, which charges for a task it cannot use.
 */
async function decodes(bytes: Uint8Array): Promise<boolean> {
  try {
    await sharp(bytes, { failOn: 'truncated' }).stats();
    return true;
  } catch {
    return false;
  }
}

interface Row {
  sha256: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  file: string;
  created_at: number;
}

const stores = new WeakMap<DatabaseSync, ReferenceStore>();

export class ReferenceStore {
  readonly dir: string;
  private readonly db: DatabaseSync;
  private readonly now: () => number;

  /**
   * The store of a database: `<folder of the database file>/references`, one instance per handle, so the
   * engine and the library of one composition root share it. An in-memory database gets a temporary folder.
   */
  static forDatabase(db: DatabaseSync): ReferenceStore {
    let store = stores.get(db);
    if (!store) {
      const location = db.location();
      const dir = location
        ? join(dirname(location), REFERENCES_FOLDER)
        : mkdtempSync(join(tmpdir(), 'studio-references-'));
      store = new ReferenceStore({ db, dir });
      stores.set(db, store);
    }
    return store;
  }

  constructor(options: ReferenceStoreOptions) {
    this.db = options.db;
    this.dir = resolve(options.dir);
    this.now = options.now ?? Date.now;
  }

  get(sha256: string): StoredReference | null {
    const row = this.db.prepare('SELECT * FROM reference_images WHERE sha256 = ?').get(sha256) as
      Row | undefined;
    return row ? this.fromRow(row) : null;
  }

  /** Stores image bytes (checked: size limit, a recognised image type) and returns the reference. */
  addBytes(bytes: Uint8Array): Promise<ReferenceImage> {
    return this.store(bytes, async (file) => {
      const target = join(this.dir, file);
      await mkdir(dirname(target), { recursive: true });
      // Through a temporary name, so a crash never leaves half an image under its hash.
      const temp = `${target}.${process.pid}.part`;
      await writeFile(temp, bytes, { flush: true });
      await rename(temp, target);
    });
  }

  /** A `data:image/…;base64,…` URL (a dropped file in the form, `--set image_urls=data:…` in the CLI). */
  async addDataUrl(dataUrl: string): Promise<ReferenceImage> {
    if (!DATA_IMAGE_URL.test(dataUrl)) throw refused('A reference image must be a data:image/…;base64 URL.');
    const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
    const size = base64DecodedLength(payload);
    // Checked before decoding, so an oversized upload costs no second copy in memory.
    if (size > MAX_REFERENCE_BYTES) throw refused(referenceTooLarge(size));
    return this.addBytes(Buffer.from(payload, 'base64'));
  }

  /**
   * A file on disk. `link: true` hard-links it into the store instead of copying (a library item becoming a
   * reference costs no bytes); only for files the studio never rewrites in place, since the name is its hash.
   */
  async addFile(path: string, options: { link?: boolean } = {}): Promise<ReferenceImage> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw refused(`No such file: ${path}`);
    if (info.size > MAX_REFERENCE_BYTES) throw refused(referenceTooLarge(info.size));
    const bytes = await readFile(path);
    if (!options.link) return this.addBytes(bytes);
    return this.store(bytes, async (file) => {
      const target = join(this.dir, file);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.link`;
      await rm(temp, { force: true });
      await link(path, temp).catch(() => copyFile(path, temp));
      await rename(temp, target);
    });
  }

  /**
   * Params as a task row keeps them: every data:image URL stored and replaced by its reference. Every
   * `studio-ref:` value must name a stored image; an unknown one is refused before any row is written.
   */
  intern(params: Record<string, unknown>): Promise<Record<string, unknown>> | Record<string, unknown> {
    const found = collectStrings(params, (s) => s.startsWith(REFERENCE_SCHEME) || DATA_IMAGE_URL.test(s));
    // Most tasks have no image input: answer at once, without a turn of the event loop per submission.
    return found.length === 0
      ? params
      : this.replaceEach(params, found, async (value) => {
          if (!value.startsWith(REFERENCE_SCHEME)) return (await this.addDataUrl(value)).uri;
          this.require(value);
          return null;
        });
  }

  /**
   * Params as the gateway must see them: each reference replaced by the data URL of its bytes, spelled the
   * same way every time, so an I2 resend under its Idempotency-Key repeats the body exactly.
   */
  expand(params: Record<string, unknown>): Promise<Record<string, unknown>> | Record<string, unknown> {
    const found = collectStrings(params, (s) => s.startsWith(REFERENCE_SCHEME));
    return found.length === 0
      ? params
      : this.replaceEach(params, found, async (value) => {
          const { stored, bytes } = await this.read(value);
          return canonicalDataUrl(stored.mime, bytes);
        });
  }

  /** Params with each string found replaced by what `by` makes of it, once per distinct value (null: kept). */
  private async replaceEach(
    params: Record<string, unknown>,
    found: readonly string[],
    by: (value: string) => Promise<string | null>,
  ): Promise<Record<string, unknown>> {
    const replacements = new Map<string, string>();
    for (const value of new Set(found)) {
      const replacement = await by(value);
      if (replacement !== null) replacements.set(value, replacement);
    }
    return replaceStrings(params, replacements);
  }

  /** A reference's bytes, checked against its name: a missing or damaged file fails rather than sending others. */
  async read(uri: string): Promise<{ stored: StoredReference; bytes: Buffer }> {
    const stored = this.require(uri);
    const bytes = await readFile(stored.path).catch(() => null);
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== stored.sha256) {
      throw refused(
        `A reference image of this task is missing or damaged in the studio's store (${uri}): add it again.`,
      );
    }
    return { stored, bytes };
  }

  /** The thumbnail file of a stored image (a WebP beside it), written on first use; null if it cannot be. */
  async thumbnail(sha256: string): Promise<string | null> {
    const stored = this.get(sha256);
    if (!stored) return null;
    const existing = thumbnailPathFor(stored.path);
    if (await isFile(existing)) return existing;
    return writeThumbnail(stored.path);
  }

  private require(uri: string): StoredReference {
    const sha256 = referenceSha(uri);
    const stored = sha256 ? this.get(sha256) : null;
    if (!stored)
      throw refused(`${uri} is not a reference image this studio has stored: add the image again.`);
    return stored;
  }

  private async store(bytes: Uint8Array, place: (file: string) => Promise<void>): Promise<ReferenceImage> {
    if (bytes.length > MAX_REFERENCE_BYTES) throw refused(referenceTooLarge(bytes.length));
    const sniffed = sniffMedia(bytes.subarray(0, 16));
    if (sniffed?.kind !== 'image') throw refused(NOT_AN_IMAGE);
    if (!(await decodes(bytes))) throw refused(DAMAGED_IMAGE);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const known = this.get(sha256);
    if (known && (await isFile(known.path))) return publicView(known);
    const file = referenceFileName(sha256, extensionFor(sniffed.mime));
    await place(file);
    const path = join(this.dir, file);
    const { mime } = sniffed;
    const size = bytes.length;
    const { width, height } = await probeMedia(path, mime);
    this.db
      .prepare(
        `INSERT INTO reference_images (sha256, mime, size, width, height, file, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (sha256) DO UPDATE SET file = excluded.file, width = excluded.width, height = excluded.height`,
      )
      .run(sha256, mime, size, width, height, file, this.now());
    // The form shows it at once; a thumbnail that cannot be made is made again on first request.
    await writeThumbnail(path);
    const stored = this.get(sha256);
    if (!stored) throw new Error(`reference ${sha256} vanished while being stored`);
    return publicView(stored);
  }

  private fromRow(row: Row): StoredReference {
    return {
      uri: referenceUri(row.sha256),
      sha256: row.sha256,
      mime: row.mime,
      size: row.size,
      width: row.width,
      height: row.height,
      path: join(this.dir, row.file),
      createdAt: row.created_at,
    };
  }
}

function publicView(stored: StoredReference): ReferenceImage {
  const { uri, sha256, mime, size, width, height } = stored;
  return { uri, sha256, mime, size, width, height };
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}
