// The submission queue as the Tasks page shows and steers it: its view (kept current by 'queue' events and by
// task events, which move the items' places and times) and the controls. Each control answers with the view.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueMove, QueueView } from '../../../../shared/studio/queue';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useQueueView() {
  return useQuery({
    queryKey: queryKeys.queue,
    queryFn: () => bridge.queue.view.query(),
    // The expected starts move with the running tasks: read again now and then while the page is open.
    refetchInterval: 5_000,
  });
}

export function useQueueControls() {
  const client = useQueryClient();
  const onSuccess = (view: QueueView) => client.setQueryData(queryKeys.queue, view);
  return {
    pause: useMutation({ mutationFn: () => bridge.queue.pause.mutate(), onSuccess }),
    resume: useMutation({ mutationFn: () => bridge.queue.resume.mutate(), onSuccess }),
    move: useMutation({
      mutationFn: (input: { id: string; to: QueueMove }) => bridge.queue.move.mutate(input),
      onSuccess,
    }),
    retry: useMutation({ mutationFn: (id: string) => bridge.queue.retry.mutate({ id }), onSuccess }),
    schedule: useMutation({
      mutationFn: (at: number | null) => bridge.queue.schedule.mutate({ at }),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (input: { ids: string[]; atGateway: boolean }) => bridge.queue.cancel.mutate(input),
      onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.queue }),
    }),
  };
}
