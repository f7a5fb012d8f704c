// settings.*: a patch is stored, then the gateway and the core follow it (a new base URL, library folder or
// request budget takes effect before the answer returns).
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';
import { homedir } from 'node:os';
import { BridgeError } from '../../../shared/bridge/errors';
import { libraryFolderProblem } from '../../core/library/library-folder';

export function settingsHandlers({ session, core, onSettingsChanged }: HostDeps): BridgeHandlers['settings'] {
  return {
    get: async () => session.settings.get(),
    update: async (patch) => {
      if (patch.libraryDir) {
        const problem = libraryFolderProblem(patch.libraryDir, { home: homedir(), dataDir: session.dataDir });
        if (problem) {
          // Refused before it is stored: the folder is where downloads go and what /media/ serves from.
          throw new BridgeError({
            type: 'invalid_request_error',
            code: `library_folder_${problem.reason}`,
            message: problem.message,
            param: 'libraryDir',
          });
        }
      }
      const next = await session.settings.update(patch);
      await session.refresh();
      await core.ensure();
      onSettingsChanged?.(next);
      return next;
    },
  };
}
