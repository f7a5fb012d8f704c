// queue.*: the submission queue, delegated to the engine's (electron/core/tasks/submission-queue.ts). The view is
// priced by the core's money answers (the book of the gateway in use), so each item says what is ahead of it in
// money and time.
import { randomUUID } from 'node:crypto';
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function queueHandlers({ session, core }: HostDeps): BridgeHandlers['queue'] {
  const queue = async () => (await core.ensure()).engine.queue;
  const view = async () => {
    const { engine, money } = await core.ensure();
    return engine.queue.view(money.queueEstimates);
  };
  return {
    view,
    add: async ({ requests, confirmed, key, batch, styles }) => {
      session.connected();
      const q = await queue();
      const group = key ?? randomUUID();
      const ids = await q.add(requests, {
        key: group,
        confirmed: confirmed ?? false,
        origin: batch ? 'batch' : 'queue',
        ...(styles ? { styles } : {}),
        ...(batch ? { batch: { id: group, size: requests.length } } : {}),
      });
      return { ids };
    },
    pause: async () => ((await queue()).pause(), view()),
    resume: async () => ((await queue()).resume(), view()),
    move: async ({ id, to }) => ((await queue()).move(id, to), view()),
    cancel: async ({ ids, atGateway }) => (await queue()).cancel(ids, { atGateway: atGateway ?? false }),
    retry: async ({ id }) => ((await queue()).retry(id), view()),
    schedule: async ({ at }) => ((await queue()).schedule(at), view()),
    setParallel: async ({ parallel }) => ((await queue()).setParallel(parallel), view()),
  };
}
