// library.*: query, favourite, tag and delete items, delegated to the library and mapped to bridge views.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { notFound } from '../../../shared/bridge/errors';
import type { LibraryItem } from '../../../shared/studio/records';
import type { HostDeps, ItemView } from './host-deps';

export function libraryHandlers({ core }: HostDeps, item: ItemView): BridgeHandlers['library'] {
  const library = async () => (await core.ensure()).library;
  const found = (id: string, updated: LibraryItem | null) => {
    if (!updated) throw notFound('library item', id);
    return item(updated);
  };
  return {
    query: async (query) => {
      const page = (await library()).query(query ?? {});
      return { items: page.items.map(item), total: page.total };
    },
    get: async ({ id }) => found(id, (await library()).get(id)),
    setFavourite: async ({ id, favourite }) => found(id, (await library()).update(id, { favourite })),
    setTags: async ({ id, tags }) => found(id, (await library()).update(id, { tags })),
    setPoster: async ({ id, dataUrl }) => {
      const frame = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      const updated = await (await library()).setPoster(id, frame);
      return updated ? item(updated) : null;
    },
    models: async () => (await library()).models(),
    tags: async (input) => (await library()).tags(input ?? {}),
    forTask: async ({ taskId }) => (await library()).forTask(taskId).map(item),
    delete: async ({ id }) => ({ id, deleted: await (await library()).delete(id) }),
  };
}
