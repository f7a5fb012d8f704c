// The gateway's usage report for the Usage page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageQuery } from '../../../../shared/bridge';
import { bridge } from '../../../lib/bridge';
import { USAGE_POLL_MIN_MS } from '../../../../shared/gateway/limits';

export const usageQueryOptions = (query: UsageQuery) =>
  queryOptions({
    queryKey: ['usage', query],
    queryFn: () => bridge.usage.query.query(query),
    // [LIM-2] [LIM-3] the gateway caches usage for a minute and asks for no more than one query a minute.
    staleTime: USAGE_POLL_MIN_MS,
    refetchOnWindowFocus: false,
  });

/** enabled: false while the page's filters cannot make a query (a start date after the end). */
export function useUsage(query: UsageQuery, enabled = true) {
  return useQuery({ ...usageQueryOptions(query), enabled });
}
