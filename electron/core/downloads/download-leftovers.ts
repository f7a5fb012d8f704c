// What a process killed between placing a result file and filing it leaves behind: the file under this result's
// own name (its short id is a hash of the task and the file's ordinal), perhaps with its thumbnail, indexed by
// nothing. Once the result has been fetched and filed again, such a file is removed, so it does not stay beside
// the new copy as a stray (until then it stays: a fetch that fails would otherwise lose the only copy). This
// process holds the file's download lease, so no neighbour is filing it now; a path the library indexes (the
// new copy's among them) is never touched.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { thumbnailPathFor } from '../media/thumbnails';
import { SHORT_ID_LENGTH } from './readable-name';

/** The longest short id placeWithoutOverwrite steps to (readable-name.ts): a sha256 in hex. */
const LONGEST_ID = 64;

export async function removeLeftovers(
  dir: string,
  name: (idLength: number) => string,
  indexes: (path: string) => boolean,
): Promise<number> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  if (entries.length === 0) return 0;
  const ours = new Set<string>();
  for (let idLength = SHORT_ID_LENGTH; idLength <= LONGEST_ID; idLength += 2) ours.add(name(idLength));
  let removed = 0;
  for (const entry of entries) {
    const dot = entry.lastIndexOf('.');
    // A download in progress is `<name>.<pid>.part`, whose base is not one of ours.
    if (dot <= 0 || !ours.has(entry.slice(0, dot))) continue;
    const path = join(dir, entry);
    if (indexes(path)) continue;
    const thumbnail = thumbnailPathFor(path);
    if (!indexes(thumbnail)) await rm(thumbnail, { force: true });
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}
