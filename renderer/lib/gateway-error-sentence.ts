// Turns a gateway error value into a sentence a creator can act on. The choice of sentence is the shared
// mapping (shared/gateway/error-map.ts, its sentence half in error-sentence.ts, without zod); this only renders it in the user's language.
import type { TFunction } from 'i18next';
import { errorSentence } from '../../shared/gateway/error-sentence';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';

export function gatewayErrorSentence(error: GatewayErrorInfo, t: TFunction): string {
  const { key, values } = errorSentence(error);
  return t(key, values);
}
