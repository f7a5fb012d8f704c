// Which folders may hold the library. The library folder is where downloads are written and, in web mode,
// what /media/ serves from, so a folder that also holds other things is refused: a filesystem root, the home
// folder itself, and the app's data folder or any folder containing it (the database, settings and the web
// key file live there). Folders are compared by their real paths (symlinks followed), so a link to `/`, to the
// data folder or to a folder containing it is what it points at.
import { mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, parse, relative, resolve, isAbsolute } from 'node:path';
import { realFolder } from '../safe-path';

export { realFolder };

export interface FolderContext {
  /** The user's home folder. */
  home: string;
  /** Where the app keeps its database and settings; null when there is none apart from the library (the CLI). */
  dataDir: string | null;
}

const same = (a: string, b: string): boolean => relative(realFolder(a), realFolder(b)) === '';

/** `dir` itself, or a folder inside it (both real paths). */
function contains(dir: string, candidate: string): boolean {
  const rel = relative(realFolder(dir), realFolder(candidate));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface FolderProblem {
  /** For a translated sentence in the UI (settings.libraryFolder_<reason>). */
  reason: 'root' | 'home' | 'data' | 'inside' | 'unwritable' | 'not_empty';
  /** The same in English, naming the folder, for the CLI and logs. */
  message: string;
}

/** Why `dir` cannot be the library folder, or null when it can. */
export function libraryFolderProblem(dir: string, context: FolderContext): FolderProblem | null {
  const folder = resolve(dir);
  const real = realFolder(folder);
  if (parse(real).root === real) {
    return {
      reason: 'root',
      message: `The library folder cannot be ${folder === real ? folder : `${folder} (${real})`}: a filesystem root holds far more than the library. Choose or create a folder for it.`,
    };
  }
  if (same(folder, context.home)) {
    return {
      reason: 'home',
      message: `The library folder cannot be your home folder itself (${folder}). Choose or create a folder inside it, such as ${resolve(folder, 'Gateway Studio')}.`,
    };
  }
  if (context.dataDir && contains(folder, context.dataDir)) {
    return {
      reason: 'data',
      message: `The library folder cannot be the app's data folder or a folder containing it (${resolve(context.dataDir)}): the database and settings live there. Choose another folder.`,
    };
  }
  return null;
}

/** Files an operating system leaves in any folder it shows; they do not make a folder someone else's. */
const SYSTEM_FILES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini', '.localized']);

/** The OS's words for why a folder cannot be made or written, for a sentence. */
function writeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'you have no permission to write there';
  if (code === 'EROFS') return 'it is on a read-only disk';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a file (not a folder) is in the way';
  if (code === 'ENOSPC') return 'the disk is full';
  return (error as Error).message;
}

/**
 * Why the library in `from` cannot move to `to`, or null when it can (or when `to` is `from`): the rules above,
 * then a folder inside the library or holding it, one that cannot be created or written (tried: made, and a file
 * written and removed), and one already holding files of its own. `resuming`: a move to `to` was cut short, so
 * what is there is the library's own. A check leaves nothing behind: the folders it made for the try are removed,
 * so a person who then cancels finds none (the move itself makes them).
 */
export async function moveTargetProblem(
  from: string,
  to: string,
  context: FolderContext,
  resuming = false,
): Promise<FolderProblem | null> {
  const problem = libraryFolderProblem(to, context);
  if (problem) return problem;
  if (same(from, to)) return null;
  if (contains(from, to) || contains(to, from)) {
    return {
      reason: 'inside',
      message: `The library cannot move to ${resolve(to)}: it is inside the library folder (${resolve(from)}) or holds it. Choose a folder apart from it.`,
    };
  }
  const target = resolve(to);
  /** The outermost folder the try made; undefined when the target was there already. */
  let made: string | undefined;
  try {
    made = await mkdir(target, { recursive: true });
    const probe = join(target, `.gateway-studio-write-check-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    return {
      reason: 'unwritable',
      message: `The library cannot move to ${target}: the folder cannot be created or written (${writeFailure(error)}).`,
    };
  } finally {
    if (made !== undefined) await unmake(target, made);
  }
  if (made !== undefined) return null; // made just now, so empty
  const foreign = (await readdir(target)).filter((name) => !SYSTEM_FILES.has(name));
  if (foreign.length > 0 && !resuming) {
    return {
      reason: 'not_empty',
      message: `The library cannot move to ${target}: it already holds other files (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}). Choose an empty folder or a new one.`,
    };
  }
  return null;
}

/** Removes `target` and each folder above it up to `made`, only while they are empty (another writer may not be). */
async function unmake(target: string, made: string): Promise<void> {
  for (let at = target; ; at = dirname(at)) {
    try {
      await rmdir(at);
    } catch {
      return;
    }
    if (at === made || dirname(at) === at) return;
  }
}
