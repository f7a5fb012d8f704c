// costs.*: what the library's current view and the Tasks page's list cost together, from the local database
// (the core sums in SQL over the very filter the view is read with; the task list's over the gateway in use, a
// money rule the core's money answers hold, not this handler).
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function costsHandlers({ core }: HostDeps): BridgeHandlers['costs'] {
  return {
    library: async (query) => (await core.ensure()).library.costTotal(query ?? {}),
    tasks: async (query) => (await core.ensure()).money.taskCosts(query?.states),
  };
}
