// Speech is answered at once (no task): the audio lands in the library, or the library's earlier take of the
// same speech comes back with no gateway call unless a fresh take is asked for.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpeakInput } from '../../../../shared/bridge';
import type { SpendCheck } from '../../../../shared/studio/spending';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useSynthesize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SpeakInput) => bridge.speech.synthesize.mutate(request),
    // Speech is billed at once ([SVC-5]): both balances are read again with the library. A take from the
    // library cost nothing, so the balances are left alone.
    onSuccess: ({ fromLibrary }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.library }),
        ...(fromLibrary ? [] : [client.invalidateQueries({ queryKey: queryKeys.balance })]),
      ]),
  });
}

/**
 * The press measured against the spending limits, asked fresh at each press as Generate's is; null when the
 * library's take answers it (no charge, nothing to ask).
 */
export function checkSpeech(request: SpeakInput): Promise<SpendCheck | null> {
  return bridge.speech.check.query(request);
}
