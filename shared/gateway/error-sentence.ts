// From GatewayErrorInfo to the sentence the UI shows (an i18n key under errors.* plus its values): the second half
// of the one error mapping (error-map.ts, which re-exports it). Apart from it because it needs no zod: the
// renderer's first screen says a failed start in these words before any schema is loaded.
import type { GatewayErrorInfo } from './normalized';
import { ERROR_TYPES, isErrorType, neverSent } from './error-types';
import type { ErrorSentenceKey } from './error-types';

export type { ErrorSentenceKey } from './error-types';

export interface ErrorSentence {
  key: ErrorSentenceKey;
  values: { message: string; status?: number; categories?: string };
}

/**
 * [EP-VIDEO-NSFW-4] the message lists the flagged categories after its last colon ("Content flagged by
 * moderation (text): sexual, violence", "flagged categories: [violence, hate]."); null when there is no list.
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

/** What to tell the user: balance too low (402), what was flagged (nsfw), gateway unreachable (network), ... */
export function errorSentence(info: GatewayErrorInfo): ErrorSentence {
  const { httpStatus: status, type, code, message } = info;
  if (type === 'nsfw_content_detected' || code === 'nsfw_content_detected') {
    const categories = flaggedCategories(message) ?? message.trim();
    return categories
      ? { key: 'errors.nsfw', values: { message, categories } }
      : { key: 'errors.nsfwNoCategories', values: { message } };
  }
  const at = (key: ErrorSentenceKey): ErrorSentence => ({
    key,
    values: status === null ? { message } : { message, status },
  });
  if (status === 402 || type === 'payment_required') return at('errors.paymentRequired');
  if (type === 'channel_unavailable') return at('errors.noChannel');
  // A connection never made sent nothing, so the money words can be exact: nothing was charged.
  if (neverSent(info)) return at('errors.networkNotSent');
  if (type === 'network_error') return at('errors.network');
  if (type === 'timeout' || status === 504) return at('errors.timeout');
  if (type === 'validation_error') return at('errors.validation');
  if (status === 401 || type === 'authentication_error') return at('errors.authentication');
  if (status === 403 || type === 'permission_error') return at('errors.permission');
  if (status === 404 || type === 'not_found_error') return at('errors.notFound');
  if (status === 429 || type === 'rate_limit_error') return at('errors.rateLimited');
  if (status !== null && status >= 500) return at('errors.server');
  if (status !== null && status >= 400) return at('errors.invalidRequest');
  // The studio's own errors (not configured, unsupported, a failed task...) have their sentence in the table.
  return at(isErrorType(type) ? ERROR_TYPES[type].sentence : 'errors.unknown');
}
