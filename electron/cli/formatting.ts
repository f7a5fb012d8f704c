// Text for people: one line per task or item, the file path last so a terminal can open it.
import type { CostEstimate } from '../../shared/studio/estimates';
import { moneyText } from '../../shared/studio/money-text';
import type { LibraryItem, TaskRecord } from '../../shared/studio/records';
import { slowChecksEnglish } from '../../shared/studio/slow-checks';

export function taskJson(task: TaskRecord): Record<string, unknown> {
  const { id, state, progress, cost, ...rest } = task;
  // The issue's shape calls the state "status"; the local states (submitting, interrupted, stopped) pass too.
  return { id, status: state, progress, cost, ...rest };
}

// Money by the app's one rule (shared/studio/money-text.ts), so the CLI and the screen show the same digits.
const money = (n: number | null) => (n === null ? '' : ` ${moneyText(n, 'usd')}`);

/** One task's line; a task past its poll budget gets the app row's note under it (shared/studio/slow-checks.ts). */
export function formatTask(task: TaskRecord, now: number): string {
  const remote = task.remoteId ? ` (${task.remoteId})` : '';
  const error = task.error ? `  ${task.error.message}` : '';
  const line = `${task.id}${remote}  ${task.family}  ${task.model || '-'}  ${task.state} ${task.progress}%${money(task.cost)}${error}`;
  const slow = slowChecksEnglish(task, now);
  return slow ? `${line}\n  ${slow}` : line;
}

export function formatItems(items: readonly LibraryItem[]): string {
  return items
    .map((item) => {
      const size = item.width && item.height ? ` ${item.width}x${item.height}` : '';
      const duration = item.durationSeconds ? ` ${item.durationSeconds.toFixed(1)}s` : '';
      const prompt = item.prompt
        ? `  "${item.prompt.length > 60 ? `${item.prompt.slice(0, 57)}...` : item.prompt}"`
        : '';
      return `${item.id}  ${item.kind}${size}${duration}  ${item.mime}${prompt}\n  ${item.path}`;
    })
    .join('\n');
}

/** `generate --dry-run`: the estimate, what it stands on, and that nothing was sent. */
export function formatEstimate(e: CostEstimate): string {
  const time = e.seconds === null ? '' : `, about ${e.seconds} s`;
  if (e.usd === null) return `first run of this model: no estimate yet${time}. Nothing was sent.`;
  const credits = e.credits === null ? '' : ` (${moneyText(e.credits, 'credits')})`;
  const basis =
    e.basis === 'runs'
      ? `from ${e.observations} run${e.observations === 1 ? '' : 's'}`
      : e.basis === 'table'
        ? 'starting price, not yet charged here'
        : `average of ${e.observations} billed requests in the usage history`;
  const drivers = e.dependsOn.length > 0 ? `\nthe price depends on: ${e.dependsOn.join(', ')}` : '';
  return `≈ ${moneyText(e.usd, 'usd')}${credits} ${basis}${time}${drivers}\nNothing was sent.`;
}
