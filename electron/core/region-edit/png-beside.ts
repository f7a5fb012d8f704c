// A composited take is a PNG whatever the gateway answered (a JPEG, a WebP): its name must say so, or a file
// named .jpg holding PNG bytes is opened by the wrong decoder elsewhere (a file manager, an export, a sync).
import { link, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { RegionResultError } from './region-composite';

/**
 * Writes `png` at `path` when its name already ends in .png; else under the same name with .png, never over
 * another file, the gateway's copy removed. The path the picture now has is returned.
 */
export async function writePngBeside(path: string, png: Buffer): Promise<string> {
  if (extname(path).toLowerCase() === '.png') {
    await writeFile(path, png);
    return path;
  }
  const dir = dirname(path);
  const stem = basename(path, extname(path));
  const temporary = `${path}.png-part`;
  await writeFile(temporary, png);
  try {
    for (let n = 1; n < 1000; n++) {
      const target = join(dir, n === 1 ? `${stem}.png` : `${stem}-${n}.png`);
      // link() refuses an existing name: two takes racing for one name never overwrite each other.
      const placed = await link(temporary, target).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EEXIST') return false;
          throw error;
        },
      );
      if (!placed) continue;
      await rm(path, { force: true });
      return target;
    }
  } finally {
    await rm(temporary, { force: true });
  }
  // A thousand names taken beside it: refused (the download is tried again), the gateway's copy left as it is.
  throw new RegionResultError(`No free name for the edited picture beside ${basename(path)}.`);
}
