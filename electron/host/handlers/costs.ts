// costs.*: what the library's current view and the Tasks page's list cost together, from the local database
// (the core sums in SQL over the very filter the view is read with).
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function costsHandlers({ core }: HostDeps): BridgeHandlers['costs'] {
  return {
    library: async (query) => (await core.ensure()).library.costTotal(query ?? {}),
    tasks: async (query) => (await core.ensure()).engine.costTotal({ states: query?.states }),
  };
}
