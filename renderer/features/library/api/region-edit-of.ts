// Whether an item is a take of a region edit, and of which picture ("Edit again" in the viewer).
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useRegionEditOf(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.library, 'region-edit-of', id],
    queryFn: () => bridge.regions.editOf.query({ id }),
    enabled,
  });
}
