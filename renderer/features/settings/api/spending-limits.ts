// Settings → Spending limits: read and save the confirmation threshold, the budgets and their time zone. Saving
// also counts today's and this month's spending again (the header's popover shows them against the budgets).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpendingLimits } from '../../../../shared/studio/spending';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

const LIMITS_KEY = ['spending', 'limits'] as const;

export function useSpendingLimits() {
  return useQuery({ queryKey: LIMITS_KEY, queryFn: () => bridge.spending.limits.query() });
}

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
