// The queue as a person reads it: waiting items with their position, what is ahead of each (money, time) and
// when it should start, then the latest items that left the line (sent, failed, cancelled) with what they cost.
import {
  UNESTIMATED_QUEUE_ITEM,
  UNKNOWN_QUEUE_PLACE,
  type QueueItem,
  type QueueView,
} from '../../../shared/studio/queue';
import type { TaskRecord } from '../../../shared/studio/records';
import { withoutConfirmAsk } from '../../../shared/studio/spending';
import type { EngineContext } from './engine-context';
import type { QueueStore, QueuedItem } from './queue-store';
import { queueTimeline } from './queue-timeline';
import type { TaskConfiguration, TaskHistory } from './task-history';

/** Each configuration's estimate: USD and seconds, null when nothing tells (the host passes its price book). */
export type QueueEstimator = (
  tasks: readonly TaskConfiguration[],
) => readonly { usd: number | null; seconds: number | null }[];

/** How many items that left the line the view still shows. */
export const QUEUE_RECENT = 50;

export function queueView(
  ctx: EngineContext,
  store: QueueStore,
  history: TaskHistory | null,
  estimator?: QueueEstimator,
): QueueView {
  const now = ctx.clock.now();
  const settings = store.settings();
  const line = store.list(['sending', 'waiting']);
  const recent = store.recent(QUEUE_RECENT);
  const estimate: QueueEstimator =
    estimator ??
    ((tasks) =>
      tasks.map((t) => {
        const ms = history?.expectedDurationMs(t) ?? null;
        return { usd: null, seconds: ms === null ? null : ms / 1000 };
      }));
  const waiting = line.filter((i) => i.state === 'waiting');
  const estimates = estimate(waiting.map(configOf));
  const running = store
    .runningTaskIds()
    .map((id) => ctx.tasks.get(id))
    .filter((t): t is TaskRecord => t !== null)
    .map((t) => secondsLeft(t, now, history));
  const timeline = queueTimeline({
    now,
    paused: settings.paused,
    startAt: settings.startAt,
    parallel: settings.parallel,
    runningSeconds: running,
    waiting: waiting.map((_, i) => estimates[i] ?? { usd: null, seconds: null }),
  });
  const items: QueueItem[] = [];
  for (const item of line.filter((i) => i.state === 'sending')) items.push(itemOf(ctx, item, null));
  waiting.forEach((item, i) => {
    const own = estimates[i] ?? { usd: null, seconds: null };
    const place = timeline[i] ?? UNKNOWN_QUEUE_PLACE;
    items.push({
      ...itemOf(ctx, item, i + 1),
      estimateUsd: own.usd,
      estimateSeconds: own.seconds,
      ...place,
    });
  });
  for (const item of recent) items.push(itemOf(ctx, item, null));
  return {
    paused: settings.paused,
    // The question is answered by resuming: the view leaves its ask out so each screen names its own way.
    pausedReason:
      settings.pausedReason !== null && settings.confirmItem !== null
        ? withoutConfirmAsk(settings.pausedReason)
        : settings.pausedReason,
    pausedFor: settings.pausedFor,
    pausedToConfirm: settings.confirmItem !== null,
    startAt: settings.startAt,
    parallel: settings.parallel,
    items,
  };
}

function configOf(item: QueuedItem): TaskConfiguration {
  return { family: item.family, model: item.model, params: item.params };
}

function itemOf(ctx: EngineContext, item: QueuedItem, position: number | null): QueueItem {
  const task = item.taskId ? ctx.tasks.get(item.taskId) : null;
  const prompt = item.params.prompt;
  return {
    id: item.id,
    position,
    state: item.state,
    origin: item.origin,
    group: item.group,
    family: item.family,
    model: item.model,
    prompt: typeof prompt === 'string' ? prompt : null,
    recipe: item.options.recipe ?? null,
    createdAt: item.createdAt,
    taskId: item.taskId,
    taskState: task?.state ?? null,
    error: item.error ?? task?.error ?? null,
    charge: chargeOf(item, task),
    ...UNESTIMATED_QUEUE_ITEM,
  };
}

/** What the item cost: nothing until sent; a sent task's charge once the gateway tells it. */
function chargeOf(item: QueuedItem, task: TaskRecord | null): QueueItem['charge'] {
  if (item.charge) return item.charge;
  if (item.state === 'waiting' || item.state === 'failed') return 'not-charged';
  if (task?.cost != null && task.cost > 0) return 'charged';
  return null;
}

/** Seconds left of a running task: the gateway's estimate or the history's, less what has passed. */
function secondsLeft(task: TaskRecord, now: number, history: TaskHistory | null): number | null {
  const learnedMs = history?.expectedDurationMs(task) ?? null;
  const expected = task.estimatedTime ?? (learnedMs === null ? null : learnedMs / 1000);
  if (expected === null) return null;
  return Math.max(0, expected - (now - task.createdAt) / 1000);
}
