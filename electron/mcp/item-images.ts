// A library item's thumbnail as an MCP image. The path is the library's own record, never taken from a call, and
// is read only while it lies inside the library folder and is small: a thumbnail, not the file.
import { readFile, stat } from 'node:fs/promises';
import type { LibraryItem } from '../../shared/studio/records';
import type { Library } from '../core/library';

/** Thumbnails are small JPEG/PNG/WebP files; anything larger is not one and is not sent. */
const MAX_THUMBNAIL_BYTES = 1024 * 1024;

function mimeOf(path: string): string | null {
  const lower = path.toLowerCase();
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.webp')) return 'image/webp';
  return null;
}

export async function thumbnailOf(
  library: Library,
  item: LibraryItem,
): Promise<{ data: string; mimeType: string } | null> {
  const path = item.thumbnailPath;
  if (!path || !library.isLibraryFile(path)) return null;
  const mimeType = mimeOf(path);
  if (!mimeType) return null;
  try {
    if ((await stat(path)).size > MAX_THUMBNAIL_BYTES) return null;
    return { data: (await readFile(path)).toString('base64'), mimeType };
  } catch {
    // A thumbnail not made yet, or removed: the item is answered without one.
    return null;
  }
}
