// Sends one press of a batch (prompts × n) through the main process, which applies the limits to the total.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import { bridge } from '../../../lib/bridge';
import { upsertTask } from '../../../lib/cache-updates';
import { queryKeys } from '../../../lib/query-client';

export function useSubmitBatch() {
  const client = useQueryClient();
  return useMutation({
    // `key`: the press's key, which is also the batch's id (renderer/lib/press-keys.ts).
    mutationFn: (input: { requests: SubmissionRequest[]; confirmed: boolean; key: string }) =>
      bridge.tasks.submitBatch.mutate(input),
    onSuccess: (result) => {
      for (const task of result.tasks) upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
