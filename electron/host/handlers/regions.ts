// regions.*: "Edit a region". The models come from the catalog by the ids in effect; a press goes to the core's
// region editor (the engine's batch, the spending limits, the library's compositing), with the same ids.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { notFound } from '../../../shared/bridge/errors';
import { modelConfigFromOverrides } from '../../../shared/catalog/families';
import { regionEditModels } from '../../../shared/catalog/region-edit-models';
import type { HostDeps } from './host-deps';

export function regionsHandlers({ core, session }: HostDeps): BridgeHandlers['regions'] {
  const models = () => modelConfigFromOverrides(session.settings.get().modelOverrides);
  return {
    models: () =>
      Promise.resolve(
        regionEditModels(models()).map((m) => ({
          family: m.family,
          familyLabel: m.familyLabel,
          variantLabel: m.variantLabel,
          modelId: m.modelId,
          sends: m.support.sends,
          can: m.support.can,
        })),
      ),
    submit: async ({ confirmed, key, takes, params, ...request }) => {
      const { regions } = await core.ensure();
      session.connected();
      return regions.submit({
        ...request,
        ...(params ? { params } : {}),
        ...(takes ? { takes } : {}),
        ...(key ? { key } : {}),
        confirmed: confirmed ?? false,
        models: models(),
      });
    },
    editOf: async ({ id }) => {
      const { library, regions } = await core.ensure();
      if (!library.get(id)) throw notFound('library item', id);
      return regions.editOf(id);
    },
  };
}
