// One events subscription for the whole app: it folds task, download and library events into the query cache,
// so every page sees live progress without polling the main process.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeEvent } from '../../shared/bridge';
import { bridge } from './bridge';
import { queryKeys } from './query-client';
import { applyBridgeEvent, refetchAfterReconnect, type DownloadMap } from './cache-updates';

export function useBridgeEvents(enabled: boolean, onTaskSettled?: (event: BridgeEvent) => void): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const subscription = bridge.events.subscribe(undefined, {
      onData: (event) => {
        applyBridgeEvent(client, event);
        onTaskSettled?.(event);
      },
      // The SSE link reconnects by itself and 'started' fires on every (re)connection; events missed in the gap
      // are not replayed, so refetch what they may have changed.
      onStarted: () => void refetchAfterReconnect(client),
    });
    return () => subscription.unsubscribe();
  }, [client, enabled, onTaskSettled]);
}

/** Bytes received for each task's current download, as the events report them. */
export function useDownloads(): DownloadMap {
  const { data } = useQuery<DownloadMap>({
    queryKey: queryKeys.downloads,
    // Filled only by events (applyBridgeEvent); never fetched.
    queryFn: () => ({}),
    enabled: false,
    initialData: {},
    staleTime: Infinity,
  });
  return data;
}
