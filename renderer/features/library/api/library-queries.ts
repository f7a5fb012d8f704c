// The library page's own server data through the bridge. The paged list (`useLibrary`) stays in lib/ because
// Create, Tasks and Speech read it too; what only the library page and its viewer use lives here.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useSetFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; favourite: boolean }) => bridge.library.setFavourite.mutate(input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.library }),
  });
}

export function useDeleteItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.library.delete.mutate({ id }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.library }),
  });
}
