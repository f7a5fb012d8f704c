// account.*: the key's and the account's balances, as views.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { orBalanceFailure, toTokenBalanceView, toUserBalanceView } from '../account-view';
import type { HostDeps } from './host-deps';

export function accountHandlers({ session }: HostDeps): BridgeHandlers['account'] {
  return {
    balance: () => orBalanceFailure(async () => toTokenBalanceView(await session.connected().tokenBalance())),
    userBalance: () =>
      orBalanceFailure(async () => toUserBalanceView(await session.connected().userBalance())),
  };
}
