// What the Tasks page does to a task: stop it, or run the same request again (a new, billed task).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { upsertTask } from '../../../lib/cache-updates';
import { queryKeys } from '../../../lib/query-client';

export function useStopTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.tasks.stop.mutate({ id }),
    onSuccess: (task) => upsertTask(client, task),
  });
}

export function useRerunTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.tasks.rerun.mutate({ id }),
    onSuccess: (task) => {
      upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
