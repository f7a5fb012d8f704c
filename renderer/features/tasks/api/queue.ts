// The submission queue as the Tasks page shows and steers it: its view and the controls. Each control answers
// with the view. The view is read again only when the event stream says something moved (cache-updates.ts): a
// queue item's job changed, the queue's settings changed, or one of the tasks its expected starts count from
// changed state. Never on a timer: an open Tasks page with nothing happening asks the bridge nothing.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueMove, QueueView } from '../../../../shared/studio/queue';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export const queueViewQueryOptions = () => ({
  queryKey: queryKeys.queue,
  queryFn: (): Promise<QueueView> => bridge.queue.view.query(),
  refetchInterval: false as const,
});

export function useQueueView() {
  return useQuery(queueViewQueryOptions());
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
