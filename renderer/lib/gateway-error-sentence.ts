// Turns a gateway error value into a sentence a creator can act on. The choice of sentence is the shared
// mapping (shared/gateway/error-map.ts); this only renders it in the user's language.
import type { TFunction } from 'i18next';
import { errorSentence } from '../../shared/gateway/error-map';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';

/**
 * The flagged categories from an nsfw message. Gateways list them after a colon ("Content flagged by moderation
 * (text): sexual, violence"); the shared parser reads "flagged ..." up to the end and would include the preamble.
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
  const { key, values } = errorSentence(error);
  if (key === 'errors.nsfw') {
    return t(key, { ...values, categories: flaggedCategories(error.message) ?? values.categories });
  }
  return t(key, values);
}
