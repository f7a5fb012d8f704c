// The session (key, demo mode, gateway) as react-query hooks, shared by every page: the shell decides what to show
// from it, onboarding and Settings change it. A change of session refreshes every answer the old one gave.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionStatus } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { checkKey, gatewayUnanswered, keyVerdictOf, type KeyVerdict } from '../key-check';
import { queryKeys } from '../query-client';
import { useStudioStore } from '../../store/studio-store';

/** Create's latest task belongs to the key and gateway that ran it: another one starts with an empty preview. */
const forgetLatestTask = (): void => useStudioStore.getState().setLastSubmitted(null);

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.session, queryFn: () => bridge.session.status.query() });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Another key, demo mode or gateway changes every answer (balance, tasks, library): all are read again. */
export function refreshAfterSessionChange(client: QueryClient): Promise<void> {
  return client.invalidateQueries();
}

/** Uses the built-in demo gateway; onboarding calls it without the cache (features/onboarding). */
export function switchToDemo(): Promise<SessionStatus> {
  return bridge.session.useDemo.mutate();
}

export function useUseDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: switchToDemo,
    onSuccess: (session) => {
      forgetLatestTask();
      client.setQueryData(queryKeys.session, session);
      return refreshAfterSessionChange(client);
    },
  });
}

/**
 * Saves the key; the main process asks the gateway first and refuses a key the gateway refuses, keeping the one
 * in use (none on first run, so the user stays on the form that can fix it). A key that could not be checked (the
 * gateway did not answer) is saved and said to be unchecked, except with mustAnswer (onboarding), where nothing is
 * kept and the verdict says why.
 */
export async function saveKey({
  key,
  mustAnswer,
}: {
  key: string;
  mustAnswer: boolean;
}): Promise<{ session: SessionStatus; verdict: KeyVerdict }> {
  try {
    const session = await bridge.secrets.setKey.mutate({ key, mustAnswer });
    return { session, verdict: await checkKey() };
  } catch (error) {
    const verdict = keyVerdictOf(error);
    // mustAnswer: a gateway that could not be asked is said too, and nothing was kept.
    if (verdict.kind === 'unchecked' && mustAnswer && gatewayUnanswered(verdict.error))
      return { session: await bridge.session.status.query(), verdict };
    if (verdict.kind !== 'refused') throw error;
    return { session: await bridge.session.status.query(), verdict };
  }
}

export function useSetKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: string | { key: string; mustAnswer: boolean }) =>
      saveKey(typeof input === 'string' ? { key: input, mustAnswer: false } : input),
    onSuccess: ({ session, verdict }) => {
      client.setQueryData(queryKeys.session, session);
      // A refused key changed nothing: the key in use, and its latest task, stay.
      if (verdict.kind !== 'refused') forgetLatestTask();
      return refreshAfterSessionChange(client);
    },
  });
}

export function useClearKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bridge.secrets.clearKey.mutate(),
    onSuccess: (session) => {
      forgetLatestTask();
      client.setQueryData(queryKeys.session, session);
      return refreshAfterSessionChange(client);
    },
  });
}
