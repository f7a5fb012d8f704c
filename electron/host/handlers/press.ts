// press.*: one press of Generate or Queue, handed whole to the core's Press (electron/core/press), which plans it,
// asks the limits in the transaction that writes it and keeps its styles with each task.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function pressHandlers({ session, core }: HostDeps): BridgeHandlers['press'] {
  return {
    send: async ({ intent, confirmed, key }) => {
      const { press } = await core.ensure();
      // A press needs a gateway set up, queued or not (the queue sends it later through the same one).
      session.connected();
      return press.send(intent, { confirmed, key });
    },
  };
}
