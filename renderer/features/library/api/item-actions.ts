// What the library dialog does to an item: mark it a favourite, or delete it (file and record).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

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
