// One prompt on several models ("Also run on…"), as one compare group: a batch marked `compare`, so its tasks and
// library items open together in the compare view. A press that fits the request budget is sent at once, as any
// batch; one beyond it goes into the submission queue as one group (origin 'fanout', its tasks keyed
// `<group>-<n>` as a batch's are), where it waits its turn, can be paused or cancelled for nothing, and survives
// a restart instead of waiting in memory for budget slots.
import { randomUUID } from 'node:crypto';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { CompareGroup } from '../../../shared/studio/compare-group';
import type { BatchOptions, BatchResult } from './engine-options';
import type { EngineParts } from './compose-engine';

export interface FanOutResult extends BatchResult {
  /** How many of its models went into the queue instead of being sent now (0 when the press fit the budget). */
  queued: number;
}

export async function fanOut(
  parts: EngineParts,
  requests: readonly SubmissionRequest[],
  options: Omit<BatchOptions, 'compare'> = {},
): Promise<FanOutResult> {
  if (requests.length <= parts.ctx.budget.options.requests) {
    return { ...(await parts.submissions.submitBatch(requests, { ...options, compare: true })), queued: 0 };
  }
  const batchId = options.key ?? randomUUID();
  await parts.queue.add(requests, {
    origin: 'fanout',
    key: batchId,
    ...(options.confirmed === undefined ? {} : { confirmed: options.confirmed }),
    ...(options.overBudget === undefined ? {} : { overBudget: options.overBudget }),
    batch: { id: batchId, size: requests.length, compare: true },
    ...(options.styles ? { styles: options.styles } : {}),
  });
  // A repeat of a press already sent through the queue answers with the tasks it has made so far.
  const tasks = parts.queries.inBatch(batchId);
  return { batchId, tasks, queued: requests.length - tasks.length };
}

/** A group's tasks in press order, and the models of it still waiting in the queue. */
export function compareGroup(parts: EngineParts, batchId: string): CompareGroup {
  const tasks = parts.queries.inBatch(batchId);
  const queued = parts.queue.store
    .list(['waiting', 'sending'])
    .filter((item) => item.group === batchId && item.taskId === null)
    .sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }))
    .map((item) => ({ family: item.family, model: item.model }));
  return { tasks, queued };
}
