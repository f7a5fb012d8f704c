// `queue list|pause|resume|move|cancel|retry|schedule`, and `generate --queue`: the submission queue kept in the
// studio's database (docs/engine.md, "The queue"). These commands edit its rows and never send: the app sending
// the queue on the same database (STUDIO_DATA_DIR) sees every change within a few seconds.
import type { QueueItem, QueueMove, QueueView } from '../../../shared/studio/queue';
import { moneyText } from '../../../shared/studio/money-text';
import type { QueueEstimator } from '../../core/tasks';
import type { CliContext } from '../cli-context';
import { invalidArgument } from '../cli-errors';

function queueOf(ctx: CliContext) {
  return ctx.core(false).engine.queue;
}

/** The price book of the gateway named, when one is: a view without it still has positions and durations. */
function estimatorOf(ctx: CliContext): QueueEstimator | undefined {
  if (!ctx.config.baseUrl) return undefined;
  const prices = ctx.core(false).prices;
  return (tasks) => tasks.map((t) => prices.estimate(t)).map((e) => ({ usd: e.usd, seconds: e.seconds }));
}

const clip = (text: string) => (text.length > 50 ? `${text.slice(0, 47)}...` : text);

function describeItem(item: QueueItem): string {
  const what = `${item.id}  ${item.family}  ${item.prompt === null ? '' : `"${clip(item.prompt)}"`}`;
  if (item.position !== null) {
    const ahead = [
      item.aheadSeconds === null ? null : `${Math.round(item.aheadSeconds)} s ahead`,
      item.aheadUsd === null ? null : `${moneyText(item.aheadUsd, 'usd')} ahead`,
      item.aheadUnknown > 0 ? `${item.aheadUnknown} ahead without an estimate` : null,
    ].filter((p): p is string => p !== null);
    const start =
      item.expectedStartAt === null
        ? 'start not known'
        : `starts ${new Date(item.expectedStartAt).toISOString()}`;
    return `#${item.position}  ${what}\n    ${[...ahead, start].join(', ')}`;
  }
  const charge = item.charge === null ? '' : `, ${item.charge.replace(/-/g, ' ')}`;
  const task = item.taskId === null ? '' : `  task ${item.taskId} ${item.taskState ?? ''}`;
  const error = item.error ? `\n    ${item.error.message}` : '';
  return `${item.state}${charge}  ${what}${task}${error}`;
}

export function describeQueue(view: QueueView): string {
  const waiting = view.items.filter((i) => i.state === 'waiting').length;
  const answer = view.pausedToConfirm ? ' Run `queue resume` to send it' : '';
  const state = view.paused
    ? `Paused${view.pausedReason ? `: ${view.pausedReason}${answer}` : ' (queue resume sends again)'}`
    : `Running, up to ${view.parallel} at once`;
  const start =
    view.startAt === null ? '' : `\nNothing is sent before ${new Date(view.startAt).toISOString()}.`;
  const lines = view.items.map(describeItem);
  return [`Queue: ${waiting} waiting. ${state}.${start}`, ...lines].join('\n');
}

function printView(ctx: CliContext, note?: string): void {
  const view = queueOf(ctx).view(estimatorOf(ctx));
  ctx.out.result(view, () => (note ? `${note}\n${describeQueue(view)}` : describeQueue(view)));
}

/** An item named by its id or a unique start of it (6 characters at least). */
function resolveItem(ctx: CliContext, given: string): string {
  const queue = queueOf(ctx);
  if (queue.store.get(given)) return given;
  const ids = queue.view().items.map((i) => i.id);
  const matches = given.length >= 6 ? ids.filter((id) => id.startsWith(given)) : [];
  if (matches.length === 1 && matches[0]) return matches[0];
  throw invalidArgument(
    matches.length > 1 ? `${given} names several queue items.` : `No queue item ${given}.`,
    'item',
  );
}

export function queueListCommand(ctx: CliContext): void {
  printView(ctx);
}

export function queuePauseCommand(ctx: CliContext): void {
  queueOf(ctx).pause();
  printView(ctx);
}

export function queueResumeCommand(ctx: CliContext): void {
  queueOf(ctx).resume();
  printView(ctx);
}

/** `queue move <item> front|back|<other item>` (before the other item). */
export function queueMoveCommand(ctx: CliContext, args: { item: string; to: string }): void {
  const to: QueueMove =
    args.to === 'front' || args.to === 'back' ? args.to : { before: resolveItem(ctx, args.to) };
  queueOf(ctx).move(resolveItem(ctx, args.item), to);
  printView(ctx);
}

export function queueCancelCommand(ctx: CliContext, args: { items: string[]; atGateway?: boolean }): void {
  const ids = args.items.map((i) => resolveItem(ctx, i));
  const result = queueOf(ctx).cancel(ids, { atGateway: args.atGateway ?? false });
  const notes = [
    result.cancelled.length > 0
      ? args.atGateway
        ? `Cancelled ${result.cancelled.length}; any already at the gateway may still be charged.`
        : `Cancelled ${result.cancelled.length} before sending: not charged.`
      : null,
    result.atGateway.length > 0
      ? `Not cancelled: ${result.atGateway.join(', ')} already at the gateway, which may still charge it. ` +
        'Run again with --at-gateway to stop tracking it.'
      : null,
  ].filter((n): n is string => n !== null);
  const view = queueOf(ctx).view(estimatorOf(ctx));
  ctx.out.result({ ...result, queue: view }, () => [...notes, describeQueue(view)].join('\n'));
}

export function queueRetryCommand(ctx: CliContext, args: { item: string }): void {
  queueOf(ctx).retry(resolveItem(ctx, args.item));
  printView(ctx);
}

/** `queue schedule 02:00` (its next occurrence here), an ISO time, or `now`. */
export function queueScheduleCommand(ctx: CliContext, args: { at: string }): void {
  queueOf(ctx).schedule(startTime(args.at, new Date(ctx.core(false).clock.now())));
  printView(ctx);
}

export function startTime(text: string, now: Date): number | null {
  if (text === 'now') return null;
  const clock = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) {
    const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
    if (hours > 23 || minutes > 59) throw invalidArgument(`${text} is not a time of day.`, 'at');
    const at = new Date(now);
    at.setHours(hours, minutes, 0, 0);
    if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
    return at.getTime();
  }
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) throw invalidArgument(`Expected HH:MM, an ISO time or "now"; got ${text}.`, 'at');
  return parsed;
}

/** `generate --queue`: the press went into the queue (checked against the spending limits by the core's press). */
export function printQueued(ctx: CliContext, ids: readonly string[]): void {
  const view = queueOf(ctx).view(estimatorOf(ctx));
  const mine = view.items.filter((i) => ids.includes(i.id));
  ctx.out.result({ queued: ids, queue: view }, () =>
    [
      `Queued ${ids.length}, not sent: nothing is charged until its turn comes (the app sends the queue).`,
      ...mine.map(describeItem),
    ].join('\n'),
  );
}
