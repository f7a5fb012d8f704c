// speech.*: synthesize a text; the audio lands in the library and comes back as its item.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps, ItemView } from './host-deps';

export function speechHandlers(
  { session, core, spending }: HostDeps,
  item: ItemView,
): BridgeHandlers['speech'] {
  return {
    synthesize: async (request) => {
      session.connected();
      // A budget holds speech too. Speech is not asked about (a clip costs fractions of a cent and is answered
      // at once), so it counts as confirmed.
      const { model, ...params } = request;
      spending.admit({ family: 'speech', model, params }, { confirmed: true });
      return item(await (await core.ensure()).speech.synthesize(request));
    },
  };
}
