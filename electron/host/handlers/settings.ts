// settings.*: a patch is stored, then the gateway and the core follow it (a new base URL or request budget takes
// effect before the answer returns). A new library folder moves the library there first, or, by switchLibrary,
// is used as it is: the library in use kept for its folder, an empty one (or the folder's own) opened (library-mover.ts).
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { localError } from '../../../shared/bridge/errors';
import type { HostDeps } from './host-deps';

export function settingsHandlers({
  session,
  core,
  mover,
  sync,
  onSettingsChanged,
}: HostDeps): BridgeHandlers['settings'] {
  return {
    get: async () => session.settings.get(),
    update: async ({ libraryDir, ...rest }) => {
      // Refused with a sentence before anything is stored; moved, files and index, when it is taken.
      if (libraryDir !== undefined) {
        // A library left in that folder is opened (switchLibrary), never moved into: it would stay shelved, hidden.
        const { to, waiting } = await mover.plan(libraryDir);
        if (waiting > 0) {
          throw localError(
            'invalid_request_error',
            `${to} holds a library left there earlier: open it instead.`,
            {
              code: 'library_folder_not_empty',
              param: 'libraryDir',
            },
          );
        }
        await mover.move(libraryDir);
      }
      const next = await session.settings.update(rest);
      await session.refresh();
      await core.ensure();
      onSettingsChanged?.(next);
      return next;
    },
    planLibraryMove: ({ libraryDir }) => mover.plan(libraryDir),
    libraryMove: async () => mover.status(),
    switchLibrary: async ({ libraryDir }) => {
      // Sync keeps one library on every device: another library here would be merged into it, or deleted from it.
      if (sync.settings.config) {
        throw localError(
          'invalid_request_error',
          'Turn library sync off before starting another library: sync keeps one library the same on every device.',
          { code: 'library_folder_synced', param: 'libraryDir' },
        );
      }
      await mover.switchTo(libraryDir);
      await session.refresh();
      await core.ensure();
      const next = session.settings.get();
      onSettingsChanged?.(next);
      return next;
    },
  };
}
