// Library items as the renderer needs them: with paths relative to the library folder ('/'-separated), which
// it turns into media URLs. The absolute path stays in the record for display and drag-out.
import { isAbsolute, relative, sep } from 'node:path';
import type { BridgeLibraryItem } from '../../shared/bridge/record-schemas';
import type { LibraryItem } from '../../shared/studio/records';

function relativeTo(root: string, path: string): string {
  const rel = relative(root, path);
  // Outside the folder (moved library, legacy row): no URL the media server would accept.
  if (rel.startsWith('..') || isAbsolute(rel)) return '';
  return rel.split(sep).join('/');
}

export function toBridgeItem(item: LibraryItem, libraryDir: string): BridgeLibraryItem {
  return {
    ...item,
    relativePath: relativeTo(libraryDir, item.path),
    thumbnailRelativePath: item.thumbnailPath ? relativeTo(libraryDir, item.thumbnailPath) || null : null,
  };
}
