// Money before it is spent: the price book's estimate for what a form would send. Answered from the local
// database (nothing reaches the gateway), so it is asked again whenever the form changes.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import { bridge } from '../../../lib/bridge';

export const submissionEstimateQueryOptions = (requests: readonly SubmissionRequest[] | null) =>
  queryOptions({
    queryKey: ['estimate', requests],
    queryFn: () => bridge.estimates.submissions.query({ requests: [...(requests ?? [])] }),
    enabled: requests !== null && requests.length > 0,
    // A completed task may have taught the book something: a few seconds of staleness is plenty.
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useSubmissionEstimate(requests: readonly SubmissionRequest[] | null) {
  return useQuery(submissionEstimateQueryOptions(requests));
}
