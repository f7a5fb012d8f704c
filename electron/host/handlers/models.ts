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
  return {
    discovered: async (input) => {
      const models = modelConfigFromOverrides(session.settings.get().modelOverrides);
      if (!session.gateway.configured) return { models: [], fetchedAt: null, source: 'none' };
      return discovered.get(session.gateway, models, { refresh: input?.refresh ?? false });
    },
  };
}
