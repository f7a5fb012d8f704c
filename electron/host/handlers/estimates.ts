// estimates.*: the price book's estimate for what the Generate button would send. Answers from the local
// database only (nothing is sent); the first ask for a gateway also starts reading its usage history.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function estimatesHandlers({ session, prices }: HostDeps): BridgeHandlers['estimates'] {
  return {
    submissions: async ({ requests }) => {
      if (session.gateway.configured) prices.seedOnce(session.gateway);
      return prices.estimate(requests);
    },
  };
}
