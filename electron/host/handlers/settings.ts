// settings.*: a patch is stored, then the gateway and the core follow it (a new base URL, library folder or
// request budget takes effect before the answer returns).
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function settingsHandlers({ session, core, onSettingsChanged }: HostDeps): BridgeHandlers['settings'] {
  return {
    get: async () => session.settings.get(),
    update: async (patch) => {
      const next = await session.settings.update(patch);
      await session.refresh();
      await core.ensure();
      onSettingsChanged?.(next);
      return next;
    },
  };
}
