// The Tasks page's queue view is read again only when the event stream says something moved, never on a timer:
// an open page over an idle queue asks the bridge nothing however long it stays open, and a `job` event of a
// queue item (or a task its expected starts count from changing state) reads it again at once.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueView } from '../../shared/studio/queue';
import { UNESTIMATED_QUEUE_ITEM } from '../../shared/studio/queue';
import type { TaskRecord } from '../../shared/studio/records';
import { queueViewQueryOptions } from '../../renderer/features/tasks/api/queue';
import { applyBridgeEvent } from '../../renderer/lib/cache-updates';

afterEach(() => {
  vi.useRealTimers();
});

const view = (state: 'waiting' | 'sent', taskId: string | null = null): QueueView => ({
  paused: false,
  pausedReason: null,
  pausedFor: null,
  pausedToConfirm: false,
  startAt: null,
  parallel: 1,
  items: [
    {
      id: 'q-1',
      position: state === 'waiting' ? 1 : null,
      state,
      origin: 'queue',
      group: 'press-1',
      family: 'image.i3',
      model: 'image_model_id_i3',
      prompt: 'a lighthouse',
      recipe: null,
      createdAt: 0,
      taskId,
      taskState: taskId ? 'processing' : null,
      error: null,
      charge: null,
      ...UNESTIMATED_QUEUE_ITEM,
    },
  ],
});

const job = (kind: string) =>
  ({
    type: 'job',
    job: { id: 'j-1', kind, key: 'q-1', state: 'running', attempts: 0, nextTryAt: 0, error: null },
  }) as const;

function observe(answer: QueueView) {
  vi.useFakeTimers();
  const client = new QueryClient();
  const queryFn = vi.fn(() => Promise.resolve(answer));
  // Only the timing options are the product's; what is asked is a counter.
  const { queryKey, refetchInterval } = queueViewQueryOptions();
  const observer = new QueryObserver(client, { queryKey, queryFn, refetchInterval });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, queryFn, end: () => (unsubscribe(), client.clear()) };
}

describe('the queue view at rest', () => {
  it('is asked once and not again over an hour with nothing happening', async () => {
    const { queryFn, end } = observe(view('waiting'));
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    end();
  });

  it("is read again when a queue item's job changes, not when another kind's does", async () => {
    const { client, queryFn, end } = observe(view('waiting'));
    await vi.advanceTimersByTimeAsync(1_000);
    applyBridgeEvent(client, job('recipe-run'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    applyBridgeEvent(client, job('queue-item'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    end();
  });

  it('is read again when a task starts or ends while items wait (their expected starts move), only then', async () => {
    const task = { id: 't-1', state: 'completed', kind: 'image' } as TaskRecord;
    const waiting = observe(view('waiting'));
    await vi.advanceTimersByTimeAsync(1_000);
    applyBridgeEvent(waiting.client, { type: 'task', task });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(waiting.queryFn).toHaveBeenCalledTimes(2);
    waiting.end();
    const idle = observe(view('sent'));
    await vi.advanceTimersByTimeAsync(1_000);
    applyBridgeEvent(idle.client, { type: 'task', task });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(idle.queryFn).toHaveBeenCalledTimes(1);
    idle.end();
  });

  it("is read again when an item's own task changes state (a failed one offers Retry), not for its progress", async () => {
    const sent = observe(view('sent', 't-1'));
    await vi.advanceTimersByTimeAsync(1_000);
    const task = (state: TaskRecord['state']) => ({ id: 't-1', state, kind: 'image' }) as TaskRecord;
    applyBridgeEvent(sent.client, { type: 'task', task: task('processing') });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.queryFn).toHaveBeenCalledTimes(1);
    applyBridgeEvent(sent.client, { type: 'task', task: task('failed') });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.queryFn).toHaveBeenCalledTimes(2);
    sent.end();
  });
});
