// "Queue" beside Generate: the press goes into the submission queue instead of being sent (one request, or a
// batch's prompts × n). The press controller keys it as it keys Generate, so a double click queues once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import type { TaskStyles } from '../../../../shared/studio/presets';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useQueuePress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      requests: SubmissionRequest[];
      confirmed: boolean;
      key: string;
      batch: boolean;
      styles?: (TaskStyles | null)[];
    }) => bridge.queue.add.mutate(input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.queue }),
  });
}
