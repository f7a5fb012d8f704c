// speech.*: synthesize a text; the audio lands in the library and comes back as its item, or the library's
// earlier take of the same speech comes back with no gateway call unless a fresh take is asked for.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps, ItemView } from './host-deps';

export function speechHandlers(
  { session, core, spending }: HostDeps,
  item: ItemView,
): BridgeHandlers['speech'] {
  return {
    synthesize: async ({ fresh, ...request }) => {
      session.connected();
      const { speech } = await core.ensure();
      // The library's take of this speech costs nothing: no budget is asked about it.
      const held = fresh ? null : await speech.fromLibrary(request);
      if (held) return { item: item(held), fromLibrary: true };
      // A budget holds speech too. Speech is not asked about (a clip costs fractions of a cent and is answered
      // at once), so it counts as confirmed.
      const { model, ...params } = request;
      spending.admit({ family: 'speech', model, params }, { confirmed: true });
      const outcome = await speech.synthesize(request, { fresh: fresh ?? false });
      return { item: item(outcome.item), fromLibrary: outcome.fromLibrary };
    },
  };
}
