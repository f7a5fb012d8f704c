// What one task produced, asked for by its id: the preview of the task just sent, whatever page of the library
// it would be on. Under the library's key, so library events refresh it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export const taskItemsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: [...queryKeys.library, 'task', taskId],
    queryFn: () => bridge.library.forTask.query({ taskId }),
  });

export function useTaskItems(taskId: string | null) {
  return useQuery({ ...taskItemsQueryOptions(taskId ?? ''), enabled: taskId !== null });
}
