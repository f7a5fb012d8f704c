// The gateway client's public surface.
export type { CallOptions, GatewayPort, SpeechResponse, SubmitOptions } from './gateway-port';
export {
  GatewayClient,
  createGatewayClient,
  type ApiKeySource,
  type GatewayCallEvent,
  type GatewayClientOptions,
  type TokenBalanceOptions,
  type UsageOptions,
  type UsageResult,
} from './gateway-client';
export { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry-policy';
export { GatewayError, isGatewayError } from '../../../shared/gateway/gateway-error';
export { ACCOUNT_READ, balanceTimeoutSentence, readBalance } from './account-reads';
