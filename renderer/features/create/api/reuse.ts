// Create's reuse calls: the settings a dropped file carries, and the submission of an edit.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import type { TaskStyles } from '../../../../shared/studio/presets';
import { bridge } from '../../../lib/bridge';
import { upsertTask } from '../../../lib/cache-updates';
import { queryKeys } from '../../../lib/query-client';

export function useReadSettings() {
  return useMutation({ mutationFn: (dataUrl: string) => bridge.reuse.readSettings.mutate({ dataUrl }) });
}

/** Submits a task made from an earlier one's settings; like a submission, the balances move now. */
export function useSubmitEdit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      request: SubmissionRequest;
      editOf: string;
      confirmed?: boolean;
      key: string;
      styles?: TaskStyles;
    }) => bridge.reuse.submitEdit.mutate(input),
    onSuccess: (task) => {
      upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
