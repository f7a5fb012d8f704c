// account.*: the key's and the account's balances, as views.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { readBalance } from '../../core/gateway/account-reads';
import { orBalanceFailure, toTokenBalanceView, toUserBalanceView } from '../account-view';
import type { HostDeps } from './host-deps';

export function accountHandlers({ session }: HostDeps): BridgeHandlers['account'] {
  return {
    // ACCOUNT_READ: a gateway that takes the request and goes silent fails within one idle timeout.
    balance: () =>
      orBalanceFailure(async () =>
        toTokenBalanceView(await readBalance((options) => session.connected().tokenBalance(options))),
      ),
    userBalance: () =>
      orBalanceFailure(async () =>
        toUserBalanceView(await readBalance((options) => session.connected().userBalance(options))),
      ),
  };
}
