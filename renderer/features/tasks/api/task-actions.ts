// What the Tasks page does to a task: stop tracking it (asked first: the gateway may still charge it). Run again
// (a new, billed task) is renderer/lib/run-again.ts, asked about as any press that spends. Track again is a notice's (renderer/ui/task-notices.tsx).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { upsertTask } from '../../../lib/cache-updates';

export function useStopTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.tasks.stop.mutate({ id }),
    onSuccess: (task) => upsertTask(client, task),
  });
}

// Run again is shared with the library's details and the palette, asked about first (renderer/lib/run-again.ts).
