// Turns a listener-style event source into the async iterable a tRPC subscription returns, ending when the
// subscriber's signal aborts. A slow subscriber loses the oldest download-progress ticks first, never a task
// or library change, so its view still converges.
export type Subscribe<T> = (listener: (event: T) => void) => () => void;

export async function* eventStream<T>(
  subscribe: Subscribe<T>,
  signal: AbortSignal,
  options: { limit?: number; droppable?: (event: T) => boolean } = {},
): AsyncGenerator<T> {
  const limit = options.limit ?? 2000;
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = subscribe((event) => {
    if (queue.length >= limit && options.droppable) {
      const index = queue.findIndex(options.droppable);
      if (index >= 0) queue.splice(index, 1);
    }
    queue.push(event);
    wake?.();
  });
  const onAbort = (): void => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal.aborted) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}
