// What "Edit a region" asks of the bridge: the models that can edit, the picture (a library item), the region an
// earlier take was made with ("Edit again"), a press of takes, and the takes as they are filed.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RegionSubmitInput } from '../../../../shared/bridge/region-schemas';
import type { SubmissionRequest } from '../../../../shared/gateway/normalized';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export const regionModelsQueryOptions = () =>
  queryOptions({ queryKey: ['regions', 'models'], queryFn: () => bridge.regions.models.query() });

export function useRegionModels() {
  return useQuery(regionModelsQueryOptions());
}

export function useRegionItem(id: string | null) {
  return useQuery({
    // Under the library's key, so a change to the library reaches the editor too.
    queryKey: [...queryKeys.library, 'item', id],
    queryFn: () => bridge.library.get.query({ id: id ?? '' }),
    enabled: id !== null,
  });
}

export function useRegionEditOf(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.library, 'region-edit-of', id],
    queryFn: () => bridge.regions.editOf.query({ id: id ?? '' }),
    enabled: id !== null,
  });
}

/** The takes of a press as the library files them (a library event refreshes the library's key). */
export function useTakes(batchId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.library, 'region-takes', batchId],
    queryFn: () => bridge.library.query.query({ batchId: batchId ?? '' }),
    enabled: batchId !== null,
  });
}

export function useSubmitRegion() {
  return useMutation({ mutationFn: (input: RegionSubmitInput) => bridge.regions.submit.mutate(input) });
}

/** What the press would cost: the price book's estimate of the takes (the picture sent is not priced). */
export function useRegionEstimate(requests: RegionEstimateRequest[] | null) {
  return useQuery({
    queryKey: [...queryKeys.estimates, 'region', requests],
    queryFn: () => bridge.estimates.submissions.query({ requests: requests ?? [] }),
    enabled: requests !== null && requests.length > 0,
    staleTime: 5_000,
  });
}

export type RegionEstimateRequest = SubmissionRequest;
