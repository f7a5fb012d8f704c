// One library item by id, for the viewer (the paged list is lib/api/library.ts: Create, Tasks and Speech read it too).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

/** One item by id, for a viewer opened from a URL (a reload, Back) whose item is not on a loaded page. */
export function useLibraryItem(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.library, 'item', id],
    queryFn: () => bridge.library.get.query({ id: id ?? '' }),
    enabled: enabled && id !== undefined,
    placeholderData: keepPreviousData,
  });
}
