// "Queue" beside Generate: the press goes into the submission queue instead of being sent (one request, or a
// batch's prompts × n). The press keeps its key until answered, like Generate's, so a double click queues once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import { bridge } from '../../../lib/bridge';
import { usePressKeys } from '../../../lib/press-keys';
import { queryKeys } from '../../../lib/query-client';

export function useQueuePress() {
  const client = useQueryClient();
  const keys = usePressKeys();
  const add = useMutation({
    mutationFn: (input: { requests: SubmissionRequest[]; confirmed: boolean; batch: boolean }) =>
      bridge.queue.add.mutate({ ...input, key: keys.keyFor({ queue: input.requests }) }),
    onSuccess: (_, input) => {
      keys.answered({ queue: input.requests });
      return client.invalidateQueries({ queryKey: queryKeys.queue });
    },
  });
  return add;
}
