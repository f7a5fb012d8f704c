// Server data through the bridge, as react-query hooks. Features use these rather than calling the bridge.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionStatus, SettingsPatch, SpeechRequest, UsageQuery } from '../../shared/bridge';
import type { LibraryQuery, TaskRecord } from '../../shared/studio/records';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { bridge, transport } from './bridge';
import { upsertTask } from './cache-updates';
import { checkKey, type KeyVerdict } from './key-check';
import { queryKeys } from './query-client';

export function useSession() {
  return useQuery({ queryKey: queryKeys.session, queryFn: () => bridge.session.status.query() });
}

export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: () => bridge.settings.get.query() });
}

export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.balance,
    queryFn: () => bridge.account.balance.query(),
    enabled,
    // A balance changes when work is billed; events invalidate it, and a slow refresh catches the rest.
    refetchInterval: 60_000,
  });
}

/** [EP-UBAL-1] The account's balance, beside the key's; refreshed with it (its query key sits under 'balance'). */
export function useUserBalance(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.userBalance,
    queryFn: () => bridge.account.userBalance.query(),
    enabled,
    refetchInterval: 60_000,
  });
}

const TASK_PAGE = 200;

export function useTaskList() {
  return useQuery({
    queryKey: queryKeys.tasks,
    queryFn: () => bridge.tasks.list.query({ limit: TASK_PAGE }),
  });
}

export const LIBRARY_PAGE = 120;

export function useLibrary(query: Omit<LibraryQuery, 'limit' | 'offset'>) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.library, query],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      bridge.library.query.query({ ...query, limit: LIBRARY_PAGE, offset: pageParam }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}

function refreshAfterSessionChange(client: QueryClient): Promise<void> {
  return client.invalidateQueries();
}

export function useUseDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bridge.session.useDemo.mutate(),
    onSuccess: (session) => {
      client.setQueryData(queryKeys.session, session);
      return refreshAfterSessionChange(client);
    },
  });
}

/**
 * Saves the key, then asks the gateway whether it takes it. With `dropRefused` (first run) a refused key is
 * removed again, so the user stays on the form that can fix it instead of entering a studio that cannot work.
 */
export function useSetKey({ dropRefused = false }: { dropRefused?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (key: string): Promise<{ session: SessionStatus; verdict: KeyVerdict }> => {
      let session = await bridge.secrets.setKey.mutate({ key });
      const verdict = await checkKey();
      if (verdict.kind === 'refused' && dropRefused) session = await bridge.secrets.clearKey.mutate();
      return { session, verdict };
    },
    onSuccess: ({ session }) => {
      client.setQueryData(queryKeys.session, session);
      return refreshAfterSessionChange(client);
    },
  });
}

export function useClearKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bridge.secrets.clearKey.mutate(),
    onSuccess: (session) => {
      client.setQueryData(queryKeys.session, session);
      return refreshAfterSessionChange(client);
    },
  });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => bridge.settings.update.mutate(patch),
    onSuccess: (settings, patch) => {
      client.setQueryData(queryKeys.settings, settings);
      // Another gateway or library folder changes every answer (balance, tasks, library); the rest only the session.
      if ('baseUrl' in patch || 'libraryDir' in patch) return refreshAfterSessionChange(client);
      return client.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/** Uploads one dropped or pasted image (as a data URL) into the reference store; answers its studio-ref. */
export function useAddReference() {
  return useMutation({
    mutationFn: (dataUrl: string) => bridge.references.add.mutate({ dataUrl }),
  });
}

export function useSubmitTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SubmissionRequest) => bridge.tasks.submit.mutate(request),
    // The gateway charges at submission: the balances move now, not only when the task settles.
    onSuccess: (task) => {
      upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}

export function useStopTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.tasks.stop.mutate({ id }),
    onSuccess: (task) => upsertTask(client, task),
  });
}

export function useRerunTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.tasks.rerun.mutate({ id }),
    onSuccess: (task) => {
      upsertTask(client, task);
      return client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}

/** The demo gateway's seeded music tracks and grid, saved under the library folder; empty elsewhere. */
export function useDemoSources() {
  return useQuery({
    queryKey: queryKeys.demoSources,
    queryFn: () => bridge.sources.demo.query(),
    staleTime: Infinity,
  });
}

/** The Try agains and the charge check of a task that is not a clean success (ui/task-notices.tsx). */
export function useTaskRecovery() {
  const client = useQueryClient();
  const onSuccess = (task: TaskRecord) => upsertTask(client, task);
  return {
    retrySubmission: useMutation({
      mutationFn: (id: string) => bridge.tasks.retrySubmission.mutate({ id }),
      onSuccess,
    }),
    retryDownloads: useMutation({
      mutationFn: (id: string) => bridge.tasks.retryDownloads.mutate({ id }),
      onSuccess,
    }),
    reconcile: useMutation({
      mutationFn: (id: string) => bridge.tasks.reconcile.mutate({ id }),
      onSuccess,
    }),
  };
}

export function useUsage(query: UsageQuery) {
  return useQuery({
    queryKey: [...queryKeys.usage, query],
    queryFn: () => bridge.usage.query.query(query),
    // [LIM-2] [LIM-3] the gateway caches usage for a minute and asks for no more than one query a minute.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

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

/** Native desktop actions; web mode has no file manager or OS drag, so callers show them only over IPC. */
export const desktopActions = {
  available: transport === 'ipc',
  chooseLibraryFolder: () => bridge.desktop.chooseLibraryFolder.mutate(),
  showInFolder: (id: string) => bridge.desktop.showInFolder.mutate({ id }),
  startDrag: (id: string) => bridge.desktop.startDrag.mutate({ id }),
};
