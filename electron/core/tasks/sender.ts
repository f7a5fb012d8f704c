// Where a press becomes a request. A row in 'submitting' is sent here: its references expanded to the data
// URLs the body carries, `sentAt` written before the request leaves, then the gateway's answer applied. Money
// under faults: a 429 did nothing and is waited out (any family); an answer that may hide a charged task (5xx,
// reset, timeout, unreadable 2xx) is resent only under I2's key ([EP-IMAGE-I2HDR-1]), otherwise the task says
// it may have been charged and is handed to the reconciler.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import type { GatewayErrorInfo, TaskStatus } from '../../../shared/gateway/normalized';
import type { TaskRecord } from '../../../shared/studio/records';
import type { NormalizedAck as SubmitAck } from '../../../shared/gateway/normalized';
import { diskFullSentence, isDiskFull } from '../db/disk-space';
import type { ReferenceUploads } from '../references/reference-uploads';
import { requestOptions } from './engine-context';
import type { EngineContext } from './engine-context';
import { usesIdempotencyKey } from './family-routing';
import { heldUnsent, judgeSubmissionError, mayHaveBeenCharged, toGatewayErrorInfo } from './gateway-errors';
import { errorBackoff } from './poll-schedule';
import type { Pacer } from './pacing';
import type { Reconciler } from './reconciler';
import type { StoredTask } from './task-store';
import type { Tracker } from './tracker';

export interface SenderParts {
  /** References as they leave: uploaded URLs where the gateway offers uploads, else data URLs (seen in public clients). */
  uploads: ReferenceUploads;
  tracker: Tracker;
  pacer: Pacer;
  reconciler: Reconciler;
  /** How many times an I2 submission with an unknown outcome is resent with its key before giving up. */
  maxResubmits: number;
  /** How many 429s in a row a submission waits out before it is reported refused. */
  maxRateLimitWaits: number;
  /**
   * What a start does with a row it finds never sent whose key is a queue item's: the queue's press stands, so
   * the engine that sends the queue sends it (it counted against the budgets from the moment it was written, in
   * that same transaction); another process's engine (the CLI's) leaves it to that one. Null: not the queue's.
   */
  queued: (key: string) => 'send' | 'leave' | null;
  /** Writes and tracks one more task the gateway made for the press of `id` (n > 1 as several tasks). */
  fileSibling: (id: string, remoteId: string, status: TaskStatus) => void;
}

interface Attempts {
  /** Answers in a row that may hide a charged task. */
  errors: number;
  /** 429s in a row. */
  rateLimited: number;
}

export class Sender {
  /** Each unacknowledged submission's failed tries so far; forgotten once the gateway acknowledges it. */
  readonly #attempts = new Map<string, Attempts>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly parts: SenderParts,
  ) {}

  /**
   * After a restart: a row caught mid-submission is not sent behind the person's back. One that never left
   * (a crash while it waited for the request budget, a disk too full to record that it failed) is held as
   * 'interrupted' with nothing charged, for the person to send (retrySubmission, re-checked against the
   * budget); one that left without an answer is 'interrupted' and reconciled. Only a clean handover within the
   * app, I2's stored key, or a queue item's row that provably never left (the queue is the person's press and
   * marked it sent with the row) sends on.
   */
  resume(handover: boolean): void {
    const { ctx } = this;
    const now = ctx.clock.now();
    for (const task of ctx.tasks.store.list({ states: ['submitting'] })) {
      const neverSent = task.sentAt === null;
      const i2 = Boolean(task.idempotencyKey && usesIdempotencyKey(task.record.family));
      const queued = neverSent && task.idempotencyKey ? this.parts.queued(task.idempotencyKey) : null;
      if (queued === 'leave' && !handover) continue;
      if (handover || (i2 && !neverSent) || queued === 'send') {
        if (!neverSent) this.parts.pacer.markResumed(task.record.id);
        // A row waiting out a 429 keeps waiting out its Retry-After (capped), measured from its last answer.
        const retryAfter = Math.min(task.record.error?.retryAfterMs ?? 0, ctx.policy.maxRetryAfterMs);
        this.parts.tracker.schedule(task.record.id, Math.max(now, task.record.updatedAt + retryAfter));
      } else if (neverSent) {
        // The press that wrote it may have been told it failed (the CLI's "disk is full"), and pressed again.
        ctx.tasks.update(task.record.id, { state: 'interrupted', error: heldUnsent() });
        // Said at the start that found it (the CLI's stderr, the app's log); the Tasks page shows it with Send it.
        ctx.logger.warn('a task an earlier run left unsent is held, not sent again (nothing was charged)', {
          task: task.record.id,
          model: task.record.model,
        });
      } else {
        ctx.tasks.update(task.record.id, {
          state: 'interrupted',
          error: mayHaveBeenCharged(
            localErrorInfo('interrupted', 'the app stopped while the task was being submitted', { code: '' }),
          ),
        });
      }
    }
  }

  /** Sends (or, for I2, resends) a row in 'submitting'. The caller has already taken a budget slot. */
  send(id: string, signal?: AbortSignal): Promise<TaskRecord> {
    return this.ctx.lifetime.track(this.#sendOnce(id, signal), 'send');
  }

  /** The task is sent afresh (Try again): its earlier tries no longer count. */
  forget(id: string): void {
    this.#attempts.delete(id);
  }

  async #sendOnce(id: string, signal?: AbortSignal): Promise<TaskRecord> {
    const { ctx, parts } = this;
    const task = ctx.tasks.store.require(id);
    const { family, model, params } = task.record;
    ctx.stats.submits++;
    let ack: SubmitAck;
    try {
      // The only place a reference image becomes a URL or a data URL: the body that leaves for the gateway.
      const prepared = await parts.uploads.prepare(family, params, signal);
      if (prepared.sentAs)
        ctx.tasks.store.update(id, { referencesSentAs: prepared.sentAs, updatedAt: ctx.clock.now() });
      const body: Record<string, unknown> = {
        ...prepared.params,
        model,
        ...(task.webhook ? { webhook: task.webhook } : {}),
      };
      // Written before the request leaves: after a crash, a row with no sentAt was provably never sent. A
      // disk too full to write it sends nothing, and the row says so (it is never sent later by itself).
      const marked = this.#markSent(id, task.sentAt);
      // Held or stopped meanwhile (a start in another process, the person): not this sender's to send.
      if (marked === 'taken') return ctx.tasks.store.require(id).record;
      if (marked === 'full') return this.#notSent(id);
      // The key this task is sent with is the one its polls carry, whatever key is set later.
      const key = (await ctx.gateway.currentKey?.()) ?? null;
      // Kept (in the secret store, its fingerprint on the row) before the request leaves: a restart between the
      // send and the answer still polls the task with the key that made it.
      if (key) ctx.tasks.store.update(id, { keyRef: await ctx.keys.keep(key), updatedAt: ctx.clock.now() });
      ack = await ctx.gateway.submit(family, body, {
        idempotencyKey: task.idempotencyKey ?? undefined,
        ...requestOptions(ctx, signal),
        ...(key ? { apiKey: key } : {}),
      });
      ctx.keys.remember(id, key);
    } catch (thrown) {
      return this.#unanswered(task, thrown);
    }
    // The task exists upstream and is charged: its answer is written even on a full disk (the reserve).
    return ctx.room.mustWrite(() => this.#acknowledged(id, ack));
  }

  /** Claims the send: only if the row is as this sender read it (another process may have claimed it since). */
  #markSent(id: string, expectedSentAt: number | null): 'sent' | 'taken' | 'full' {
    const { ctx } = this;
    try {
      return ctx.tasks.store.claimSend(id, expectedSentAt, ctx.clock.now()) ? 'sent' : 'taken';
    } catch (error) {
      if (isDiskFull(error)) return 'full';
      throw error;
    }
  }

  #notSent(id: string): TaskRecord {
    const { ctx } = this;
    const error = localErrorInfo('disk_full', diskFullSentence(ctx.room.free), { code: '' });
    try {
      return ctx.room.mustWrite(() => ctx.tasks.update(id, { state: 'failed', error }));
    } catch (thrown) {
      if (!isDiskFull(thrown)) throw thrown;
      // Not even that word fits (the reserve spent): the row stays as written, never sent, and the next start
      // holds it for the person. The press is still told, now, that nothing went.
      return { ...ctx.tasks.store.require(id).record, state: 'failed', error };
    }
  }

  #acknowledged(id: string, ack: SubmitAck): TaskRecord {
    const { ctx } = this;
    const current = ctx.tasks.store.require(id);
    if (current.record.state === 'stopped') {
      return ctx.tasks.update(id, { remoteId: ack.taskId, endpoint: ack.endpoint });
    }
    const siblings = ack.siblings ?? [];
    ctx.tasks.update(id, {
      remoteId: ack.taskId,
      endpoint: ack.endpoint,
      // A result already in the answer is applied below as a poll's answer would be.
      state: ack.result ? 'processing' : ack.status,
      error: null,
      trackingStartedAt: ctx.clock.now(),
      ...(ack.estimatedTime != null && { estimatedTime: ack.estimatedTime }),
      // n > 1 answered as several tasks: all of them are this press's, filed as one batch.
      ...(siblings.length > 0 && {
        batchId: current.record.batch?.id ?? current.idempotencyKey ?? id,
        batchSize: (current.record.batch?.size ?? 1) + siblings.length,
      }),
    });
    this.#attempts.delete(id);
    this.parts.tracker.begin(id);
    if (ack.result) this.parts.tracker.settleFromAck(id, ack.result);
    for (const sibling of siblings) this.parts.fileSibling(id, sibling.taskId, sibling.status);
    return ctx.tasks.store.require(id).record;
  }

  /** The gateway gave no acknowledgement: refused, rate-limited, or an outcome nobody knows. */
  #unanswered(task: StoredTask, thrown: unknown): TaskRecord {
    const { ctx, parts } = this;
    const id = task.record.id;
    const { family } = task.record;
    const info = toGatewayErrorInfo(thrown);
    const verdict = judgeSubmissionError(info);
    if (verdict.action === 'refused') return ctx.tasks.update(id, { state: 'failed', error: info });
    if (ctx.lifetime.isDisposed) return ctx.tasks.store.require(id).record;
    const attempts = this.#of(id);
    if (verdict.action === 'rate-limited') {
      attempts.rateLimited++;
      if (attempts.rateLimited > parts.maxRateLimitWaits) {
        return ctx.tasks.update(id, { state: 'failed', error: info });
      }
      // [ERR-9] the gateway did nothing: any family may send the same body again once the wait is over.
      parts.tracker.schedule(id, ctx.clock.now() + this.#waitAfter(info, attempts.rateLimited));
      return ctx.tasks.update(id, { error: info, sentAt: null });
    }
    attempts.errors++;
    if (task.idempotencyKey && usesIdempotencyKey(family) && attempts.errors <= parts.maxResubmits) {
      // [EP-IMAGE-I2HDR-1] The same key and body make a resend safe: the gateway returns the original task.
      parts.tracker.schedule(id, ctx.clock.now() + this.#waitAfter(info, attempts.errors));
      return ctx.tasks.update(id, { error: info });
    }
    // Not resent blindly: the task says it may have been charged, and offers Try again.
    parts.reconciler.later(id);
    return ctx.tasks.update(id, { state: 'interrupted', error: mayHaveBeenCharged(info) });
  }

  /** The gateway's Retry-After, capped, or our own backoff after the n-th error in a row. */
  #waitAfter(info: GatewayErrorInfo, n: number): number {
    const { policy, random } = this.ctx;
    if (info.retryAfterMs !== null) return Math.min(info.retryAfterMs, policy.maxRetryAfterMs);
    return errorBackoff(n, policy, random);
  }

  #of(id: string): Attempts {
    let attempts = this.#attempts.get(id);
    if (!attempts) {
      attempts = { errors: 0, rateLimited: 0 };
      this.#attempts.set(id, attempts);
    }
    return attempts;
  }
}
