// Turns a gateway error value into a sentence a creator can act on. Pure (t is passed in) so it is unit-tested.
import type { TFunction } from 'i18next';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';

/**
 * The flagged categories from an nsfw message. Gateways list them after a colon ("... flagged (text): sexual,
 * violence"); without one there is nothing reliable to pick out, and the caller shows the message itself.
 */
export function flaggedCategories(message: string): string | null {
  const colon = Math.max(message.lastIndexOf(':'), message.lastIndexOf('：'));
  if (colon < 0) return null;
  const list = message
    .slice(colon + 1)
    .replace(/[[\].。]+/g, ' ')
    .trim();
  return list === '' ? null : list;
}

export function gatewayErrorSentence(error: GatewayErrorInfo, t: TFunction): string {
  const { httpStatus, type, code, message } = error;
  // [ERR-3] [EP-VIDEO-NSFW-4] type and code are both nsfw_content_detected; the message lists the categories.
  if (type === 'nsfw_content_detected' || code === 'nsfw_content_detected') {
    // When the categories cannot be picked out, the gateway's own message still says what was flagged.
    const categories = flaggedCategories(message) ?? message.trim();
    return categories ? t('errors.nsfw', { categories }) : t('errors.nsfwNoCategories');
  }
  // [ERR-5] 402 payment_required: insufficient balance.
  if (httpStatus === 402 || type === 'payment_required') return t('errors.paymentRequired');
  // The client names transport failures network_error; resets and refusals may carry their own codes.
  if (httpStatus === null && /network|connect|reset|refused|unreachable|dns/i.test(`${type} ${code}`)) {
    return t('errors.network');
  }
  if (type === 'timeout') return t('errors.timeout');
  if (type === 'validation_error') return t('errors.validation', { message });
  if (httpStatus === 401 || type === 'authentication_error') return t('errors.authentication');
  if (httpStatus === 403 || type === 'permission_error') return t('errors.permission');
  if (httpStatus === 404 || type === 'not_found_error') return t('errors.notFound', { message });
  if (httpStatus === 429 || type === 'rate_limit_error') return t('errors.rateLimited');
  if (httpStatus !== null && httpStatus >= 500) return t('errors.server', { status: httpStatus });
  if (httpStatus !== null && httpStatus >= 400) return t('errors.invalidRequest', { message });
  return t('errors.unknown', { message });
}
