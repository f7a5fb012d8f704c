// File names a person can read: `<day>_<slug of the prompt>_<short id>.<ext>`, e.g.
// 2026-11-22_red-fox-in-snow_3f9a1c.png. The day is the folder's (local calendar day), the slug says what the
// file shows, the short id tells two takes of one prompt apart. Files named before this keep their names: the
// index stores each item's path, so nothing is renamed.
//
// Non-Latin prompts keep their script (雪中的红狐狸 stays readable to the person who typed it; a transliteration
// would not be); Latin letters lose their accents (café → cafe) so names sort and type as people expect.
// Everything that is not a letter or a digit becomes one hyphen, so no separator, dot, reserved character or
// control character can reach the file system.
import { createHash } from 'node:crypto';
import { link, rename, rm } from 'node:fs/promises';
import { pathExists } from '../path-exists';
import { join } from 'node:path';

/** Code points of the slug at most: long enough for the gist of a prompt, short enough for a file list. */
export const SLUG_MAX = 40;
/** Hex digits of the short id; more are taken only when a name is already used. */
export const SHORT_ID_LENGTH = 6;

/** The prompt as a lower-case, hyphenated slug of at most `max` code points; '' when nothing is left. */
export function promptSlug(text: string | null | undefined, max = SLUG_MAX): string {
  if (!text) return '';
  const words = text
    .normalize('NFKD')
    // Accents of Latin letters go; marks of other scripts (Devanagari vowel signs…) are part of their letters.
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    // A mark with no letter before it (an emoji's variation selector) is not part of a word.
    .map((word) => word.replace(/^\p{M}+/u, ''))
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (Array.from(next).length <= max) {
      slug = next;
      continue;
    }
    // A first word longer than the cap (a script written without spaces) is cut; later words are dropped whole.
    if (slug === '') slug = Array.from(word).slice(0, max).join('');
    break;
  }
  return slug;
}

/** Hex id from what identifies the file (task id and file ordinal), so a retried download names it the same. */
export function shortId(seed: string, length = SHORT_ID_LENGTH): string {
  return createHash('sha256').update(seed).digest('hex').slice(0, length);
}

export interface ReadableNameInput {
  /** The folder's day, YYYY-MM-DD. */
  day: string;
  prompt: string | null;
  /** Used when the prompt leaves no slug (none, or only emoji and punctuation): the kind, "image". */
  fallback: string;
  seed: string;
}

/** The base name (no extension) for a new file; idLength grows only to step around a name already taken. */
export function readableBaseName(input: ReadableNameInput, idLength = SHORT_ID_LENGTH): string {
  const slug = promptSlug(input.prompt) || promptSlug(input.fallback) || 'file';
  return `${input.day}_${slug}_${shortId(input.seed, idLength)}`;
}

/** A base name the downloader and the speech service accept: letters and digits of any script, `_` and `-`. */
export const SAFE_BASE_NAME = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}_-]*$/u;

/**
 * Moves a finished `.part` file to `<dir>/<name(idLength)>.<ext>` without ever replacing a file already there
 * (two prompts with the same slug, a file put in the folder by hand, a name differing only in case on a
 * case-insensitive disk): a hard link fails atomically when the name exists, and the id grows by two digits
 * until a free name is found. On a file system without hard links the check and the rename are two steps.
 */
export async function placeWithoutOverwrite(
  part: string,
  dir: string,
  name: (idLength: number) => string,
  ext: string,
): Promise<string> {
  for (let idLength = SHORT_ID_LENGTH; idLength <= 64; idLength += 2) {
    const target = join(dir, `${name(idLength)}.${ext}`);
    try {
      await link(part, target);
      await rm(part, { force: true });
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (!(await pathExists(target))) {
        await rename(part, target);
        return target;
      }
    }
  }
  throw new Error(`no free file name for ${name(SHORT_ID_LENGTH)} in ${dir}`);
}

/** YYYY-MM-DD of a timestamp in the machine's time zone: the folder a user expects to find a day's work in. */
export function dayFolder(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
