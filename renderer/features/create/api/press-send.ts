// Sends one press whole (press.send): the core plans it, asks the limits and sends it with its styles, or puts it
// in the queue. The caches follow its answer: the tasks it made and the balances (the gateway charges at
// submission), or the queue it waits in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PressAnswer } from '../../../../shared/bridge/press-schemas';
import type { PressIntent } from '../../../../shared/studio/press';
import { bridge } from '../../../lib/bridge';
import { upsertTask } from '../../../lib/cache-updates';
import { queryKeys } from '../../../lib/query-client';

export interface PressSendInput {
  intent: PressIntent;
  /** The person said send it above their confirmation threshold (the core checks it again). */
  confirmed: boolean;
  /** The press's key (renderer/lib/press-keys.ts), the same for every repeat of that press. */
  key: string;
}

export function usePressSend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PressSendInput): Promise<PressAnswer> => bridge.press.send.mutate(input),
    onSuccess: (answer) => {
      if (answer.kind === 'queued') return client.invalidateQueries({ queryKey: queryKeys.queue });
      for (const task of answer.kind === 'task' ? [answer.task] : answer.tasks) upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
