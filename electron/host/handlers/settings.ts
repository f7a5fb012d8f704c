// settings.*: a patch is stored, then the gateway and the core follow it (a new base URL or request budget takes
// effect before the answer returns). A new library folder moves the library there first (library-mover.ts).
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function settingsHandlers({
  session,
  core,
  mover,
  onSettingsChanged,
}: HostDeps): BridgeHandlers['settings'] {
  return {
    get: async () => session.settings.get(),
    update: async ({ libraryDir, ...rest }) => {
      // Refused with a sentence before anything is stored; moved, files and index, when it is taken.
      if (libraryDir !== undefined) await mover.move(libraryDir);
      const next = await session.settings.update(rest);
      await session.refresh();
      await core.ensure();
      onSettingsChanged?.(next);
      return next;
    },
    planLibraryMove: ({ libraryDir }) => mover.plan(libraryDir),
    libraryMove: async () => mover.status(),
  };
}
