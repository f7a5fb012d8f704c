// A compare group by its batch id (the route carries only the id, so a reload or Back lands right): its tasks in
// the order of the press, and the library items they filed.
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

/**
 * Its tasks and the models still queued, kept current by task events (cache-updates.ts replaces each task of the
 * group as it changes, and reads the group again when a queued model becomes a task).
 */
export function useGroupTasks(batchId: string) {
  return useQuery({
    queryKey: queryKeys.taskGroup(batchId),
    queryFn: () => bridge.tasks.group.query({ batchId }),
  });
}

/** Under the library's key, so a result filed (or deleted) reaches the group as it happens. */
export function useGroupItems(batchId: string) {
  return useQuery({
    queryKey: [...queryKeys.library, 'group', batchId],
    queryFn: () => bridge.library.query.query({ batchId, sort: 'oldest', limit: 500 }),
  });
}
