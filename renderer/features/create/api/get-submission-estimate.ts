// Money before it is spent: the price book's estimate for what a form would send. Answered from the local
// database (nothing reaches the gateway), so it is asked again whenever the form changes.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

/**
 * While some item has no estimate yet, ask again now and then: the gateway's usage history is read in the
 * background at the first ask ([UREP-9]) and may turn "first run" into an average a moment later. A local
 * database read, nothing reaches the gateway.
 */
const UNKNOWN_REFETCH_MS = 4_000;

export const submissionEstimateQueryOptions = (requests: readonly SubmissionRequest[] | null) =>
  queryOptions({
    // Under queryKeys.estimates, which a completed task invalidates (cache-updates.ts).
    queryKey: [...queryKeys.estimates, requests],
    queryFn: () => bridge.estimates.submissions.query({ requests: [...(requests ?? [])] }),
    enabled: requests !== null && requests.length > 0,
    // A completed task may have taught the book something: a few seconds of staleness is plenty.
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((i) => i.usd === null) ? UNKNOWN_REFETCH_MS : false,
  });

export function useSubmissionEstimate(requests: readonly SubmissionRequest[] | null) {
  return useQuery(submissionEstimateQueryOptions(requests));
}
