// agents.*: Settings › Agents. The view (the switch, the endpoint's address and token, the sessions with what
// each did and spent) and its changes, kept in the data folder; the endpoint starts or stops with them.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function agentsHandlers({ agents }: HostDeps): BridgeHandlers['agents'] {
  return {
    view: () => Promise.resolve(agents.view()),
    update: (patch) => agents.update(patch),
    rotateToken: () => agents.rotateToken(),
  };
}
