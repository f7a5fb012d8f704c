// Writes and reads the generation settings a result file carries (shared/studio/file-settings.ts) without
// touching its picture or sound: a PNG gets one iTXt chunk before IEND (the chunks are split and joined by
// png-chunks-extract/-encode, which also compute the CRCs; the iTXt layout is the PNG spec's, 11.3.4.5), an
// MP3 one ID3v2 TXXX frame (node-id3, which rewrites only the tag in front of the audio frames).
// MP4 is left out: no well-kept pure-JS library writes MP4 metadata in place, and ffmpeg is not guaranteed on
// a creator's machine; a video's settings still live in the library and its export JSON.
import { readFile, rename, writeFile } from 'node:fs/promises';
import extractChunks from 'png-chunks-extract';
import encodeChunks from 'png-chunks-encode';
import NodeID3 from 'node-id3';
import { FILE_SETTINGS_KEY, readSettingsText } from '../../../shared/studio/file-settings';
import type { FileSettings, SettingsReading } from '../../../shared/studio/file-settings';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

export const isPng = (bytes: Uint8Array): boolean => PNG_SIGNATURE.every((b, i) => bytes[i] === b);
const isMp3 = (bytes: Uint8Array): boolean =>
  // An ID3v2 tag, or an MPEG audio frame sync (11 set bits) at the start.
  (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) ||
  (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);

/** An uncompressed iTXt chunk: keyword, NUL, flag 0, method 0, empty language, NUL, empty translation, NUL, text. */
function itxt(keyword: string, text: string): { name: string; data: Uint8Array } {
  const head = utf8.encode(keyword);
  const body = utf8.encode(text);
  const data = new Uint8Array(head.length + 5 + body.length);
  data.set(head, 0);
  data.set(body, head.length + 5);
  return { name: 'iTXt', data };
}

/** The text of an uncompressed iTXt chunk under this keyword, or null. */
function readItxt(data: Uint8Array, keyword: string): string | null {
  const end = data.indexOf(0);
  if (end < 0 || fromUtf8.decode(data.subarray(0, end)) !== keyword) return null;
  if (data[end + 1] !== 0) return null; // compressed: never written by us
  const langEnd = data.indexOf(0, end + 3);
  const translatedEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1);
  if (translatedEnd < 0) return null;
  return fromUtf8.decode(data.subarray(translatedEnd + 1));
}

/** The PNG with its settings chunk (an older one replaced, so a file never carries two). */
export function pngWithSettings(png: Uint8Array, settings: FileSettings): Uint8Array {
  return pngWithSettingsText(png, JSON.stringify(settings));
}

/** The PNG with this text as its settings chunk (tests write damaged settings with it). */
export function pngWithSettingsText(png: Uint8Array, text: string): Uint8Array {
  const chunks = extractChunks(png).filter(
    (c) => !(c.name === 'iTXt' && readItxt(c.data, FILE_SETTINGS_KEY) !== null),
  );
  const end = chunks.findIndex((c) => c.name === 'IEND');
  chunks.splice(end, 0, itxt(FILE_SETTINGS_KEY, text));
  return encodeChunks(chunks);
}

export function mp3WithSettings(mp3: Uint8Array, settings: FileSettings): Uint8Array {
  const tags = { userDefinedText: [{ description: FILE_SETTINGS_KEY, value: JSON.stringify(settings) }] };
  return new Uint8Array(NodeID3.update(tags, Buffer.from(mp3)));
}

/** The settings text a file carries under our key, or null (not a PNG/MP3, none, or a file too damaged to read). */
function settingsTextOf(bytes: Uint8Array): string | null {
  try {
    if (isPng(bytes)) {
      for (const chunk of extractChunks(bytes)) {
        if (chunk.name !== 'iTXt') continue;
        const text = readItxt(chunk.data, FILE_SETTINGS_KEY);
        if (text !== null) return text;
      }
      return null;
    }
    if (isMp3(bytes)) {
      const frames = NodeID3.read(Buffer.from(bytes)).userDefinedText ?? [];
      return frames.find((f) => f.description === FILE_SETTINGS_KEY)?.value ?? null;
    }
  } catch {
    // A file whose chunks cannot be read carries no settings we can see: it is still a plain reference.
  }
  return null;
}

/**
 * The settings a file carries, checked: none for a file without them (then it is a plain file), or why the
 * settings it carries cannot be restored (damaged, nested too deeply), never passed off as a plain file.
 */
export function readFileSettingsReport(bytes: Uint8Array): SettingsReading {
  const text = settingsTextOf(bytes);
  return text === null ? { settings: null, damaged: null } : readSettingsText(text);
}

/** The settings a file carries, or null for a file without them (or not a PNG/MP3, or damaged). */
export function readFileSettings(bytes: Uint8Array): FileSettings | null {
  return readFileSettingsReport(bytes).settings;
}

/** Which files carry settings: by MIME type, as the downloader sniffed it. */
export const carriesSettings = (mime: string): boolean => mime === 'image/png' || mime === 'audio/mpeg';

/**
 * Rewrites a freshly downloaded file with its settings (temp file, then rename: never half a file). Returns
 * the new bytes, or null when the type carries none, the bytes are not what the MIME type said or they are too
 * damaged to rewrite (the file is then left exactly as downloaded).
 */
export async function embedSettings(
  path: string,
  mime: string,
  settings: FileSettings,
): Promise<Uint8Array | null> {
  if (!carriesSettings(mime)) return null;
  const bytes = new Uint8Array(await readFile(path));
  let next: Uint8Array;
  try {
    if (mime === 'image/png' && isPng(bytes)) next = pngWithSettings(bytes, settings);
    else if (mime === 'audio/mpeg' && isMp3(bytes)) next = mp3WithSettings(bytes, settings);
    else return null;
  } catch {
    // A result the chunk reader refuses (a bad CRC, a torn tag) is still the paid result: it is filed as the
    // gateway sent it, without settings, rather than failing the download.
    return null;
  }
  const temp = `${path}.settings`;
  // flush: the bytes are on disk before the rename makes them the file, so a power cut after it cannot leave
  // the paid result empty under its own name (the rename is atomic, the write behind it is not).
  await writeFile(temp, next, { flush: true });
  await rename(temp, path);
  return next;
}
