// The read side: what the list, the counts and the totals show, what a task was made from, and waiting for a
// task to settle. Nothing here sends a request or writes a row.
import type { TaskCostTotal } from '../../../shared/studio/cost-totals';
import type { EarlierSources } from '../../../shared/bridge/source-schemas';
import type { DatabaseSync } from '../db/database';
import { earlierSources } from './earlier-sources';
import { isTerminalState } from '../../../shared/studio/records';
import type { TaskRecord } from '../../../shared/studio/records';
import type { MadeFromLinks } from '../../../shared/studio/made-from';
import type { TaskFileStatus } from '../downloads/download-manager';
import type { ListOptions } from './engine-options';
import type { MadeFromStore } from './made-from-store';
import type { StudioEventHub } from './studio-event-hub';
import type { TaskDownloads } from './task-downloads';
import type { TaskStore } from './task-store';
import { studioRefusal } from '../../../shared/gateway/gateway-error';

export class TaskQueries {
  constructor(
    private readonly store: TaskStore,
    private readonly events: StudioEventHub,
    private readonly downloads: TaskDownloads,
    private readonly madeFrom: MadeFromStore,
    private readonly db: DatabaseSync,
  ) {}

  get(taskId: string): TaskRecord | null {
    return this.store.get(taskId)?.record ?? null;
  }

  list(options: ListOptions = {}): TaskRecord[] {
    return this.store.list(options).map((t) => t.record);
  }

  /** The tasks of one batch in the order they were pressed ([] for an unknown id): a compare group's models. */
  inBatch(batchId: string): TaskRecord[] {
    return this.store.inBatch(batchId).map((t) => t.record);
  }

  /** How many tasks (in these states) there are: the total beside a page of list(). */
  count(options: Pick<ListOptions, 'states'> = {}): number {
    return this.store.count(options);
  }

  /** What the tasks list() would return (in these states, all pages) cost together. */
  costTotal(options: Pick<ListOptions, 'states'> & { gateway?: string } = {}): TaskCostTotal {
    return this.store.costTotal(options);
  }

  /** The tracks and grids the tasks sent to this gateway named as their source. */
  earlierSources(gatewayKey: string): EarlierSources {
    return earlierSources(this.db, gatewayKey);
  }

  files(taskId: string): TaskFileStatus[] {
    return this.downloads.files(taskId);
  }

  /** What a task was made from and what was made from it ([]s for an unknown id). */
  links(taskId: string): MadeFromLinks {
    return this.madeFrom.links(taskId);
  }

  /** Failed, stopped or interrupted, or completed with every file downloaded, failed or expired. */
  isSettled(record: TaskRecord): boolean {
    if (record.state !== 'completed') return isTerminalState(record.state);
    return this.downloads.allSettled(record);
  }

  /** Resolves once the task is settled (isSettled); rejects for an unknown task or when `signal` aborts. */
  waitFor(taskId: string, signal?: AbortSignal): Promise<TaskRecord> {
    return new Promise((resolve, reject) => {
      const check = (record: TaskRecord | null): boolean => {
        if (!record) {
          reject(studioRefusal('not_found_error', `No task with id ${taskId}.`, { param: 'id' }));
          return true;
        }
        if (!this.isSettled(record)) return false;
        resolve(record);
        return true;
      };
      if (check(this.get(taskId))) return;
      const unsubscribe = this.events.on('task', (event) => {
        if (event.task.id === taskId && check(event.task)) {
          unsubscribe();
          signal?.removeEventListener('abort', onAbort);
        }
      });
      const onAbort = (): void => {
        unsubscribe();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
