// The account reads the CLI needs from the gateway client besides GatewayPort's task calls.
import type { CallOptions } from '../core/gateway/gateway-port';
import type { TokenBalance, UserBalance } from '../../shared/gateway/balance';
import type { UsageQueryInput } from '../../shared/gateway/usage';

export interface UsageAnswer {
  report: unknown;
  cache: string | null;
}

export interface AccountPort {
  tokenBalance(options?: CallOptions): Promise<TokenBalance>;
  userBalance(options?: CallOptions): Promise<UserBalance>;
  usage(query: UsageQueryInput, options?: CallOptions): Promise<UsageAnswer>;
}
