// The tracks and grids earlier tasks sent to the gateway in use named as their source, offered by the pickers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

/** Read again whenever a music task or upscale changes (cache-updates.ts): it may have named a new source. */
export const earlierSourcesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.earlierSources,
    queryFn: () => bridge.sources.earlier.query(),
  });

export function useEarlierSources() {
  return useQuery(earlierSourcesQueryOptions());
}
