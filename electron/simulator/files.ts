// Result files behind expiring links. A file exists from its task's completion until expires_at, both on
// the simulator's clock, so advancing a manual clock past expires_at is enough to see the link die.
import { ACCESS_DENIED_XML } from './links';
import { Readable } from 'node:stream';
import type { Reply } from './http-util';
import { jsonReply, rangeReply } from './http-util';
import type { PaintRecipe } from './media/paint-recipe';

/** What a file's bytes are made from: data, so the demo gateway can keep its files across restarts. */
export type FileSource =
  | { kind: 'png'; width: number; height: number; paint: PaintRecipe }
  | { kind: 'fixture'; name: 'music.mp3' | 'video.mp4' }
  /** An uploaded image (POST /v1/uploads/images), its bytes as base64. */
  | { kind: 'bytes'; base64: string }
  /**
   * An edit's answer: the PNG it was sent (base64), changed by the seed (media/edit-result.ts); a gradient of
   * width × height when that picture cannot be read.
   */
  | { kind: 'edit'; base64: string; seed: number; width: number; height: number };

export interface SimFileSpec {
  /** File name with extension, e.g. "image-1.png"; the extension tells downloaders the type. */
  name: string;
  contentType: string;
  availableFromMs: number;
  expiresAtMs: number;
  source: FileSource;
}

export interface SimFile extends SimFileSpec {
  id: string;
}

export class FileStore {
  private readonly files = new Map<string, SimFile>();
  private readonly cache = new Map<string, Buffer>();
  private counter = 0;

  constructor(
    private readonly newId: () => string,
    private readonly load: (source: FileSource) => Buffer,
  ) {}

  add(spec: SimFileSpec): SimFile {
    const file: SimFile = { ...spec, id: `${this.newId()}${++this.counter}` };
    this.files.set(file.id, file);
    return file;
  }

  /** The public path of a file: /files/<id>/<name>. */
  static path(file: SimFile): string {
    return `/files/${file.id}/${encodeURIComponent(file.name)}`;
  }

  get(id: string): SimFile | undefined {
    return this.files.get(id);
  }

  /** Every file and the id counter, for the demo gateway's state file. */
  export(): { files: SimFile[]; counter: number } {
    return { files: [...this.files.values()], counter: this.counter };
  }

  /** Replaces every file with saved ones (the counter keeps new ids from colliding with them). */
  restore(files: readonly SimFile[], counter: number): void {
    this.files.clear();
    this.cache.clear();
    for (const file of files) this.files.set(file.id, { ...file });
    this.counter = counter;
  }

  bytes(file: SimFile): Buffer {
    let bytes = this.cache.get(file.id);
    if (!bytes) {
      bytes = this.load(file.source);
      // Big PNGs are cached so repeated and ranged downloads stay cheap; the cap keeps memory flat.
      if (this.cache.size >= 64) this.cache.delete(this.cache.keys().next().value ?? '');
      this.cache.set(file.id, bytes);
    }
    return bytes;
  }

  /**
   * GET/HEAD /files/<id>/<name>: 404 before completion or unknown, 403 once expired (like signed URLs), and
   * S3's 403 AccessDenied for a signature at or below `revokedUpTo` (links.revoke: revoked before expiry).
   */
  serve(
    id: string,
    now: number,
    rangeHeader: string | undefined,
    revoked: { signature: number | null; revokedUpTo: number } = { signature: null, revokedUpTo: 0 },
    /** What is served instead of a made picture's bytes (links.damage); the bytes as made by default. */
    damaged: (file: SimFile, bytes: Buffer) => Buffer = (_file, bytes) => bytes,
  ): Reply {
    const file = this.files.get(id);
    if (!file || now < file.availableFromMs) {
      return jsonReply(404, { error: { code: 404, message: 'No such file.', type: 'not_found_error' } });
    }
    if (now >= file.expiresAtMs) {
      return jsonReply(403, {
        error: { code: 403, message: 'This link has expired (see expires_at).', type: 'link_expired' },
      });
    }
    if (revoked.revokedUpTo > 0 && (revoked.signature ?? 0) <= revoked.revokedUpTo) {
      return { status: 403, headers: { 'Content-Type': 'application/xml' }, body: ACCESS_DENIED_XML };
    }
    const bytes = damaged(file, this.bytes(file));
    return rangeReply(rangeHeader, bytes.length, file.contentType, (s, e) => bytes.subarray(s, e + 1), {
      'Cache-Control': 'private, max-age=0',
      'Last-Modified': new Date(file.availableFromMs).toUTCString(),
    });
  }
}

const BLOB_PATTERN = (() => {
  const pattern = Buffer.alloc(64 * 1024);
  for (let i = 0; i < pattern.length; i++) pattern[i] = (i * 131 + (i >>> 9) * 7) & 0xff;
  return pattern;
})();

/** Largest synthetic blob served by GET /sim/blob/<bytes> (16 GiB). */
export const MAX_BLOB_BYTES = 16 * 1024 ** 3;

/** Byte i of every blob: deterministic, so a benchmark can verify what it downloaded. */
export const blobByteAt = (i: number): number => BLOB_PATTERN[i % BLOB_PATTERN.length] ?? 0;

/** Streams bytes [start, end] of the synthetic blob with back-pressure and without holding it in memory. */
export function blobStream(start: number, endInclusive: number): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    let position = start;
    while (position <= endInclusive) {
      const offset = position % BLOB_PATTERN.length;
      const length = Math.min(BLOB_PATTERN.length - offset, endInclusive - position + 1);
      yield BLOB_PATTERN.subarray(offset, offset + length);
      position += length;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
