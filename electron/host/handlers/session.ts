// session.*: what the studio is connected to, and the switch to the demo gateway.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function sessionHandlers({ session }: HostDeps): BridgeHandlers['session'] {
  return {
    status: () => session.status(),
    useDemo: () => session.useDemo(),
  };
}
