// tasks.*: submit, list, read, stop, rerun and the Try agains, delegated to the task engine. An unknown id is a not-found
// error, and a call that would reach the gateway fails first when none is set up.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { notFound } from '../../../shared/bridge/errors';
import type { HostDeps } from './host-deps';

export function tasksHandlers({ session, core }: HostDeps): BridgeHandlers['tasks'] {
  const engine = async () => (await core.ensure()).engine;
  const known = async (id: string) => {
    const e = await engine();
    if (!e.get(id)) throw notFound('task', id);
    return e;
  };
  return {
    submit: async ({ confirmed, ...request }) => {
      session.connected();
      return (await engine()).submit(request, { confirmed: confirmed ?? false });
    },
    list: async (query) => {
      const states = query?.states;
      const all = (await engine()).list(states ? { states } : {});
      const offset = query?.offset ?? 0;
      const limit = query?.limit ?? 200;
      return { tasks: all.slice(offset, offset + limit), total: all.length };
    },
    get: async ({ id }) => {
      const task = (await engine()).get(id);
      if (!task) throw notFound('task', id);
      return task;
    },
    stop: async ({ id }) => (await known(id)).stop(id),
    rerun: async ({ id, confirmed }) => {
      const e = await known(id);
      session.connected();
      return e.rerun(id, { confirmed: confirmed ?? false });
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
