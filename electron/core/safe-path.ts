// The one rule for where the app may write, move or delete a file of the library: a name that came from
// elsewhere (another device's record, a gateway's answer) is reduced to a plain base name, and every path is
// resolved and checked to lie inside the library folder before anything touches it. The check compares real
// paths (symlinks followed for the part that exists), so a folder inside the library that links out of it is
// what it points at. The library, the downloader, the kept trash and sync all ask here.
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * The real path of `path`: symlinks followed for the part that exists, the rest (folders not made yet, which
 * cannot be links) appended as written.
 */
export function realFolder(path: string): string {
  const absolute = resolve(path);
  const missing: string[] = [];
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(realpathSync.native(at), ...missing.reverse());
    } catch {
      if (dirname(at) === at) return absolute;
      missing.push(basename(at));
    }
  }
}

/** Longest base name kept, in UTF-16 units: file systems allow 255 bytes, and a suffix may be added later. */
export const BASE_NAME_MAX = 120;

/** Characters no file name may hold on some disk (Windows, FAT, exFAT, SMB) or that mean something to a shell. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}<>:"/\\|?*]/gu;
/** Names Windows keeps for devices, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A name from elsewhere as a plain base name any disk takes: only its last component, no separator, control
 * or reserved character, no leading dot (nothing hidden, no `..`), no trailing dot or space, at most
 * BASE_NAME_MAX long with its extension kept. `fallback` when nothing usable is left.
 */
export function safeBaseName(name: string, fallback = 'file'): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  let cleaned = last
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (cleaned.length > BASE_NAME_MAX) {
    const dot = cleaned.lastIndexOf('.');
    const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
    cleaned = cleaned.slice(0, BASE_NAME_MAX - ext.length) + ext;
  }
  if (cleaned === '' || RESERVED.test(cleaned)) return fallback;
  return cleaned;
}

/**
 * Whether `path` lies strictly inside `root` (never `root` itself): both resolved, and compared by the real
 * path of `path`'s folder, so `..`, an absolute path elsewhere or a linked folder pointing out all answer false.
 * The last component is not followed: a write through a link there would be the link's own rename or removal.
 */
export function isInsideFolder(root: string, path: string): boolean {
  const absolute = resolve(root, path);
  const name = basename(absolute);
  if (name === '' || name === '.' || name === '..') return false;
  const real = join(realFolder(dirname(absolute)), name);
  const rel = relative(realFolder(root), real);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** A path that would leave the folder it must stay in: refused before anything is written, moved or removed. */
export class PathOutsideError extends Error {
  override readonly name = 'PathOutsideError';
  constructor(
    readonly root: string,
    readonly path: string,
  ) {
    super(`refusing a path outside ${root}: ${path}`);
  }
}

/** `path` resolved, when it lies inside `root` (isInsideFolder); throws PathOutsideError otherwise. */
export function insideFolder(root: string, path: string): string {
  if (!isInsideFolder(root, path)) throw new PathOutsideError(root, path);
  return resolve(root, path);
}
