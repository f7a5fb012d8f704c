// The gateway's usage report for the Usage page, read through usage.read so a long range (a 31-day window per
// gateway query, [LIM-4]; six years is some 75) tells its progress as it goes and stops when the query is
// cancelled: React Query aborts the signal, which closes the subscription, which stops the main process's
// reader between windows.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { UsageQuery, UsageResult } from '../../../../shared/bridge';
import { bridge } from '../../../lib/bridge';
import { MAX_USAGE_RANGE_S, USAGE_POLL_MIN_MS } from '../../../../shared/gateway/limits';

export interface UsageProgress {
  done: number;
  total: number;
}

/** Progress of the reads in flight, by query key; the page adds the chart's and the table's together. */
interface UsageReads {
  progress: Readonly<Record<string, UsageProgress>>;
  tell: (key: string, step: UsageProgress | null) => void;
}

const useUsageReads = create<UsageReads>()((set) => ({
  progress: {},
  tell: (key, step) =>
    set(({ progress }) => {
      const { [key]: _ended, ...others } = progress;
      return { progress: step ? { ...others, [key]: step } : others };
    }),
}));

const keyOf = (query: UsageQuery): string => JSON.stringify(query ?? {});

/** More than one 31-day window ([LIM-4]): worth a stream that tells its progress. */
function manyWindows(query: UsageQuery): boolean {
  const start = query?.start;
  const end = query?.end;
  return typeof start === 'number' && typeof end === 'number' && end - start > MAX_USAGE_RANGE_S;
}

function readUsage(query: UsageQuery, signal: AbortSignal): Promise<UsageResult> {
  // One window is one gateway query: a plain request, nothing to tell on the way.
  if (!manyWindows(query)) return bridge.usage.query.query(query, { signal });
  const key = keyOf(query);
  return new Promise<UsageResult>((resolve, reject) => {
    const subscription = bridge.usage.read.subscribe(query, {
      onData: (step) => {
        if (step.kind === 'progress') {
          useUsageReads.getState().tell(key, { done: step.done, total: step.total });
          return;
        }
        subscription.unsubscribe();
        // A failed read rejects with its GatewayErrorInfo, which errorSentence reads like any bridge error.
        if (step.kind === 'failed') reject(step.error);
        else resolve(step.result);
      },
      onError: (error) => reject(error),
    });
    signal.addEventListener('abort', () => {
      subscription.unsubscribe();
      reject(signal.reason);
    });
  }).finally(() => useUsageReads.getState().tell(key, null));
}

export const usageQueryOptions = (query: UsageQuery) =>
  queryOptions({
    queryKey: ['usage', query],
    queryFn: ({ signal }) => readUsage(query, signal),
    // [LIM-2] [LIM-3] the gateway caches usage for a minute and asks for no more than one query a minute.
    staleTime: USAGE_POLL_MIN_MS,
    refetchOnWindowFocus: false,
  });

/** enabled: false while the page's filters cannot make a query (a start date after the end). */
export function useUsage(query: UsageQuery, enabled = true) {
  return useQuery({ ...usageQueryOptions(query), enabled });
}

/** Windows read so far over the given queries' reads in flight; null when none of them is a multi-window read. */
export function useUsageProgress(queries: readonly UsageQuery[]): UsageProgress | null {
  const progress = useUsageReads((state) => state.progress);
  let done = 0;
  let total = 0;
  for (const query of queries) {
    const one = progress[keyOf(query)];
    if (!one) continue;
    done += one.done;
    total += one.total;
  }
  return total > 1 ? { done, total } : null;
}

/** Stops every usage read in flight (the page's Cancel). */
export function useCancelUsage(): () => void {
  const client = useQueryClient();
  return () => void client.cancelQueries({ queryKey: ['usage'] });
}
