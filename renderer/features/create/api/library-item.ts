// A library item dropped on Create: the drag carries only its id, so the drop asks for the item, and
// for a picture going into a reference list, its stored reference (hard-linked, never copied twice).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useDroppedLibraryItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      client.fetchQuery({
        queryKey: [...queryKeys.library, 'item', id],
        queryFn: () => bridge.library.get.query({ id }),
      }),
  });
}

export function useStoreLibraryReference() {
  return useMutation({ mutationFn: (id: string) => bridge.reuse.asReference.mutate({ id }) });
}
