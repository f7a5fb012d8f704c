// The demo gateway's seeded sources, offered by the music pickers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';

/** The demo gateway's seeded music tracks and grid, saved under the library folder; empty elsewhere. */
export const demoSourcesQueryOptions = () =>
  queryOptions({
    queryKey: ['demo-sources'],
    queryFn: () => bridge.sources.demo.query(),
    // Seeded once per demo library: they never change while the app runs.
    staleTime: Infinity,
  });

export function useDemoSources() {
  return useQuery(demoSourcesQueryOptions());
}
