// desktop.*: what only the desktop shell can do. Web mode answers 'unsupported'; paths come from the library's
// own rows, never from the renderer.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { localError, notFound } from '../../../shared/bridge/errors';
import type { DesktopActions, HostDeps } from './host-deps';

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
  };
}
