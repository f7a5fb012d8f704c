// What the tasks the Tasks page lists cost together (all pages; core sums it in SQL). Its key is under the
// task list's, so reconnects refetch it; task events that change it (a new task, a cost learnt, a failure)
// invalidate it in cache-updates.ts.
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useTaskTotal() {
  return useQuery({
    queryKey: queryKeys.taskTotal,
    queryFn: () => bridge.costs.tasks.query({}),
  });
}
