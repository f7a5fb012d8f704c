// library.*: query, favourite, tag and delete items, delegated to the library and mapped to bridge views.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { localError, notFound } from '../../../shared/bridge/errors';
import type { LibraryItem } from '../../../shared/studio/records';
import { planExport } from '../../core/library/library-export';
import { zipFileName } from '../export-tickets';
import type { HostDeps, ItemView } from './host-deps';

export function libraryHandlers(
  { core, desktop, exports }: HostDeps,
  item: ItemView,
): BridgeHandlers['library'] {
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
    bulkFavourite: async ({ selection, favourite }) => ({
      count: (await library()).bulk.setFavourite(selection, favourite),
    }),
    bulkTags: async ({ selection, add, remove }) => ({
      count: (await library()).bulk.editTags(selection, { add, remove }),
    }),
    trash: async ({ selection }) => (await library()).bulk.trash(selection),
    undoTrash: async ({ undoId }) => {
      const restored = await (await library()).bulk.undo(undoId);
      if (restored === null) {
        throw localError(
          'not_found_error',
          'Too late to undo: the files have gone to the trash. They can still be restored from there.',
          { param: 'undoId' },
        );
      }
      return { restored };
    },
    strays: async () => (await library()).strays.find(),
    openUndos: async () => (await library()).bulk.openUndos(),
    sortStrays: async ({ action, paths }) => {
      const { strays } = await library();
      if (action === 'trash') return { filed: 0, duplicates: 0, trashed: await strays.trash(paths), kept: 0 };
      return { ...(await strays.reindex(paths)), trashed: 0 };
    },
    exportZip: async ({ selection }) => {
      // The desktop app writes into a folder the user picks (desktop.exportToFolder): no download there.
      if (desktop) throw localError('unsupported', 'The desktop app exports into a folder: use Export.');
      const lib = await library();
      const entries = planExport(lib.bulk.items(selection), (i) => lib.settingsOf(i));
      if (entries.length === 0)
        throw localError('invalid_request_error', 'None of the selected items exist.');
      const fileName = zipFileName(entries.length, Date.now());
      return { url: exports.issue(entries, fileName), fileName, count: entries.length };
    },
  };
}
