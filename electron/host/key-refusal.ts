// Whether the gateway refuses the key it is being called with: 401 or 403 on the cheapest authenticated call,
// the token balance ([EP-TBAL-1], [AUTH-2], [ERR-4], [ERR-6]). Anything else (a timeout, a 5xx, no gateway) is
// not a refusal: it only means the key could not be checked.
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';
import { toErrorInfo } from '../../shared/bridge/errors';
import { readBalance } from '../core/gateway/account-reads';
import type { SwitchableGateway } from './studio-gateway';

export async function keyRefusal(gateway: SwitchableGateway): Promise<GatewayErrorInfo | null> {
  if (!gateway.configured) return null;
  try {
    // As the header reads it: a gateway that takes the request and goes silent fails within one idle timeout.
    await readBalance((options) => gateway.tokenBalance(options));
    return null;
  } catch (error) {
    const info = toErrorInfo(error);
    const refused = info.httpStatus === 401 || info.httpStatus === 403 || info.type === 'authentication_error';
    return refused ? info : null;
  }
}
