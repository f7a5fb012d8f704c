// Where a booted app's files are, as Electron would see them: the checkout after `electron-vite build` (what
// `electron .` runs), or a packaged app's resources/app.asar. Node cannot read inside an asar archive, so the
// packaged layout is an extraction that keeps Electron's rules: packed files at their archive paths, every
// entry the archive marks unpacked only as a link into app.asar.unpacked (missing there: missing for the app),
// and no packed native binaries (Electron copies a packed .node away from its sibling libraries and the OS
// linker cannot see into the archive, so sharp would not load either way).
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { extractFile } from '@electron/asar';
import { asarEntries } from '../../scripts/package-contents';

export interface AppLayout {
  /** The app's root as app.getAppPath() answers: the checkout, or resources/app.asar. */
  appPath: string;
  /** The main bundle Electron runs: package.json's `main` under appPath. */
  mainFile: string;
  resourcesPath: string;
  isPackaged: boolean;
  /** Extra flags for the Node that stands in for Electron. */
  nodeFlags: string[];
}

function mainOf(appPath: string): string {
  const { main } = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8')) as { main?: string };
  if (!main) throw new Error(`${appPath}/package.json has no "main"`);
  return join(appPath, main);
}

/** `electron .` in a checkout: resources are Electron's own (none of ours), the app is the folder. */
export function checkoutLayout(root: string, scratch: string): AppLayout {
  return {
    appPath: root,
    mainFile: mainOf(root),
    resourcesPath: join(scratch, 'electron-dist-resources'),
    isPackaged: false,
    nodeFlags: [],
  };
}

/** Packed native code Electron could not load in place (see the file comment). */
const NATIVE = /\.(node|dll|dylib)$|\.so(\.\d+)*$/;

function extract(archive: string, dest: string, unpackedRoot: string): void {
  for (const entry of asarEntries(archive)) {
    const target = join(dest, entry.path);
    mkdirSync(dirname(target), { recursive: true });
    if (entry.link !== undefined) symlinkSync(relative(dirname(target), join(dest, entry.link)), target);
    else if (entry.unpacked) symlinkSync(relative(dirname(target), join(unpackedRoot, entry.path)), target);
    else if (!NATIVE.test(entry.path)) writeFileSync(target, extractFile(archive, entry.path));
  }
}

/**
 * A packaged app (electron-builder's linux-unpacked folder) laid out for Node: its resources copied beside an
 * extraction of app.asar into a folder of the same name. `--preserve-symlinks` keeps modules at their archive
 * paths (as in Electron), so a dependency of an unpacked module still resolves inside app.asar.
 */
export function packagedLayout(unpackedApp: string, scratch: string): AppLayout {
  const source = join(unpackedApp, 'resources');
  const resourcesPath = join(scratch, 'resources');
  const archive = join(source, 'app.asar');
  if (!existsSync(archive)) throw new Error(`${archive} does not exist: package the app first`);
  cpSync(source, resourcesPath, { recursive: true, verbatimSymlinks: true, filter: (f) => f !== archive });
  const appPath = join(resourcesPath, 'app.asar');
  mkdirSync(appPath);
  extract(archive, appPath, join(resourcesPath, 'app.asar.unpacked'));
  return {
    appPath,
    mainFile: mainOf(appPath),
    resourcesPath,
    isPackaged: true,
    nodeFlags: ['--preserve-symlinks'],
  };
}
