// desktop.*: what only the desktop shell can do. Web mode answers 'unsupported'; paths come from the library's
// own rows, never from the renderer.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { localError, notFound } from '../../../shared/bridge/errors';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { exportToFolder, planExport } from '../../core/library/library-export';
import type { DesktopActions, HostDeps } from './host-deps';

/** Whether `folder` is the library folder or inside it (an export there would be files the index never lists). */
function insideLibrary(folder: string, libraryDir: string): boolean {
  const rel = relative(resolve(libraryDir), resolve(folder));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function desktopHandlers({ core, desktop }: HostDeps): BridgeHandlers['desktop'] {
  const shell = (): DesktopActions => {
    if (desktop) return desktop;
    throw localError('unsupported', 'This needs the desktop app; the browser cannot do it.');
  };
  const pathOf = async (id: string): Promise<string> => {
    const found = (await core.ensure()).library.get(id);
    if (!found) throw notFound('library item', id);
    return found.path;
  };
  return {
    chooseLibraryFolder: async () => ({ path: await shell().chooseFolder(core.libraryDir()) }),
    showInFolder: async ({ id }) => {
      shell().showInFolder(await pathOf(id));
      return { ok: true as const };
    },
    startDrag: async ({ id }) => {
      shell().startDrag(await pathOf(id));
      return { ok: true as const };
    },
    exportToFolder: async ({ selection }) => {
      const actions = shell();
      const { library } = await core.ensure();
      const entries = planExport(library.bulk.items(selection), (i) => library.settingsOf(i));
      if (entries.length === 0)
        throw localError('invalid_request_error', 'None of the selected items exist.');
      // The picker opens beside the library folder: a creator's exports usually live near their library.
      const folder = await actions.chooseFolder(dirname(library.dir));
      if (folder === null) return { folder: null, count: 0 };
      if (insideLibrary(folder, library.dir)) {
        throw localError(
          'invalid_request_error',
          'Pick a folder outside the library: files exported into it would not show in the library.',
        );
      }
      return { folder, count: await exportToFolder(entries, folder) };
    },
  };
}
