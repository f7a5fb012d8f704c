// Where deleted library files finally go. The desktop app hands them to the operating system's trash
// (Electron's shell.trashItem, through this port, so the core never imports Electron); web mode and the CLI,
// which have no OS trash to reach reliably, keep them in the library's own trash folder, where the user can
// still find them.
import { mkdir, rename, copyFile, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

export interface TrashPort {
  /** Moves one file out of the library into the trash; rejects when it cannot (the file is then kept). */
  discard(path: string): Promise<void>;
  /** What the user is told: the OS trash, or the library's trash folder. */
  readonly kind: 'os' | 'folder';
}

/** The library's own trash folder (web mode, CLI): `<library>/.trash/`, out of the grid and never served. */
export const TRASH_FOLDER = '.trash';

/** Renames, or copies then removes when the two paths sit on different file systems (EXDEV). */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/** A name in `dir` not taken yet: `name`, then `name (2)`, `name (3)`, ... before the extension. */
export async function freeName(dir: string, name: string, taken: (path: string) => Promise<boolean>) {
  const ext = extname(name);
  const stem = basename(name, ext);
  for (let n = 1; ; n += 1) {
    const candidate = join(dir, n === 1 ? name : `${stem} (${n})${ext}`);
    if (!(await taken(candidate))) return candidate;
  }
}

export function libraryTrashFolder(
  libraryDir: string,
  exists: (path: string) => Promise<boolean>,
): TrashPort {
  return {
    kind: 'folder',
    async discard(path) {
      const dir = join(libraryDir, TRASH_FOLDER);
      await mkdir(dir, { recursive: true });
      await moveFile(path, await freeName(dir, basename(path), exists));
    },
  };
}
