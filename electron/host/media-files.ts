// Serving library files to the renderer, shared by web mode (/media/) and Electron (studio-media://): which
// file a URL path names, whether it may be served and its type. Only library files are served: the path must
// be an indexed item's file or thumbnail (an allow-list, like Signal Desktop's protocol filter), and its real
// path must lie inside the library folder's real path. Anything else in the folder (a database, a key file, a
// stray download, whatever a too-wide folder setting exposed) is refused.
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { decodeMediaPath } from '../../shared/bridge/media-url';

export type MediaLookup =
  | { ok: true; path: string; size: number; mime: string }
  | { ok: false; status: 400 | 403 | 404; reason: string };

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.opus': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.aac': 'audio/aac',
  '.m4a': 'audio/mp4',
  '.flac': 'audio/flac',
};

/** Unknown types are served as opaque bytes, so a stray HTML or SVG file can never run as a page. */
export function mediaMimeFor(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function isInside(root: string, candidate: string): boolean {
  return candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Resolves a URL path (after its base, still percent-encoded) to a regular file under root. Symlinks are
 * followed and then checked, so a link inside the folder that points elsewhere is refused too.
 */
export async function resolveFileInside(root: string, encodedPath: string): Promise<MediaLookup> {
  const segments = decodeMediaPath(encodedPath);
  if (!segments) return { ok: false, status: 400, reason: 'not a plain path' };
  try {
    root = await realpath(root);
  } catch {
    return { ok: false, status: 404, reason: 'folder missing' };
  }
  let real: string;
  try {
    real = await realpath(join(root, ...segments));
  } catch {
    return { ok: false, status: 404, reason: 'no such file' };
  }
  if (!isInside(root, real)) return { ok: false, status: 403, reason: 'outside the folder' };
  const info = await stat(real);
  if (!info.isFile()) return { ok: false, status: 404, reason: 'not a file' };
  return { ok: true, path: real, size: info.size, mime: mediaMimeFor(real) };
}

/** What the media servers may serve: the current library folder and the index that says what is in it. */
export interface MediaSource {
  dir: string;
  /** Whether an absolute path is an indexed library file (Library.isLibraryFile). */
  isLibraryFile(path: string): boolean;
}

/** A library file for the media URL path after the base ('2026-11-21/x.png'), or why it is refused. */
export async function resolveLibraryFile(source: MediaSource, encodedPath: string): Promise<MediaLookup> {
  const file = await resolveFileInside(source.dir, encodedPath);
  if (!file.ok) return file;
  const segments = decodeMediaPath(encodedPath) ?? [];
  // Stored paths are as the library wrote them (under its folder as configured); symlinks resolved or not.
  if (!source.isLibraryFile(join(source.dir, ...segments)) && !source.isLibraryFile(file.path)) {
    return { ok: false, status: 404, reason: 'not a library file' };
  }
  return file;
}
