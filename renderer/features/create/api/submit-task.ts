// Sends what the create form built to the gateway through the main process.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import type { TaskStyles } from '../../../../shared/studio/presets';
import { bridge } from '../../../lib/bridge';
import { upsertTask } from '../../../lib/cache-updates';
import { queryKeys } from '../../../lib/query-client';

export function useSubmitTask() {
  const client = useQueryClient();
  return useMutation({
    // `confirmed`: the user said send it above their confirmation threshold (the main process checks it);
    // `key`: the press's key (renderer/lib/press-keys.ts), the same for every repeat of that press.
    // `styles`: the prompt as typed and the styles on, kept with the task's row.
    mutationFn: (request: SubmissionRequest & { confirmed?: boolean; key: string; styles?: TaskStyles }) =>
      bridge.tasks.submit.mutate(request),
    // The gateway charges at submission: the balances move now, not only when the task settles.
    onSuccess: (task) => {
      upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
