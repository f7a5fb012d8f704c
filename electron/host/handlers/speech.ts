// speech.*: synthesize a text; the audio lands in the library and comes back as its item, or the library's
// earlier take of the same speech comes back with no gateway call (issue 13) unless a fresh take is asked for.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps, ItemView } from './host-deps';

export function speechHandlers({ session, core }: HostDeps, item: ItemView): BridgeHandlers['speech'] {
  return {
    synthesize: async ({ fresh, ...request }) => {
      session.connected();
      const outcome = await (await core.ensure()).speech.synthesize(request, { fresh: fresh ?? false });
      return { item: item(outcome.item), fromLibrary: outcome.fromLibrary };
    },
  };
}
