// What the library's current view costs together (core sums it in SQL over the same filter as the grid's
// pages). Under the library's key, so every library event (an item filed, a speech cost learnt, a delete)
// counts it again.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LibraryFilter } from '../../../lib/api/library';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useLibraryTotal(filter: LibraryFilter, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.library, 'total', filter],
    queryFn: () => bridge.costs.library.query(filter),
    enabled,
    // While a new filter is asked, the old line stays rather than blinking away.
    placeholderData: keepPreviousData,
  });
}
