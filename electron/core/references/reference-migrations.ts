// The reference_images table, and the one-time move of data URLs that older builds kept inline in task
// parameters and library items into the content-addressed store (rows rewritten to `studio-ref:<sha256>`).
// Migrations run synchronously inside one transaction, so the files are written with sync calls; a rollback
// can leave a file without a row, which is harmless: the next run writes the same bytes under the same name.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  collectStrings,
  DATA_IMAGE_URL,
  referenceUri,
  replaceStrings,
} from '../../../shared/studio/references';
import type { Migration } from '../db/database';
import { sniffMedia } from '../downloads/media-sniff';

/** `ab/<sha256>.<ext>`: two-character fan-out keeps any one folder small. */
export function referenceFileName(sha256: string, ext: string): string {
  return join(sha256.slice(0, 2), `${sha256}.${ext}`);
}

const EXT_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** The file extension for an image type; an unknown type keeps its bytes under .bin (served as opaque). */
export const extensionFor = (mime: string): string => EXT_BY_MIME[mime] ?? 'bin';

/** The data URL a reference expands to: one canonical spelling, so every send of it is byte-identical. */
export const canonicalDataUrl = (mime: string, bytes: Uint8Array): string =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** Writes bytes to <dir>/<file> through a temporary name, so a crash never leaves half a reference. */
export function writeReferenceFileSync(dir: string, file: string, bytes: Uint8Array): void {
  const target = join(dir, file);
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.part`;
  writeFileSync(temp, bytes, { flush: true });
  renameSync(temp, target);
}

function tableExists(db: DatabaseSync, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

interface InlineImage {
  original: string;
  sha256: string;
  canonical: string;
}

function storeInline(db: DatabaseSync, dir: string, dataUrl: string, now: number): InlineImage {
  const comma = dataUrl.indexOf(',');
  const declared = dataUrl.slice('data:'.length, dataUrl.indexOf(';')).toLowerCase();
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  // The bytes decide the type; a format we do not sniff keeps what the URL declared, so nothing is lost.
  const mime = sniffMedia(bytes.subarray(0, 16))?.mime ?? declared;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file = referenceFileName(sha256, extensionFor(mime));
  writeReferenceFileSync(dir, file, bytes);
  db.prepare(
    `INSERT INTO reference_images (sha256, mime, size, width, height, file, created_at)
     VALUES (?, ?, ?, NULL, NULL, ?, ?) ON CONFLICT (sha256) DO NOTHING`,
  ).run(sha256, mime, bytes.length, file, now);
  return { original: dataUrl, sha256, canonical: canonicalDataUrl(mime, bytes) };
}

/**
 * Rewrites the params of every row that holds a data:image URL. A task still being submitted under an I2
 * Idempotency-Key keeps an image inline when the store's canonical spelling differs from what was sent,
 * because its resend must repeat the first body byte for byte ([EP-IMAGE-I2HDR-1]).
 */
function moveInline(db: DatabaseSync, dir: string, table: 'tasks' | 'library_items', now: number): void {
  if (!tableExists(db, table)) return;
  const key = table === 'tasks' ? 'id' : 'seq';
  const extra = table === 'tasks' ? ', state, idempotency_key' : '';
  const ids = db
    .prepare(`SELECT ${key} AS k FROM ${table} WHERE instr(params, 'data:image/') > 0`)
    .all()
    .map((row) => row.k);
  const read = db.prepare(`SELECT params${extra} FROM ${table} WHERE ${key} = ?`);
  const write = db.prepare(`UPDATE ${table} SET params = ? WHERE ${key} = ?`);
  for (const id of ids) {
    if (typeof id !== 'string' && typeof id !== 'number' && typeof id !== 'bigint') continue;
    const row = read.get(id);
    if (!row || typeof row.params !== 'string') continue;
    const resending = row.state === 'submitting' && row.idempotency_key !== null && table === 'tasks';
    const params: unknown = JSON.parse(row.params);
    const replacements = new Map<string, string>();
    for (const url of collectStrings(params, (s) => DATA_IMAGE_URL.test(s))) {
      if (replacements.has(url)) continue;
      const image = storeInline(db, dir, url, now);
      if (resending && image.canonical !== url) continue;
      replacements.set(url, referenceUri(image.sha256));
    }
    if (replacements.size > 0) write.run(JSON.stringify(replaceStrings(params, replacements)), id);
  }
}

export function referenceMigrations(dir: string, now: () => number = Date.now): readonly Migration[] {
  return [
    {
      id: 'references-001',
      // file is relative to the store folder, so the data folder can be moved whole.
      up: `
        CREATE TABLE reference_images (
          sha256 TEXT PRIMARY KEY,
          mime TEXT NOT NULL,
          size INTEGER NOT NULL,
          width INTEGER,
          height INTEGER,
          file TEXT NOT NULL,
          created_at INTEGER NOT NULL
        ) STRICT;
      `,
    },
    {
      id: 'references-002',
      up: (db) => {
        const at = now();
        moveInline(db, dir, 'tasks', at);
        moveInline(db, dir, 'library_items', at);
      },
    },
    {
      // Reference pictures uploaded to a gateway (reference-uploads.ts), by gateway and image: reused while the
      // link lives, uploaded again once it is older than its life.
      id: 'references-003-uploads',
      up: `
        CREATE TABLE reference_uploads (
          gateway TEXT NOT NULL,
          sha256 TEXT NOT NULL,
          url TEXT NOT NULL,
          uploaded_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          PRIMARY KEY (gateway, sha256)
        ) STRICT;
      `,
    },
  ];
}
