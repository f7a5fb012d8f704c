// Whether the gateway takes the key it is being called with, asked on the cheapest authenticated call, the token
// balance ([EP-TBAL-1], [AUTH-2], [ERR-4], [ERR-6]): 401 or 403 is a refusal; anything else that fails (a
// timeout, a 5xx, no gateway at that address) means only that the key could not be checked.
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';
import { toErrorInfo } from '../../shared/bridge/errors';
import { readBalance } from '../core/gateway/account-reads';
import type { SwitchableGateway } from './studio-gateway';

export type KeyCheck =
  | { kind: 'accepted' }
  | { kind: 'refused'; error: GatewayErrorInfo }
  | { kind: 'unchecked'; error: GatewayErrorInfo };

export async function checkKey(gateway: SwitchableGateway): Promise<KeyCheck> {
  if (!gateway.configured) return { kind: 'accepted' };
  try {
    // As the header reads it: a gateway that takes the request and goes silent fails within one idle timeout.
    await readBalance((options) => gateway.tokenBalance(options));
    return { kind: 'accepted' };
  } catch (error) {
    const info = toErrorInfo(error);
    // [EP-TBAL-2] success:false: the key authenticated, only the token record is missing.
    if (info.type === 'balance_lookup_failed') return { kind: 'accepted' };
    const refused =
      info.httpStatus === 401 || info.httpStatus === 403 || info.type === 'authentication_error';
    return { kind: refused ? 'refused' : 'unchecked', error: info };
  }
}
