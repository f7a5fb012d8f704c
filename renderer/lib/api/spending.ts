// The user's spending limits as the pages that spend see them: what was spent today and this month (the header's
// balance popover) and a press of Generate checked against the limits before it is sent (the create form). The
// main process enforces the limits whatever the renderer does; these let the UI ask and explain first.
import { useQuery } from '@tanstack/react-query';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { SpendCheck } from '../../../shared/studio/spending';
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
