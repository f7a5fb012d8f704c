// The app's settings as react-query hooks, shared: the shell applies theme and language from them, and several
// pages (create, speech, onboarding, Settings) read or change them.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { queryKeys } from '../query-client';
import { refreshAfterSessionChange } from './session';

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.settings, queryFn: () => bridge.settings.get.query() });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** Saves a change of settings; onboarding calls it without the cache (features/onboarding). */
export function saveSettings(patch: SettingsPatch) {
  return bridge.settings.update.mutate(patch);
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings, patch) => {
      client.setQueryData(queryKeys.settings, settings);
      // Another gateway, library folder or demo dialect changes every answer (balance, tasks, library); the rest
      // only the session.
      if ('baseUrl' in patch || 'libraryDir' in patch || 'demoDialects' in patch)
        return refreshAfterSessionChange(client);
      // A changed starting price changes the estimates of every model that has not run yet.
      if ('startingPrices' in patch) void client.invalidateQueries({ queryKey: queryKeys.estimates });
      return client.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/** Uses another library folder without moving anything: an empty library there, or the one left there earlier. */
export function useSwitchLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (libraryDir: string | null) => bridge.settings.switchLibrary.mutate({ libraryDir }),
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.settings, settings);
      return refreshAfterSessionChange(client);
    },
  });
}

/** What moving the library to this folder would take; rejects with the folder's refusal (a BridgeError). */
export function planLibraryMove(libraryDir: string | null) {
  return bridge.settings.planLibraryMove.query({ libraryDir });
}

/** The library's move as it happens, read every half second while `moving` (only Settings asks). */
export function useLibraryMoveStatus(moving: boolean) {
  return useQuery({
    queryKey: ['settings', 'library-move'],
    queryFn: () => bridge.settings.libraryMove.query(),
    enabled: moving,
    refetchInterval: moving ? 500 : false,
  });
}
