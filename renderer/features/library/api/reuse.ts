// The library's reuse queries: the made-from chain of an item's task, and an image stored as a
// reference for the Create form.
import { useMutation, useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';

export function useMadeFromChain(taskId: string | null) {
  return useQuery({
    queryKey: ['made-from', taskId],
    queryFn: () => bridge.reuse.chain.query({ id: taskId ?? '' }),
    enabled: taskId !== null,
    // New links appear whenever a task is made from this one: read them afresh each time the item opens.
    staleTime: 0,
  });
}

export function useAsReference() {
  return useMutation({ mutationFn: (itemId: string) => bridge.reuse.asReference.mutate({ id: itemId }) });
}
