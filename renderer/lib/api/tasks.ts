// The task list and the recovery actions every task notice offers, shared: the shell counts running tasks, the
// Tasks page lists them, the create preview and the library dialog show one. Bridge events keep the cached list
// current (cache-updates.ts), so its key lives in query-client.ts.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TASK_PAGE_SIZE } from '../../../shared/bridge/contract';
import type { TaskRecord } from '../../../shared/studio/records';
import { bridge } from '../bridge';
import { upsertTask } from '../cache-updates';
import { queryKeys } from '../query-client';
import { usePressKeys } from '../press-keys';

export const taskListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tasks,
    queryFn: () => bridge.tasks.list.query({ limit: TASK_PAGE_SIZE }),
  });

/** The newest page of tasks: the shell's counts, the task just submitted; the Tasks page pages on its own. */
export function useTaskList() {
  return useQuery(taskListQueryOptions());
}

/** The Try agains and the charge check of a task that is not a clean success (ui/task-notices.tsx). */
export function useTaskRecovery() {
  const client = useQueryClient();
  const onSuccess = (task: TaskRecord) => upsertTask(client, task);
  return {
    retrySubmission: useMutation({
      mutationFn: (id: string) => bridge.tasks.retrySubmission.mutate({ id }),
      onSuccess,
    }),
    retryDownloads: useMutation({
      mutationFn: (id: string) => bridge.tasks.retryDownloads.mutate({ id }),
      onSuccess,
    }),
    reconcile: useMutation({
      mutationFn: (id: string) => bridge.tasks.reconcile.mutate({ id }),
      onSuccess,
    }),
    /** Track again: the same gateway task polled again and its result saved; nothing is sent or charged again. */
    track: useMutation({
      mutationFn: (id: string) => bridge.tasks.track.mutate({ id }),
      onSuccess,
    }),
  };
}

/**
 * The same request again, as a new (billed) task: from the Tasks page and from the library's details. A second
 * click before the first is answered carries the same key, so it answers with the same new task.
 */
export function useRerunTask() {
  const client = useQueryClient();
  const keys = usePressKeys();
  return useMutation({
    // `confirmed`: the person was asked about its estimate first and said send it (lib/run-again.ts).
    mutationFn: ({ id, confirmed }: { id: string; confirmed?: boolean }) =>
      bridge.tasks.rerun.mutate({
        id,
        key: keys.keyFor(['rerun', id]),
        ...(confirmed === undefined ? {} : { confirmed }),
      }),
    onSuccess: (task, { id }) => {
      keys.answered(['rerun', id]);
      upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
