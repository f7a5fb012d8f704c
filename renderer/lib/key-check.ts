// Whether the gateway takes a key: a key is only "saved" for the user once the gateway has answered a call
// with it. The token balance is the cheapest authenticated call ([EP-TBAL-1]); 401 or 403 there is the
// gateway refusing the key ([AUTH-2], [ERR-4], [ERR-6]), anything else only means we could not ask.
import { isUnanswered } from '../../shared/gateway/error-types';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';
import { bridge } from './bridge';
import { errorInfoOf } from './bridge-error';

export type KeyVerdict =
  | { kind: 'accepted' }
  | { kind: 'refused'; error: GatewayErrorInfo }
  | { kind: 'unchecked'; error: GatewayErrorInfo };

/** Classifies a failed balance lookup made with a freshly saved key. */
export function keyVerdictOf(error: unknown): KeyVerdict {
  const info = errorInfoOf(error);
  if (info.httpStatus === 401 || info.httpStatus === 403 || info.type === 'authentication_error')
    return { kind: 'refused', error: info };
  return { kind: 'unchecked', error: info };
}

/** A failure that means the gateway could not be asked at all (the error table's `unanswered` flag). */
export function gatewayUnanswered(error: GatewayErrorInfo): boolean {
  return isUnanswered(error.type);
}

export async function checkKey(): Promise<KeyVerdict> {
  try {
    // success:false ([EP-TBAL-2]) still means the key authenticated: the token record is what is missing.
    await bridge.account.balance.query();
    return { kind: 'accepted' };
  } catch (error) {
    return keyVerdictOf(error);
  }
}
