// Sends one press of a batch (prompts × n, or one prompt on several models) through the main process, which applies
// the limits to the total. Fan-outs go straight to the engine, which paces them under the request budget;
// this is the one place to hand them to the durable queue (issue 23) once it is there.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
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
    }) => bridge.tasks.submitBatch.mutate(input),
    onSuccess: (result) => {
      for (const task of result.tasks) upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
