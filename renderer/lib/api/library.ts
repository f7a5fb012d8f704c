// The library's items, paged, shared: the Library page browses them, and the Tasks page, the create preview, the
// music pickers and the speech page show the ones they made. Bridge events invalidate them (cache-updates.ts).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LibraryQuery } from '../../../shared/studio/records';
import { bridge } from '../bridge';
import { queryKeys } from '../query-client';

const LIBRARY_PAGE = 120;

export type LibraryFilter = Omit<LibraryQuery, 'limit' | 'offset'>;

export const libraryQueryOptions = (query: LibraryFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.library, query],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      bridge.library.query.query({ ...query, limit: LIBRARY_PAGE, offset: pageParam }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });

export function useLibrary(query: LibraryFilter) {
  return useInfiniteQuery(libraryQueryOptions(query));
}
