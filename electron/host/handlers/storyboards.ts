// cast.* and storyboards.*: the cast store and the storyboard desk, both built once by the composition root.
// Runs go on the storyboard runner (the recipe machinery, measured against the spending limits first); their
// progress reaches the page as 'storyboard' events (events.ts), never by asking again and again.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

const done = { ok: true as const };

export function castHandlers({ storyboard }: HostDeps): BridgeHandlers['cast'] {
  const { cast } = storyboard;
  return {
    list: async () => cast.list(),
    save: async ({ id, member }) => cast.save(member, id ?? null),
    delete: async ({ id }) => (cast.remove(id), done),
  };
}

export function storyboardsHandlers({ session, storyboard }: HostDeps): BridgeHandlers['storyboards'] {
  const { desk, runner } = storyboard;
  return {
    list: async () => desk.list(),
    get: async ({ id }) => desk.get(id),
    save: async ({ id, board }) => desk.save(board, id ?? null),
    delete: async ({ id }) => (desk.remove(id), done),
    estimate: async ({ board }) => desk.price(board),
    check: async ({ id, shot }) => desk.check(desk.get(id).board, shot ?? null),
    run: async ({ id, shot, confirmed }) => {
      session.connected();
      return desk.run(id, shot ?? null, { confirmed: confirmed ?? false });
    },
    runs: async ({ id }) => desk.runs(id),
    retryCheck: async ({ runId }) => desk.retryCheck(runId),
    retry: async ({ runId, confirmed }) => {
      session.connected();
      return runner.retry(runId, { confirmed: confirmed ?? false });
    },
    cancel: async ({ runId }) => runner.cancel(runId),
    editList: async ({ runId, format }) => desk.editList(runId, format),
  };
}
