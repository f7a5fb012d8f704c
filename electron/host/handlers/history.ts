// history.*: the prompts sent, read from the core's prompt history with the item each latest use made (for its
// thumbnail); pin and forget change only the history, never the tasks or files.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps, ItemView } from './host-deps';

export function historyHandlers({ core, history }: HostDeps, item: ItemView): BridgeHandlers['history'] {
  return {
    list: async (query) => {
      const { library } = await core.ensure();
      return history.list(query ?? {}).map((entry) => {
        const made = entry.itemId ? library.get(entry.itemId) : null;
        return { ...entry, item: made ? item(made) : null };
      });
    },
    pin: async ({ text, pinned }) => {
      history.pin(text, pinned);
      return { ok: true as const };
    },
    forget: async ({ text }) => ({ forgotten: history.forget(text) }),
    forgetAll: async () => ({ forgotten: history.forgetAll() }),
  };
}
