// Exporting library items: each file under a name a person can read (the library's own
// readable scheme: the day it was made, a slug of its title or prompt, a short id), unique inside the export, with its settings beside it as JSON:
// the same object a PNG carries in its iTXt chunk (shared/studio/file-settings.ts), so a video or a WAV, which
// carry none inside, keep theirs too. To a folder (desktop: copies, never overwriting) or as a zip stream (web
// mode's download; yazl, media stored as they are since they are compressed already, ZIP64 when needed).
import { constants } from 'node:fs';
import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileSettings } from '../../../shared/studio/file-settings';
import type { LibraryItem } from '../../../shared/studio/records';
import { readableBaseName } from '../downloads/readable-name';

export interface ExportEntry {
  item: LibraryItem;
  /** The file's name inside the export. */
  name: string;
  /** Its settings' name: the same stem, `.json`. */
  settingsName: string;
  settings: FileSettings;
}

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

function day(ms: number): string {
  // The machine's calendar day, as the library's own day folders: the day the user remembers.
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A file already named the readable way (`2026-11-20_red-fox_3f9a1c.png`) keeps its name in an export. */
const READABLE = /^\d{4}-\d{2}-\d{2}_[\p{L}\p{N}\p{M}-]+_[0-9a-f]{6,}$/u;

/**
 * The export's name for an item (no extension): the file's own name when it is already readable (so an
 * export and the library folder agree), else the same scheme the downloader names new files by
 * (readable-name.ts: day, slug of title or prompt, short id), for files named before that scheme.
 */
export function exportStem(item: LibraryItem): string {
  const own = basename(item.path, extname(item.path));
  if (READABLE.test(own)) return own;
  return readableBaseName({
    day: day(item.createdAt),
    prompt: item.title ?? item.prompt,
    fallback: item.kind,
    seed: item.id,
  });
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
