// Settings › Sync's bridge calls: the setup (never a secret: only whether each is stored), its status (kept
// current by 'sync' events, cache-updates.ts), trying and keeping a setup, and the round controls.
import {
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type MutationState,
} from '@tanstack/react-query';
import type { SyncSaveInput, SyncTestInput } from '../../../../shared/bridge/sync-schemas';
import { newerSyncStatus, type SyncReport, type SyncStatus } from '../../../../shared/studio/sync';
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

/** The devices on the remote; read again when a round completes (cache-updates.ts). */
export function useSyncDevices() {
  return useQuery({ queryKey: queryKeys.syncDevices, queryFn: () => bridge.sync.devices.query() });
}

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

/** "Create this folder": makes the missing folder and answers what a connection test then finds. */
export function useCreateSyncFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SyncTestInput) => bridge.sync.createFolder.mutate(input),
    // A round may follow at once (the folder is the one sync is set to): its status arrives as events.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.syncStatus }),
  });
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

/** Restore from remote's mutations share this key, so its progress and summary outlive a visit to another page. */
const RESTORE_KEY = ['sync', 'restore'] as const;

/**
 * Restore from remote: from the setup kept (no input), or, on a fresh install, from a setup not kept yet, which
 * the main process tries, keeps and restores from in one step.
 */
export function useRestoreFromRemote() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: RESTORE_KEY,
    mutationFn: (setup?: SyncTestInput) =>
      setup ? bridge.sync.restoreFrom.mutate(setup) : bridge.sync.restore.mutate(),
    onSuccess: () =>
      Promise.all(
        [queryKeys.library, queryKeys.syncStatus, queryKeys.syncDevices, SETUP_KEY].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** The latest restore's state wherever it was started (this page before a visit elsewhere), or null. */
export function useLatestRestore(): MutationState<SyncReport, Error, SyncTestInput | undefined> | null {
  const states = useMutationState({
    filters: { mutationKey: RESTORE_KEY },
    select: (mutation) => mutation.state as MutationState<SyncReport, Error, SyncTestInput | undefined>,
  });
  return states.at(-1) ?? null;
}
