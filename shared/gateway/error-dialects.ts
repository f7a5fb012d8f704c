// What the real gateway (a new-api style relay) means by answers the spec gives other statuses for, read once
// here and applied by errorFromHttp to every error answer, so the client, the engine, the app and the CLI all
// see the same meaning:
// - a balance too low as 403 with words ("insufficient user quota", "余额不足"), not 402: it is payment_required;
// - a 429 without Retry-After from a saturated upstream pool ("上游负载已饱和"): backed off like any 429, but
//   said as the gateway's load, not the key's quota;
// - a 503 "no available channel" (无可用渠道): no upstream serves this model in the key's group. That is the
//   gateway's configuration, which no retry changes: said so, and not repeated.
import type { GatewayErrorInfo } from './normalized';

const BALANCE_WORDS =
  /insufficient|not enough (balance|credit|quota|funds)|balance (is )?(too low|exhausted)|quota (exhausted|exceeded)|余额不足|额度不足|欠费|预扣费额度失败/i;
const SATURATED_WORDS = /saturat|overload|upstream.{0,30}(busy|load|capacity)|负载|饱和|繁忙/i;
const NO_CHANNEL_WORDS = /no available channel|no channel available|无可用渠道|没有可用的?渠道/i;

/** The codes these readings are kept under, whatever the gateway called them. */
export const DIALECT_ERROR_CODES = {
  balance: 'insufficient_balance',
  saturated: 'upstream_saturated',
  noChannel: 'no_available_channel',
} as const;

/** The answer read in the real gateway's own meaning; anything else is returned as it came. */
export function readErrorDialect(info: GatewayErrorInfo, hadRetryAfter: boolean): GatewayErrorInfo {
  const said = `${info.message} ${info.code}`;
  if (info.httpStatus === 403 && BALANCE_WORDS.test(said)) {
    return { ...info, type: 'payment_required', code: DIALECT_ERROR_CODES.balance, retryable: false };
  }
  if (info.httpStatus === 429 && !hadRetryAfter && SATURATED_WORDS.test(said)) {
    return {
      ...info,
      code: DIALECT_ERROR_CODES.saturated,
      message: `The gateway's upstream is saturated (its load, not your key's rate limit); backing off. It said: ${info.message}`,
    };
  }
  if (info.httpStatus === 503 && NO_CHANNEL_WORDS.test(said)) {
    return {
      ...info,
      type: 'channel_unavailable',
      code: DIALECT_ERROR_CODES.noChannel,
      retryable: false,
      message:
        'The gateway has no channel serving this model for your key (a configuration problem at the gateway, ' +
        `not a passing outage), so it was not tried again. Ask its operator, or choose another model. It said: ${info.message}`,
    };
  }
  return info;
}
