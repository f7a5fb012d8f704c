// usage.*: the gateway's usage report over any range (the core's reader splits and merges), as a view.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { toUsageQueryInput, toUsageResult } from '../account-view';
import type { HostDeps } from './host-deps';

export function usageHandlers({ usage }: HostDeps): BridgeHandlers['usage'] {
  return {
    query: async (query) => toUsageResult(await usage.read(toUsageQueryInput(query))),
  };
}
