// The two items a comparison names, by id (the route carries only ids, so a reload or Back lands right).
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useCompareItem(id: string) {
  return useQuery({
    // Under the library's key, so a change to the library (favourite, delete) reaches the comparison too.
    queryKey: [...queryKeys.library, 'item', id],
    queryFn: () => bridge.library.get.query({ id }),
  });
}
