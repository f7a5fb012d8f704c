import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import type { TaskRecord } from '../../../shared/studio/records';
import {
  applyBridgeEvent,
  refetchAfterReconnect,
  upsertTask,
  type DownloadMap,
  type TaskList,
} from '../../../renderer/lib/cache-updates';
import { queryKeys } from '../../../renderer/lib/query-client';

function task(id: string, patch: Partial<TaskRecord> = {}): TaskRecord {
  return {
    id,
    remoteId: `remote-${id}`,
    family: 'image.i3',
    model: 'image_model_id_i3',
    kind: 'image',
    endpoint: 'tasks',
    params: { prompt: 'a lighthouse' },
    state: 'submitted',
    progress: 0,
    error: null,
    cost: null,
    creditsCost: null,
    estimatedTime: null,
    createdAt: 1_000,
    updatedAt: 1_000,
    completedAt: null,
    parentTaskId: null,
    downloads: { total: 0, done: 0, failed: 0, expired: 0, missing: [], deleted: 0 },
    reconciliation: null,
    ...patch,
  };
}

function clientWith(tasks: TaskRecord[]): QueryClient {
  const client = new QueryClient();
  client.setQueryData<TaskList>(queryKeys.tasks, { tasks, total: tasks.length });
  return client;
}

const list = (client: QueryClient) => client.getQueryData<TaskList>(queryKeys.tasks);

describe('task events in the query cache', () => {
  it("updates the Tasks page's loaded pages too: a task on page 2 in place, a new one on top of page 1", () => {
    const client = new QueryClient();
    const pages: InfiniteData<TaskList, number> = {
      pages: [
        { tasks: [task('c'), task('b')], total: 3 },
        { tasks: [task('a')], total: 3 },
      ],
      pageParams: [0, 2],
    };
    client.setQueryData(queryKeys.taskPages, pages);
    upsertTask(client, task('a', { state: 'completed', updatedAt: 2_000 }));
    upsertTask(client, task('d'));
    const after = client.getQueryData<InfiniteData<TaskList, number>>(queryKeys.taskPages);
    expect(after?.pages.map((p) => p.tasks.map((t) => `${t.id}:${t.state}`))).toEqual([
      ['d:submitted', 'c:submitted', 'b:submitted'],
      ['a:completed'],
    ]);
    expect(after?.pages.map((p) => p.total)).toEqual([4, 4]);
  });

  it('puts a new task first and counts it', () => {
    const client = clientWith([task('a')]);
    upsertTask(client, task('b'));
    expect(list(client)?.tasks.map((t) => t.id)).toEqual(['b', 'a']);
    expect(list(client)?.total).toBe(2);
  });

  it('replaces a task with a newer record in place (live progress)', () => {
    const client = clientWith([task('a'), task('b')]);
    applyBridgeEvent(client, {
      type: 'task',
      task: task('b', { state: 'processing', progress: 40, updatedAt: 2_000 }),
    });
    expect(list(client)?.tasks.map((t) => [t.id, t.state, t.progress])).toEqual([
      ['a', 'submitted', 0],
      ['b', 'processing', 40],
    ]);
  });

  it('keeps the newer record when an older answer arrives late', () => {
    const client = clientWith([task('a', { state: 'completed', progress: 100, updatedAt: 5_000 })]);
    upsertTask(client, task('a', { state: 'submitted', updatedAt: 1_000 }));
    expect(list(client)?.tasks[0]?.state).toBe('completed');
  });

  it('re-reads the balance when a task settles, not while it runs', async () => {
    const client = clientWith([task('a')]);
    client.setQueryData(queryKeys.balance, { success: true });
    applyBridgeEvent(client, { type: 'task', task: task('a', { state: 'processing', updatedAt: 2_000 }) });
    expect(client.getQueryState(queryKeys.balance)?.isInvalidated).toBe(false);
    applyBridgeEvent(client, { type: 'task', task: task('a', { state: 'completed', updatedAt: 3_000 }) });
    expect(client.getQueryState(queryKeys.balance)?.isInvalidated).toBe(true);
  });

  it('re-asks the estimates when a task completes (the price book learned from it), not when it fails', () => {
    const client = clientWith([task('a')]);
    const estimate = [...queryKeys.estimates, [{ family: 'image.i3' }]];
    client.setQueryData(estimate, { items: [] });
    applyBridgeEvent(client, { type: 'task', task: task('a', { state: 'failed', updatedAt: 2_000 }) });
    expect(client.getQueryState(estimate)?.isInvalidated).toBe(false);
    applyBridgeEvent(client, { type: 'task', task: task('a', { state: 'completed', updatedAt: 3_000 }) });
    expect(client.getQueryState(estimate)?.isInvalidated).toBe(true);
  });

  it("counts the Tasks page's total again when a task starts, is charged or fails, not on progress", () => {
    const client = clientWith([task('a')]);
    const fresh = () =>
      client.setQueryData(queryKeys.taskTotal, { count: 1, usd: null, credits: null, unknown: 1 });
    const stale = () => client.getQueryState(queryKeys.taskTotal)?.isInvalidated;
    fresh();
    applyBridgeEvent(client, {
      type: 'task',
      task: task('a', { state: 'processing', progress: 40, updatedAt: 2_000 }),
    });
    expect(stale()).toBe(false);
    for (const [state, at] of [
      ['completed', 3_000],
      ['failed', 4_000],
      ['submitting', 5_000],
    ] as const) {
      fresh();
      applyBridgeEvent(client, {
        type: 'task',
        task: task(state === 'submitting' ? 'b' : 'a', { state, updatedAt: at }),
      });
      expect(stale()).toBe(true);
    }
  });

  it('records download bytes per task', () => {
    const client = new QueryClient();
    applyBridgeEvent(client, {
      type: 'download',
      taskId: 'a',
      url: 'http://x/1.png',
      receivedBytes: 10,
      totalBytes: 100,
    });
    applyBridgeEvent(client, {
      type: 'download',
      taskId: 'b',
      url: 'http://x/2.png',
      receivedBytes: 5,
      totalBytes: null,
    });
    applyBridgeEvent(client, {
      type: 'download',
      taskId: 'a',
      url: 'http://x/1.png',
      receivedBytes: 60,
      totalBytes: 100,
    });
    expect(client.getQueryData<DownloadMap>(queryKeys.downloads)).toEqual({
      a: { receivedBytes: 60, totalBytes: 100 },
      b: { receivedBytes: 5, totalBytes: null },
    });
  });

  it('refreshes every library query when the library changes', () => {
    const client = new QueryClient();
    client.setQueryData([...queryKeys.library, { kind: 'image' }], { pages: [] });
    client.setQueryData([...queryKeys.library, { search: 'x' }], { pages: [] });
    applyBridgeEvent(client, { type: 'library', change: 'added', item: {} as BridgeLibraryItem });
    const queries = client.getQueryCache().findAll({ queryKey: queryKeys.library });
    expect(queries).toHaveLength(2);
    for (const query of queries) {
      expect(query.state.isInvalidated).toBe(true);
    }
  });

  it('re-reads the recipe runs when a run changes: the Recipes card no longer asks each second', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.recipeRuns, []);
    applyBridgeEvent(client, { type: 'recipe' });
    expect(client.getQueryCache().find({ queryKey: queryKeys.recipeRuns })?.state.isInvalidated).toBe(true);
  });

  it('refreshes the library once for a bulk change, and the tasks when files were deleted or restored', () => {
    const client = new QueryClient();
    client.setQueryData([...queryKeys.library, { kind: 'image' }], { pages: [] });
    client.setQueryData(queryKeys.tasks, { tasks: [], total: 0 });
    applyBridgeEvent(client, { type: 'library-bulk', change: 'updated', count: 40 });
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.library })[0]?.state.isInvalidated).toBe(
      true,
    );
    expect(client.getQueryCache().find({ queryKey: queryKeys.tasks })?.state.isInvalidated).toBe(false);
    for (const change of ['deleted', 'restored'] as const) {
      client.setQueryData(queryKeys.tasks, { tasks: [], total: 0 });
      applyBridgeEvent(client, { type: 'library-bulk', change, count: 2 });
      expect(client.getQueryCache().find({ queryKey: queryKeys.tasks })?.state.isInvalidated).toBe(true);
    }
  });
});

describe('sync events in the query cache', () => {
  it('reads the library, presets, styles and prompt history again when a round completes, not on progress', () => {
    const client = new QueryClient();
    const shared = [queryKeys.library, queryKeys.presets, queryKeys.styles, [...queryKeys.promptHistory, '']];
    for (const key of shared) client.setQueryData(key, []);
    const status = {
      state: 'running' as const,
      lastCompletedAt: null,
      progress: { phase: 'reading' as const, filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 },
      problem: null,
      deviceName: 'desk',
      deviceId: 'd1',
      revision: 10,
      lastReceived: null,
    };
    applyBridgeEvent(client, { type: 'sync', status });
    const invalidated = () =>
      shared.map((queryKey) => client.getQueryCache().find({ queryKey })?.state.isInvalidated);
    expect(invalidated()).toEqual([false, false, false, false]);
    applyBridgeEvent(client, {
      type: 'sync',
      status: { ...status, state: 'idle', progress: null, lastCompletedAt: 5, revision: 11 },
    });
    expect(invalidated()).toEqual([true, true, true, true]);
  });

  it('keeps the newer status when an older one arrives after it (a call answered before the round ended)', () => {
    const client = new QueryClient();
    const finished = {
      state: 'idle' as const,
      lastCompletedAt: 5,
      progress: null,
      problem: null,
      deviceName: 'desk',
      deviceId: 'd1',
      revision: 21,
      lastReceived: null,
    };
    applyBridgeEvent(client, { type: 'sync', status: finished });
    const reading = { phase: 'reading' as const, filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 };
    applyBridgeEvent(client, {
      type: 'sync',
      status: { ...finished, state: 'running', progress: reading, revision: 20 },
    });
    expect(client.getQueryData(queryKeys.syncStatus)).toEqual(finished);
  });
});

describe('after the events stream reconnects', () => {
  it('refetches tasks, library and balance (missed events are not replayed) and drops stale download bytes', async () => {
    const client = clientWith([task('a', { state: 'processing' })]);
    const fetched: string[] = [];
    // Active observers, as mounted pages have: invalidation refetches them.
    for (const key of [queryKeys.tasks, [...queryKeys.library, { kind: 'image' }], queryKeys.balance]) {
      const observer = new QueryObserver(client, {
        queryKey: key,
        queryFn: () => {
          fetched.push(String(key[0]));
          return key === queryKeys.tasks ? { tasks: [task('a', { state: 'completed' })], total: 1 } : {};
        },
        staleTime: Infinity,
      });
      observer.subscribe(() => undefined);
    }
    // The task list is already cached (fresh); the other two load once.
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(fetched.sort()).toEqual(['balance', 'library']);
    client.setQueryData(queryKeys.settings, { theme: 'dark' });
    client.setQueryData<DownloadMap>(queryKeys.downloads, { a: { receivedBytes: 5, totalBytes: 10 } });
    fetched.length = 0;

    await refetchAfterReconnect(client);

    expect(fetched.sort()).toEqual(['balance', 'library', 'tasks']);
    expect(list(client)?.tasks[0]?.state).toBe('completed');
    expect(client.getQueryData(queryKeys.downloads)).toEqual({});
    expect(client.getQueryState(queryKeys.settings)?.isInvalidated).toBe(false);
  });
});
