// Who waits for a queue item to leave the line: a recipe's run puts its step in the queue and goes on only
// once the step is sent (its task then says the rest), refused before it left, or cancelled. The queue asks
// this at each look at its rows, so a change made by a CLI beside the app is seen as its own changes are.
import { studioRefusal } from '../../../shared/gateway/gateway-error';
import type { QueueStore, QueuedItem } from './queue-store';

const hasLeft = (item: QueuedItem): boolean =>
  item.state === 'failed' || item.state === 'cancelled' || (item.state === 'sent' && item.taskId !== null);

export class QueueWaiters {
  readonly #waiting = new Map<string, ((item: QueuedItem) => void)[]>();

  constructor(private readonly store: QueueStore) {}

  /** Resolves with the item once it is sent (with its task), failed or cancelled. */
  left(id: string): Promise<QueuedItem> {
    const item = this.store.get(id);
    if (!item) {
      return Promise.reject(studioRefusal('not_found_error', `No queue item ${id}.`, { code: 'queue_item' }));
    }
    if (hasLeft(item)) return Promise.resolve(item);
    return new Promise((resolve) => {
      this.#waiting.set(id, [...(this.#waiting.get(id) ?? []), resolve]);
    });
  }

  /** Answers every waiter whose item has left the line since the last look. */
  check(): void {
    for (const [id, waiters] of this.#waiting) {
      const item = this.store.get(id);
      if (!item || !hasLeft(item)) continue;
      this.#waiting.delete(id);
      for (const resolve of waiters) resolve(item);
    }
  }
}
