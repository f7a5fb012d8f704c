// Both balances, shared: the shell's badge shows them and bridge events refresh them when money moves
// (cache-updates.ts), so their keys live in query-client.ts with the other keys events touch.
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bridge } from '../bridge';
import { queryKeys } from '../query-client';
import { currencyOf, type GatewayCurrency } from '../money-shown';

// A balance changes when work is billed: events invalidate it, and coming back to the window reads it again
// (React Query's refetch on focus) for what another client spent. No timer: a studio left open all day with
// nothing running asks its gateway nothing (the idle bench counts it).

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.balance,
    queryFn: () => bridge.account.balance.query(),
    refetchInterval: false,
  });

/** [EP-UBAL-1] The account's balance, beside the key's; refreshed with it (its query key sits under 'balance'). */
export const userBalanceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userBalance,
    queryFn: () => bridge.account.userBalance.query(),
    refetchInterval: false,
  });

export function useBalance(enabled: boolean) {
  return useQuery({ ...balanceQueryOptions(), enabled });
}

export function useUserBalance(enabled: boolean) {
  return useQuery({ ...userBalanceQueryOptions(), enabled });
}

/** The gateway's own currency (renderer/lib/money-shown.ts), read from the key's balance, else the account's. */
export function useGatewayCurrency(): GatewayCurrency | null {
  const key = useBalance(true).data;
  const account = useUserBalance(true).data;
  const currency = currencyOf(key) ?? currencyOf(account);
  // The same object while the currency is the same: memoised lists (the library grid's tiles) take it as a prop.
  const code = currency?.code;
  const perUsd = currency?.perUsd;
  return useMemo(
    () => (code !== undefined && perUsd !== undefined ? { code, perUsd } : null),
    [code, perUsd],
  );
}
