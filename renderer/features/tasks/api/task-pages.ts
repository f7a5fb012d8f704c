// Every task, a page at a time: the Tasks page shows the newest page and loads the next with "Load more". Bridge
// events keep the loaded pages current (cache-updates.ts), so its key lives in query-client.ts.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TASK_PAGE_SIZE } from '../../../../shared/bridge/contract';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export const taskPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.taskPages,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => bridge.tasks.list.query({ limit: TASK_PAGE_SIZE, offset: pageParam }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.tasks.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });

export function useTaskPages() {
  return useInfiniteQuery(taskPagesQueryOptions());
}
