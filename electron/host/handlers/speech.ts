// speech.*: synthesize a text; the audio lands in the library and comes back as its item, or the library's
// earlier take of the same speech comes back with no gateway call unless a fresh take is asked for. The money
// rules are the speech service's own (the budgets and the confirmation threshold, in the transaction that writes
// the take down, and whether the library's take answers a press for free); check lets the page ask its question
// first, measured by the service as it will measure the take.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps, ItemView } from './host-deps';

export function speechHandlers({ session, core }: HostDeps, item: ItemView): BridgeHandlers['speech'] {
  return {
    synthesize: async ({ fresh, confirmed, ...request }) => {
      session.connected();
      const { speech } = await core.ensure();
      const outcome = await speech.synthesize(request, {
        fresh: fresh ?? false,
        confirmed: confirmed ?? false,
      });
      return { item: item(outcome.item), fromLibrary: outcome.fromLibrary };
    },
    check: async ({ fresh, confirmed: _confirmed, ...request }) =>
      (await core.ensure()).speech.check(request, { fresh: fresh ?? false }),
  };
}
