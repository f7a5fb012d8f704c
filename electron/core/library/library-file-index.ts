// The library seen as the engine's LibraryFileIndex: which item (and task) a reference's bytes or a link came
// from, so a submission that reuses a library file records it as made from that file.
import type { LibraryFileIndex, LibraryFileRef } from '../tasks/made-from-links';
import type { Library } from './library';
import type { LibraryItem } from '../../../shared/studio/records';

const ref = (item: LibraryItem | null): LibraryFileRef | null =>
  item ? { itemId: item.id, taskId: item.taskId } : null;

export function libraryFileIndex(library: Library): LibraryFileIndex {
  return {
    bySha256: (sha256) => ref(library.bySha256(sha256)),
    byRemoteUrl: (url) => ref(library.byRemoteUrl(url)),
  };
}
