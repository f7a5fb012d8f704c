// How bridge answers and events fold into the query cache. Pure (no bridge, no React), so unit tests drive it
// with a real QueryClient.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { BridgeEvent } from '../../shared/bridge';
import type { TaskRecord } from '../../shared/studio/records';
import type { CompareGroup } from '../../shared/studio/compare-group';
import { JOB_KINDS } from '../../shared/studio/jobs';
import type { QueueView } from '../../shared/studio/queue';
import { newerSyncStatus, type SyncStatus } from '../../shared/studio/sync';
import { queryKeys } from './query-client';

export interface TaskList {
  tasks: TaskRecord[];
  total: number;
}

export interface DownloadState {
  receivedBytes: number;
  totalBytes: number | null;
}

/** Download progress per task id (the latest file's bytes). */
export type DownloadMap = Record<string, DownloadState>;

/** The task in place of its older copy, or null when the list does not hold it. */
function replaced(list: TaskList, task: TaskRecord): TaskList | null {
  const index = list.tasks.findIndex((t) => t.id === task.id);
  if (index === -1) return null;
  // Events may arrive out of order with a mutation's answer: keep the newer record.
  const current = list.tasks[index];
  if (current && current.updatedAt > task.updatedAt) return list;
  const tasks = list.tasks.slice();
  tasks[index] = task;
  return { ...list, tasks };
}

/**
 * Inserts or replaces a task in the cached lists (the newest page, and the Tasks page's loaded pages), newest
 * first, so events and mutations show at once. A new task goes on top and every page's total grows by one.
 */
export function upsertTask(client: QueryClient, task: TaskRecord): void {
  // A compare group on screen follows its tasks; one it does not hold yet was a model waiting in the queue.
  if (task.batch?.compare) {
    const key = queryKeys.taskGroup(task.batch.id);
    const group = client.getQueryData<CompareGroup>(key);
    if (group && !group.tasks.some((t) => t.id === task.id)) void client.invalidateQueries({ queryKey: key });
    else if (group) {
      const tasks = group.tasks.map((t) => (t.id === task.id && t.updatedAt <= task.updatedAt ? task : t));
      client.setQueryData<CompareGroup>(key, { ...group, tasks });
    }
  }
  client.setQueryData<TaskList>(queryKeys.tasks, (list) => {
    if (!list) return list;
    return replaced(list, task) ?? { tasks: [task, ...list.tasks], total: list.total + 1 };
  });
  client.setQueryData<InfiniteData<TaskList, number>>(queryKeys.taskPages, (data) => {
    if (!data) return data;
    for (const [i, page] of data.pages.entries()) {
      const next = replaced(page, task);
      if (next) return { ...data, pages: data.pages.map((p, j) => (j === i ? next : p)) };
    }
    const pages = data.pages.map((page, j) => ({
      tasks: j === 0 ? [task, ...page.tasks] : page.tasks,
      total: page.total + 1,
    }));
    return { ...data, pages };
  });
}

const TOTAL_CHANGES: ReadonlySet<TaskRecord['state']> = new Set([
  'submitting',
  'completed',
  'failed',
  'stopped',
  'interrupted',
  'cancelled',
]);

/** Which cached view shows each kind of durable job. */
const JOB_SCREENS: Readonly<Record<string, readonly unknown[]>> = {
  [JOB_KINDS.queueItem]: queryKeys.queue,
  [JOB_KINDS.recipeRun]: queryKeys.recipeRuns,
};

/**
 * Whether a task's change moves what the cached queue view shows: the state of an item's own task (Retry is
 * offered once it failed), or, while items wait, a task starting or ending (their expected starts count from it).
 */
function movesQueue(client: QueryClient, task: TaskRecord, startedOrEnded: boolean): boolean {
  const view = client.getQueryData<QueueView>(queryKeys.queue);
  if (!view) return false;
  if (view.items.some((item) => item.taskId === task.id && item.taskState !== task.state)) return true;
  return startedOrEnded && view.items.some((item) => item.state === 'waiting' || item.state === 'sending');
}

export function applyBridgeEvent(client: QueryClient, event: BridgeEvent): void {
  switch (event.type) {
    case 'task': {
      upsertTask(client, event.task);
      // Money moves when a task settles ([STATE-7]: failures are not charged, but the balance is re-read anyway).
      if (
        event.task.state === 'completed' ||
        event.task.state === 'failed' ||
        event.task.state === 'cancelled'
      ) {
        void client.invalidateQueries({ queryKey: queryKeys.balance });
      }
      // A completed task taught the price book its cost and time: an estimate on screen must not keep saying
      // "first run" (or an older price) until something else happens to refetch it.
      if (event.task.state === 'completed') void client.invalidateQueries({ queryKey: queryKeys.estimates });
      // The Tasks page's total: a new row, a cost learnt, a failure (not charged) change it; progress does not.
      if (TOTAL_CHANGES.has(event.task.state))
        void client.invalidateQueries({ queryKey: queryKeys.taskTotal });
      // A music operation or an upscale named a source (or settled, proving its origin): the pickers offer it.
      const named = TOTAL_CHANGES.has(event.task.state) || event.task.state === 'submitted';
      if (named && (event.task.kind === 'music' || event.task.kind === 'upscale'))
        void client.invalidateQueries({ queryKey: queryKeys.earlierSources });
      if (movesQueue(client, event.task, named)) void client.invalidateQueries({ queryKey: queryKeys.queue });
      return;
    }
    case 'download': {
      client.setQueryData<DownloadMap>(queryKeys.downloads, (map) => ({
        ...map,
        [event.taskId]: { receivedBytes: event.receivedBytes, totalBytes: event.totalBytes },
      }));
      return;
    }
    case 'library': {
      void client.invalidateQueries({ queryKey: queryKeys.library });
      // A deleted item changes what its task can claim to have saved.
      if (event.change === 'deleted') void client.invalidateQueries({ queryKey: queryKeys.tasks });
      return;
    }
    case 'library-bulk': {
      // One event for a whole selection: read the pages again once, not once per item.
      void client.invalidateQueries({ queryKey: queryKeys.library });
      if (event.change !== 'updated') void client.invalidateQueries({ queryKey: queryKeys.tasks });
      return;
    }
    case 'queue': {
      void client.invalidateQueries({ queryKey: queryKeys.queue });
      return;
    }
    case 'recipe': {
      void client.invalidateQueries({ queryKey: queryKeys.recipeRuns });
      return;
    }
    case 'storyboard': {
      void client.invalidateQueries({ queryKey: queryKeys.storyboardRuns });
      return;
    }
    case 'job': {
      // A durable job moved: the screen that shows its kind reads again (others have no screen of their own).
      const shown = JOB_SCREENS[event.job.kind];
      if (shown) void client.invalidateQueries({ queryKey: shown });
      return;
    }
    case 'sync': {
      const before = client.getQueryData<SyncStatus>(queryKeys.syncStatus);
      client.setQueryData<SyncStatus>(queryKeys.syncStatus, newerSyncStatus(before, event.status));
      // A round that ended may have brought other devices' items, edits and deletions, presets, styles and
      // prompts: read them again.
      if (event.status.lastCompletedAt !== (before?.lastCompletedAt ?? null)) {
        for (const queryKey of [
          queryKeys.library,
          queryKeys.presets,
          queryKeys.styles,
          queryKeys.promptHistory,
          queryKeys.syncDevices,
        ])
          void client.invalidateQueries({ queryKey });
      }
      return;
    }
  }
}

/**
 * Called each time the events stream (re)connects. Events sent while it was down are not replayed, so anything
 * they would have changed is refetched: task states, library items (a task finished meanwhile) and the balance.
 * Download bytes are dropped rather than left frozen at a stale count; the next download event restores them.
 */
export async function refetchAfterReconnect(client: QueryClient): Promise<void> {
  client.setQueryData<DownloadMap>(queryKeys.downloads, {});
  await Promise.all(
    [queryKeys.tasks, queryKeys.library, queryKeys.balance, queryKeys.queue].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}
