// speech.synthesize as a mutation: the library's earlier take of the same speech, or a new (paid) one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpeakInput } from '../../../../shared/bridge';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useSpeak() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SpeakInput) => bridge.speech.synthesize.mutate(request),
    // Speech is billed at once ([SVC-5]): both balances are read again with the library. A take from the
    // library cost nothing, so the balance is left alone.
    onSuccess: ({ fromLibrary }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.library }),
        ...(fromLibrary ? [] : [client.invalidateQueries({ queryKey: queryKeys.balance })]),
      ]),
  });
}
