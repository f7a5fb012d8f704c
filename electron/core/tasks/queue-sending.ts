// The submission queue's job kind: each queue item is a job of the studio's durable job mechanism (core/jobs),
// written when the item is. The mechanism owns the state machine, the waits, the recovery after a kill and the
// teardown; this file keeps only what is the queue's own: which item's turn it is (its place in the line, the
// pause, the schedule, `parallel` tasks at the gateway, one send at a time) and what sending an item means.
//
// An item is written 'sending' before engine.submit(), and 'sent' in the transaction that writes its task row
// and key: a kill -9 leaves a 'sending' item with no row (submitted again under its key when its job is handed
// back) or a 'sent' one with its row, which the engine's start sends if its request never left (sender.ts),
// never twice. Budgets and the confirmation threshold are asked again at send (submit's own check, in the row's
// transaction): a refusal then pauses the queue with its sentence instead of refusing item after item.
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { TaskRecord } from '../../../shared/studio/records';
import { JOB_KINDS } from '../../../shared/studio/jobs';
import { SpendStopped } from '../../../shared/studio/spend-stopped';
import type { JobContext, JobKind, JobLater, JobRow } from '../jobs';
import type { EngineContext } from './engine-context';
import type { SubmitOptions } from './engine-options';
import { toGatewayErrorInfo } from './gateway-errors';
import type { QueueStore, QueuedItem } from './queue-store';

/** The queue's job kind: one job per item, keyed by the item's id (its submission key changes on a retry). */
export const QUEUE_JOB = JOB_KINDS.queueItem;

export interface QueueSendingParts {
  store: QueueStore;
  submit: (request: SubmissionRequest, options: SubmitOptions) => Promise<TaskRecord>;
  /** Each look at the line (a CLI beside the app may have changed it): the waiters on items are answered. */
  looked: () => void;
}

/** The queue's rules and its send, as the job mechanism asks them. */
export function queueJobKind(ctx: EngineContext, parts: QueueSendingParts): JobKind<null> {
  const { store } = parts;
  return {
    kind: QUEUE_JOB,
    parse: () => null,
    // One send at a time, so the gateway receives the items in the queue's order; `parallel` bounds the
    // queue's tasks at the gateway, which select() asks.
    parallel: 1,
    select: (due) => {
      parts.looked();
      const turn = nextTurn(ctx, store);
      if (turn === null) return [];
      const job = due.find((j) => j.key === turn);
      return job ? [job] : [];
    },
    run: (job, context) => sendItem(ctx, parts, job, context),
  };
}

/** The id of the item whose turn it is now, or null when none may go (paused, scheduled, full, one in flight). */
function nextTurn(ctx: EngineContext, store: QueueStore): string | null {
  const settings = store.settings();
  const line = store.list(['sending', 'waiting']);
  if (line.length === 0 || settings.paused) return null;
  if (settings.startAt !== null && ctx.clock.now() < settings.startAt) return null;
  // Cut off mid-send (a kill, a close): taken up first, under its key.
  const cut = line.find((i) => i.state === 'sending');
  if (cut) return cut.id;
  // A row of the queue's still being sent (a 429 waited out, one a restart resumes): its answer comes first.
  if (store.submittingCount() > 0) return null;
  if (store.runningCount() >= settings.parallel) return null;
  return line.find((i) => i.state === 'waiting')?.id ?? null;
}

async function sendItem(
  ctx: EngineContext,
  parts: QueueSendingParts,
  job: JobRow,
  context: JobContext,
): Promise<JobLater | undefined> {
  const { store } = parts;
  const item = store.get(job.key);
  // Gone, or left the line already (cancelled, refused, or sent before a kill let its job end): nothing to send.
  if (!item || (item.state !== 'waiting' && item.state !== 'sending')) return undefined;
  const now = ctx.clock.now();
  if (item.state === 'sending') {
    const task = ctx.tasks.store.findByKey(item.key)?.record ?? null;
    // Its row was written before the cut (or by an earlier version beside a 'sending' item): the row is its task.
    if (task) {
      store.update(item.id, { state: 'sent', taskId: task.id, updatedAt: now });
      return undefined;
    }
  } else store.update(item.id, { state: 'sending', updatedAt: now });
  const request: SubmissionRequest = {
    family: item.family,
    model: item.model,
    params: item.params,
    ...(item.webhook ? { webhook: item.webhook } : {}),
  };
  const sent = (taskId: string) =>
    store.update(item.id, { state: 'sent', taskId, updatedAt: ctx.clock.now() });
  const submitted = parts.submit(request, {
    ...item.options,
    key: item.key,
    confirmed: item.confirmed,
    written: sent,
  });
  let task: TaskRecord;
  try {
    task = await untilAborted(submitted, context.signal);
  } catch (thrown) {
    if (context.signal.aborted) throw thrown; // the job mechanism ending, or the item cancelled at the gateway
    return refused(ctx, store, item, thrown);
  }
  sent(task.id);
  return undefined;
}

/**
 * What a refusal before the item left means. The engine closing leaves the item 'sending' for the next start;
 * the limits pause the queue with their sentence; anything else fails the item (and its job) with its reason.
 */
function refused(
  ctx: EngineContext,
  store: QueueStore,
  item: QueuedItem,
  thrown: unknown,
): JobLater | undefined {
  const info = toGatewayErrorInfo(thrown);
  const now = ctx.clock.now();
  if (ctx.lifetime.isDisposed || info.type === 'aborted') return { later: now, note: info.message };
  if (info.type === 'budget_exceeded' || info.type === 'confirmation_required') {
    // Not a refusal of this item: the queue stops here, says why, and waits for the person.
    store.update(item.id, { state: 'waiting', updatedAt: now });
    store.setSettings({
      paused: true,
      pausedReason: info.message,
      pausedFor: thrown instanceof SpendStopped ? thrown.stop : null,
      confirmItem: info.type === 'confirmation_required' ? item.id : null,
    });
    return { later: now, note: info.message };
  }
  store.update(item.id, { state: 'failed', error: info, charge: 'not-charged', updatedAt: now });
  throw new QueueItemRefused(info.message);
}

/** The item was refused before it left: its job fails with the same sentence (never tried again by itself). */
export class QueueItemRefused extends Error {
  override readonly name = 'QueueItemRefused';
}

/**
 * The send's answer, or the job's abort, whichever comes first. A send in flight is the engine's (its own
 * lifetime ends it, and its row keeps what the next start needs); the job stops waiting for it at once, so the
 * mechanism's teardown never waits on the gateway.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (reason: unknown) => (signal.removeEventListener('abort', onAbort), reject(reason as Error)),
    );
  });
}
