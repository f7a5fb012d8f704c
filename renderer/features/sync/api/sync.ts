// Settings › Sync's bridge calls: the setup (never a secret: only whether each is stored), its status (kept
// current by 'sync' events, cache-updates.ts), trying and keeping a setup, and the round controls.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncSaveInput, SyncTestInput } from '../../../../shared/bridge/sync-schemas';
import { newerSyncStatus, type SyncStatus } from '../../../../shared/studio/sync';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

const SETUP_KEY = ['sync', 'setup'] as const;

export const syncSetupQuery = () =>
  queryOptions({ queryKey: SETUP_KEY, queryFn: () => bridge.sync.config.query() });

/** A fetched status replaces the held one only when it is newer: an event may have overtaken the answer. */
export const syncStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.syncStatus,
    queryFn: () => bridge.sync.status.query(),
    structuralSharing: (held: unknown, arriving: unknown) =>
      newerSyncStatus(held as SyncStatus | undefined, arriving as SyncStatus),
  });

export function useSyncSetup() {
  return useQuery(syncSetupQuery());
}

export function useSyncStatus() {
  return useQuery(syncStatusQuery());
}

export function useSaveSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SyncSaveInput) => bridge.sync.saveConfig.mutate(input),
    onSuccess: ({ setup }) => {
      client.setQueryData(SETUP_KEY, setup);
      return client.invalidateQueries({ queryKey: queryKeys.syncStatus });
    },
  });
}

export function useTestSync() {
  return useMutation({ mutationFn: (input: SyncTestInput) => bridge.sync.test.mutate(input) });
}

/** Sync now, pause and resume: each answers the status, which the cache takes at once. */
export function useSyncControl() {
  const client = useQueryClient();
  const take = (status: SyncStatus) => {
    // The answer was taken when the call arrived; the round's own events may already have told a newer one.
    client.setQueryData<SyncStatus>(queryKeys.syncStatus, (held) => newerSyncStatus(held, status));
    return client.invalidateQueries({ queryKey: SETUP_KEY });
  };
  return {
    runNow: useMutation({ mutationFn: () => bridge.sync.runNow.mutate(), onSuccess: take }),
    pause: useMutation({ mutationFn: () => bridge.sync.pause.mutate(), onSuccess: take }),
    resume: useMutation({ mutationFn: () => bridge.sync.resume.mutate(), onSuccess: take }),
  };
}

export function useRestoreFromRemote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bridge.sync.restore.mutate(),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.library }),
        client.invalidateQueries({ queryKey: queryKeys.syncStatus }),
      ]),
  });
}
