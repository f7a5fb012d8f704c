// speech.*: synthesize a text; the audio lands in the library and comes back as its item, or the library's
// earlier take of the same speech comes back with no gateway call unless a fresh take is asked for.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps, ItemView } from './host-deps';

export function speechHandlers({ session, core }: HostDeps, item: ItemView): BridgeHandlers['speech'] {
  return {
    synthesize: async ({ fresh, ...request }) => {
      session.connected();
      const { speech } = await core.ensure();
      // The budgets are the speech service's own (in the transaction that writes the take down; the library's
      // take of this speech costs nothing and asks nothing). The app shows no question before a clip (it costs
      // fractions of a cent and is answered at once), so the threshold counts as answered here.
      const outcome = await speech.synthesize(request, { fresh: fresh ?? false, confirmed: true });
      return { item: item(outcome.item), fromLibrary: outcome.fromLibrary };
    },
  };
}
