// reuse.*: the made-from chain with the items to open, a library image as a reference, the settings a dropped
// file carries, and an edit's submission. Everything is the core's; this maps it to bridge views.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { localError, notFound } from '../../../shared/bridge/errors';
import type { MadeFromStep } from '../../../shared/bridge/reuse-schemas';
import type { MadeFromLink } from '../../../shared/studio/made-from';
import { readFileSettingsReport } from '../../core/library/file-settings';
import type { HostDeps, ItemView } from './host-deps';

export function reuseHandlers(deps: HostDeps, view: ItemView): BridgeHandlers['reuse'] {
  const { core, references, session } = deps;
  return {
    chain: async ({ id }) => {
      const { engine, library } = await core.ensure();
      if (!engine.get(id)) throw notFound('task', id);
      const step = (link: MadeFromLink): MadeFromStep => {
        const task = engine.get(link.taskId);
        // A reference names its own item; a whole task opens at its first filed item.
        const item =
          (link.itemId ? library.get(link.itemId) : null) ?? library.forTask(link.taskId)[0] ?? null;
        const prompt =
          task && typeof task.params.prompt === 'string' ? task.params.prompt : (item?.prompt ?? null);
        return {
          relation: link.relation,
          taskId: link.taskId,
          family: task?.family ?? null,
          prompt,
          item: item ? view(item) : null,
        };
      };
      const links = engine.links(id);
      return { madeFrom: links.madeFrom.map(step), madeFromThis: links.madeFromThis.map(step) };
    },
    asReference: async ({ id }) => {
      const item = (await core.ensure()).library.get(id);
      if (!item) throw notFound('library item', id);
      if (item.kind !== 'image')
        throw localError('invalid_request_error', 'Only an image can be a reference image.');
      return references.addFile(item.path, { link: true });
    },
    readSettings: ({ dataUrl }) => {
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      return Promise.resolve(readFileSettingsReport(bytes));
    },
    submitEdit: async ({ request, editOf, confirmed, key, styles }) => {
      const { engine } = await core.ensure();
      if (!engine.get(editOf)) throw notFound('task', editOf);
      session.connected();
      return engine.submit(request, {
        madeFrom: { relation: 'edit', taskId: editOf },
        confirmed: confirmed ?? false,
        ...(key ? { key } : {}),
        ...(styles ? { styles } : {}),
      });
    },
  };
}
