// models.*: what the gateway lists at run time (seen in public clients), kept in the data folder so the forms offer it offline.
// The demo gateway and a live one each have their own list (keyed by base URL).
import { join } from 'node:path';
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { modelConfigFromOverrides } from '../../../shared/catalog/families';
import { systemClock } from '../../core/clock';
import { DiscoveredModels } from '../../core/models/discovered-models';
import type { HostDeps } from './host-deps';

export function modelsHandlers({ session }: HostDeps): BridgeHandlers['models'] {
  const discovered = new DiscoveredModels(join(session.dataDir, 'discovered-models.json'), systemClock);
  // The demo gateway's switches (Settings › Demo gateway) can turn its listing on or off: the list kept for its
  // address is stale the moment they change, however young it is.
  let switchesSeen: string | null = null;
  return {
    discovered: async (input) => {
      const settings = session.settings.get();
      const models = modelConfigFromOverrides(settings.modelOverrides);
      if (!session.gateway.configured) return { models: [], fetchedAt: null, source: 'none' };
      const switches = settings.demoDialects.join(',');
      const switched = switchesSeen !== null && switches !== switchesSeen;
      switchesSeen = switches;
      return discovered.get(session.gateway, models, { refresh: (input?.refresh ?? false) || switched });
    },
  };
}
