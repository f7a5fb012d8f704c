// Sends one press of a batch (prompts × n, or one prompt on several models) through the main process, which applies
// the limits to the total. What does not fit in one request-budget window waits in the main process's durable
// queue (electron/core/tasks/fan-out.ts), so nothing here needs to hold presses back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import type { TaskStyles } from '../../../../shared/studio/presets';
import { bridge } from '../../../lib/bridge';
import { upsertTask } from '../../../lib/cache-updates';
import { queryKeys } from '../../../lib/query-client';

export function useSubmitBatch() {
  const client = useQueryClient();
  return useMutation({
    // `key`: the press's key, which is also the batch's id (renderer/lib/press-keys.ts).
    // `compare`: one prompt on several models ("Also run on…"), a group the compare view opens.
    mutationFn: (input: {
      requests: SubmissionRequest[];
      confirmed: boolean;
      key: string;
      compare?: boolean;
      /** Per request: the prompt as typed and the styles on, kept with its task's row. */
      styles?: (TaskStyles | null)[];
    }) => bridge.tasks.submitBatch.mutate(input),
    onSuccess: (result) => {
      for (const task of result.tasks) upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
