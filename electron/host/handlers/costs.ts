// costs.*: what the library's current view and the Tasks page's list cost together, from the local database
// (the core sums in SQL over the very filter the view is read with; the task list's over the gateway in use).
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function costsHandlers({ core, session }: HostDeps): BridgeHandlers['costs'] {
  return {
    library: async (query) => (await core.ensure()).library.costTotal(query ?? {}),
    // Summed over the gateway in use, as budgets are; the other gateways' tasks are counted apart.
    tasks: async (query) => {
      const gateway = session.pricesKey();
      return (await core.ensure()).engine.costTotal({
        states: query?.states,
        ...(gateway === null ? {} : { gateway }),
      });
    },
  };
}
