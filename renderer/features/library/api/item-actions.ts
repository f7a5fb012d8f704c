// What the viewer does to one item: mark it a favourite. Deleting goes through bulk-actions.ts (with Undo).
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
