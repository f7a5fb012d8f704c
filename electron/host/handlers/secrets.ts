// secrets.*: the API key goes in or out; only whether one is set ever comes back.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function secretsHandlers({ session }: HostDeps): BridgeHandlers['secrets'] {
  return {
    setKey: ({ key, mustAnswer }) => session.setKey(key, mustAnswer),
    clearKey: () => session.clearKey(),
  };
}
