// The user's spending limits as the pages that spend see them: what was spent today and this month (the header's
// balance popover), a press of Generate checked against the limits before it is sent (the create form), and the
// limits themselves, read and saved by Settings and by the create form's question (a price to assume). The main
// process enforces the limits whatever the renderer does; these let the UI ask and explain first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { SpendCheck, SpendingLimits } from '../../../shared/studio/spending';
import { bridge } from '../bridge';
import { queryKeys } from '../query-client';

export function useSpendingSummary(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.spending,
    queryFn: () => bridge.spending.summary.query(),
    enabled,
  });
}

/** Asked fresh at each press: a task that completed a second ago may have moved the budget. */
export function checkSpending(requests: readonly SubmissionRequest[]): Promise<SpendCheck> {
  return bridge.spending.check.query({ requests: [...requests] });
}

const LIMITS_KEY = ['spending', 'limits'] as const;

export function useSpendingLimits() {
  return useQuery({ queryKey: LIMITS_KEY, queryFn: () => bridge.spending.limits.query() });
}

/** Saving also counts today's and this month's spending again (the header's popover shows them against the budgets). */
export function useSaveSpendingLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (limits: SpendingLimits) => bridge.spending.setLimits.mutate(limits),
    onSuccess: (view) => {
      client.setQueryData(LIMITS_KEY, view);
      return client.invalidateQueries({ queryKey: queryKeys.spending });
    },
  });
}

/** The limits as saved now (not a cached copy): what a change of one field is merged into before it is saved. */
export function readSpendingLimits(): Promise<SpendingLimits> {
  return bridge.spending.limits.query().then((view) => view.limits);
}
