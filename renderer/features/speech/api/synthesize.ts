// Speech is answered at once (no task): the audio lands in the library.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpeechRequest } from '../../../../shared/bridge';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useSynthesize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SpeechRequest) => bridge.speech.synthesize.mutate(request),
    // Speech is billed at once ([SVC-5]): both balances are read again with the library.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.library }),
        client.invalidateQueries({ queryKey: queryKeys.balance }),
      ]),
  });
}
