// usage.*: the gateway's usage report, as a view.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { toUsageQueryInput, toUsageResult } from '../account-view';
import type { HostDeps } from './host-deps';

export function usageHandlers({ session }: HostDeps): BridgeHandlers['usage'] {
  return {
    query: async (query) => {
      const { report, cache } = await session.connected().usage(toUsageQueryInput(query));
      return toUsageResult(report, cache);
    },
  };
}
