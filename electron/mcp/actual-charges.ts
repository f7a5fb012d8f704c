// What the gateway really charged for what an agent session counted, so its spending (and its cap) is the
// charge once known rather than the estimate it was admitted at. A counted id names a task, a recipe run's step
// or a speech take (countedIds below, the one place they are spelled); the charge is the task's final cost
// ([TASK-8] cost, [TASK-9] credits_cost), or the take's as the usage report gave it, in the limits' unit. A task
// that failed or was cancelled is not charged ([STATE-7]), as the spending ledger counts it.
import type { MoneyUnit } from '../../shared/studio/spending';
import type { TaskRecord } from '../../shared/studio/records';
import type { McpStudio } from './studio-port';

export const countedIds = {
  task: (taskId: string) => taskId,
  recipeStep: (runId: string, step: number) => `recipe:${runId}:${step}`,
  speech: (itemId: string) => `speech:${itemId}`,
  queued: (itemId: string) => `queue:${itemId}`,
};

type Charged = { cost: number | null; creditsCost: number | null };

function inUnit(charged: Charged, unit: MoneyUnit, studio: McpStudio): number | null {
  if (unit === 'usd') return charged.cost;
  if (charged.creditsCost !== null) return charged.creditsCost;
  return charged.cost === null ? null : studio.prices.creditsFor(charged.cost);
}

function taskCharge(task: TaskRecord | null, unit: MoneyUnit, studio: McpStudio): number | null {
  if (!task) return null;
  if (task.state === 'failed' || task.state === 'cancelled') return 0;
  return inUnit(task, unit, studio);
}

/** The charge of one counted id in `unit`, or null while the gateway has not said it. */
export function actualCharge(studio: McpStudio, countedId: string, unit: MoneyUnit): number | null {
  const recipe = /^recipe:([^:]+):(\d+)$/.exec(countedId);
  if (recipe) {
    const run = studio.recipes().get(recipe[1] ?? '');
    const step = run?.steps[Number(recipe[2])];
    if (!run || !step) return null;
    // A step never sent because its run stopped before it costs nothing.
    if (!step.taskId) return run.state === 'running' ? null : 0;
    return taskCharge(studio.engine.get(step.taskId), unit, studio);
  }
  const queued = /^queue:(.+)$/.exec(countedId);
  if (queued) {
    const item = studio.engine.queue.view().items.find((i) => i.id === queued[1]);
    // Cancelled before it was sent: nothing charged. Sent: its task's charge. Waiting (or out of view): unknown.
    if (item?.state === 'cancelled' && item.charge === 'not-charged') return 0;
    return item?.taskId ? taskCharge(studio.engine.get(item.taskId), unit, studio) : null;
  }
  const speech = /^speech:(.+)$/.exec(countedId);
  if (speech) {
    const item = studio.library.get(speech[1] ?? '');
    return item ? inUnit(item, unit, studio) : null;
  }
  return taskCharge(studio.engine.get(countedId), unit, studio);
}
