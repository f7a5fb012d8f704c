// Models the gateway lists at run time (seen in public clients): main keeps the list per gateway, so this works offline too.
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../bridge';
import { queryKeys } from '../query-client';

export function useDiscoveredModels() {
  return useQuery({
    queryKey: queryKeys.discoveredModels,
    queryFn: () => bridge.models.discovered.query({}),
    // The list changes rarely; main refreshes it hourly and keeps it when the gateway is away.
    staleTime: 10 * 60_000,
  });
}
