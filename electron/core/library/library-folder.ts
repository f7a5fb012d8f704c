// Which folders may hold the library. The library folder is where downloads are written and, in web mode,
// what /media/ serves from, so a folder that also holds other things is refused: a filesystem root, the home
// folder itself, and the app's data folder or any folder containing it (the database, settings and the web
// key file live there). Folders are compared by their real paths (symlinks followed), so a link to `/`, to the
// data folder or to a folder containing it is what it points at.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, parse, relative, resolve, isAbsolute } from 'node:path';

export interface FolderContext {
  /** The user's home folder. */
  home: string;
  /** Where the app keeps its database and settings; null when there is none apart from the library (the CLI). */
  dataDir: string | null;
}

/**
 * The folder's real path: symlinks followed for the part that exists, the rest (folders not made yet, which
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

const same = (a: string, b: string): boolean => relative(realFolder(a), realFolder(b)) === '';

/** `dir` itself, or a folder inside it (both real paths). */
function contains(dir: string, candidate: string): boolean {
  const rel = relative(realFolder(dir), realFolder(candidate));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface FolderProblem {
  /** For a translated sentence in the UI (settings.libraryFolder_<reason>). */
  reason: 'root' | 'home' | 'data';
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
