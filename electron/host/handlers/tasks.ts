// tasks.*: submit, list, read, stop, track again, rerun and the Try agains, delegated to the task engine. An unknown id is a not-found
// error, and a call that would reach the gateway fails first when none is set up.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { notFound } from '../../../shared/bridge/errors';
import { TASK_PAGE_SIZE } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function tasksHandlers({ session, core }: HostDeps): BridgeHandlers['tasks'] {
  const engine = async () => (await core.ensure()).engine;
  const known = async (id: string) => {
    const e = await engine();
    if (!e.get(id)) throw notFound('task', id);
    return e;
  };
  return {
    submit: async ({ confirmed, key, styles, ...request }) => {
      session.connected();
      return (await engine()).submit(request, {
        confirmed: confirmed ?? false,
        ...(key ? { key } : {}),
        ...(styles ? { styles } : {}),
      });
    },
    submitBatch: async ({ requests, confirmed, key, compare, styles }) => {
      session.connected();
      const options = {
        confirmed: confirmed ?? false,
        ...(key ? { key } : {}),
        ...(styles ? { styles } : {}),
      };
      const e = await engine();
      if (!compare) return e.submitBatch(requests, options);
      const { batchId, tasks } = await e.fanOut(requests, options);
      return { batchId, tasks };
    },
    group: async ({ batchId }) => (await engine()).compareGroup(batchId),
    list: async (query) => {
      const e = await engine();
      const states = query?.states;
      // One page in SQL, with the total the page is out of (the Tasks page's "Load more" and its count).
      const tasks = e.list({ states, offset: query?.offset ?? 0, limit: query?.limit ?? TASK_PAGE_SIZE });
      return { tasks, total: e.count({ states }) };
    },
    stop: async ({ id }) => (await known(id)).stop(id),
    track: async ({ id }) => {
      const e = await known(id);
      session.connected();
      return e.track(id);
    },
    rerun: async ({ id, confirmed, key }) => {
      const e = await known(id);
      session.connected();
      return e.rerun(id, { confirmed: confirmed ?? false, ...(key ? { key } : {}) });
    },
    retrySubmission: async ({ id }) => {
      const e = await known(id);
      session.connected();
      return e.retrySubmission(id);
    },
    retryDownloads: async ({ id }) => {
      const e = await known(id);
      session.connected();
      return e.retryDownloads(id);
    },
    reconcile: async ({ id }) => {
      const e = await known(id);
      session.connected();
      return e.reconcile(id);
    },
  };
}
