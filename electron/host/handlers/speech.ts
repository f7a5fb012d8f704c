// speech.*: synthesize a text; the audio lands in the library and comes back as its item.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps, ItemView } from './host-deps';

export function speechHandlers({ session, core }: HostDeps, item: ItemView): BridgeHandlers['speech'] {
  return {
    synthesize: async (request) => {
      session.connected();
      return item(await (await core.ensure()).speech.synthesize(request));
    },
  };
}
