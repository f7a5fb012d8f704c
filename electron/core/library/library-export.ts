// Exporting library items (issue 9 "Keeping"): each file under a name a person can read (the day it was made,
// a slug of its title or prompt, a short id), unique inside the export, with its settings beside it as JSON:
// the same object a PNG carries in its iTXt chunk (shared/studio/file-settings.ts), so a video or a WAV, which
// carry none inside, keep theirs too. To a folder (desktop: copies, never overwriting) or as a zip stream (web
// mode's download; yazl, media stored as they are since they are compressed already, ZIP64 when needed).
import { constants } from 'node:fs';
import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileSettings } from '../../../shared/studio/file-settings';
import type { LibraryItem } from '../../../shared/studio/records';

export interface ExportEntry {
  item: LibraryItem;
  /** The file's name inside the export. */
  name: string;
  /** Its settings' name: the same stem, `.json`. */
  settingsName: string;
  settings: FileSettings;
}

const SLUG_LENGTH = 48;

const EXTENSION_BY_MIME: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'audio/mpeg': '.mp3',
  'audio/wav': '.wav',
  'audio/flac': '.flac',
  'audio/ogg': '.ogg',
  'audio/aac': '.aac',
};

/**
 * A slug of what the item shows: letters and digits of any script kept (a Chinese prompt stays readable),
 * everything else one hyphen, cut at a word boundary near SLUG_LENGTH.
 */
export function slugOf(text: string | null): string {
  const words = (text ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_LENGTH) {
      if (!slug) slug = [...word].slice(0, SLUG_LENGTH).join('');
      break;
    }
    slug = next;
  }
  return slug;
}

function day(ms: number): string {
  // The machine's calendar day, as the library's own day folders: the day the user remembers.
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `2026-11-20_a-lighthouse-at-dusk_1a2b3c4d.png`: readable, sortable by day, and telling twins apart. */
export function exportStem(item: LibraryItem): string {
  const slug = slugOf(item.title ?? item.prompt);
  const short = item.id.replace(/[^0-9a-z]/gi, '').slice(0, 8);
  return [day(item.createdAt), slug || item.kind, short].join('_');
}

function extensionOf(item: LibraryItem): string {
  const ext = extname(item.path).toLowerCase();
  return /^\.[0-9a-z]{1,5}$/.test(ext) ? ext : (EXTENSION_BY_MIME[item.mime] ?? '');
}

/** Names for every item, unique inside the export (case-insensitively, as on macOS and Windows). */
export function planExport(items: readonly LibraryItem[], settingsOf: (item: LibraryItem) => FileSettings) {
  const used = new Set<string>();
  return items.map((item): ExportEntry => {
    const base = exportStem(item);
    let stem = base;
    for (let n = 2; used.has(stem.toLowerCase()); n += 1) stem = `${base}-${n}`;
    used.add(stem.toLowerCase());
    return {
      item,
      name: `${stem}${extensionOf(item)}`,
      settingsName: `${stem}.json`,
      settings: settingsOf(item),
    };
  });
}

const settingsText = (settings: FileSettings): string => `${JSON.stringify(settings, null, 2)}\n`;

/**
 * Copies each file and writes its settings into `folder`; a name already there gets ` (2)`, ` (3)`, ... so
 * nothing in the folder is ever overwritten. Answers how many files were written.
 */
export async function exportToFolder(entries: readonly ExportEntry[], folder: string): Promise<number> {
  await mkdir(folder, { recursive: true });
  let written = 0;
  for (const entry of entries) {
    const stem = await freeStem(folder, entry);
    await copyFile(entry.item.path, join(folder, `${stem}${extname(entry.name)}`), constants.COPYFILE_EXCL);
    await writeFile(join(folder, `${stem}.json`), settingsText(entry.settings), { flag: 'wx' });
    written += 1;
  }
  return written;
}

async function freeStem(folder: string, entry: ExportEntry): Promise<string> {
  const ext = extname(entry.name);
  const base = entry.name.slice(0, entry.name.length - ext.length);
  const taken = (name: string) =>
    stat(join(folder, name)).then(
      () => true,
      () => false,
    );
  for (let n = 1; ; n += 1) {
    const stem = n === 1 ? base : `${base} (${n})`;
    if (!(await taken(`${stem}${ext}`)) && !(await taken(`${stem}.json`))) return stem;
  }
}

/** The export as a zip stream: files stored as they are (already compressed), settings deflated. */
export function exportZip(entries: readonly ExportEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  // yazl reports a file it cannot read on the ZipFile, not on its stream: end the stream with it, so the
  // download fails visibly instead of stopping short.
  zip.on('error', (error: Error) => out.destroy(error));
  for (const entry of entries) {
    const mtime = new Date(entry.item.createdAt);
    zip.addFile(entry.item.path, entry.name, { compress: false, mtime });
    zip.addBuffer(Buffer.from(settingsText(entry.settings)), entry.settingsName, { mtime });
  }
  zip.end();
  return out;
}
