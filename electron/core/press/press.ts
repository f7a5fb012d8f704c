// One press, planned and sent in one step, for every shell that presses (Create's forms over the bridge's
// press.send, the CLI's generate). The intent is what the person made (the form's request as typed, the styles
// on, batch lines, "Also run on…", Queue or now); the plan is shared/studio/press.ts's, made here once from the
// models in effect, so the rules of a press (one task per prompt line, MAX_PRESS_TASKS, the takes, what each
// model of a compare group takes) hold whoever presses. Money is the engine's: every path below asks the spending
// guard in the transaction that writes its rows (budgets, the confirmation threshold), and each request's styles
// ride with it into that same transaction, so no press can be sent with its styles left behind.
import { randomUUID } from 'node:crypto';
import type { ModelConfig } from '../../../shared/catalog/types';
import { notFound } from '../../../shared/bridge/errors';
import type { PressAnswer } from '../../../shared/bridge/press-schemas';
import { studioRefusal } from '../../../shared/gateway/gateway-error';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import {
  planIntent,
  type PressIntent,
  type PressPlan,
  type PressProblem,
} from '../../../shared/studio/press';
import type { TaskRecord } from '../../../shared/studio/records';
import type { BatchOptions, BatchResult, SubmitOptions } from '../tasks/engine-options';
import type { QueueAddOptions } from '../tasks/submission-queue';

/** What the press sends through: the task engine (its submissions, batches, compare groups and queue). */
export interface PressEngine {
  get(id: string): TaskRecord | null;
  submit(request: SubmissionRequest, options: SubmitOptions): Promise<TaskRecord>;
  submitBatch(requests: readonly SubmissionRequest[], options: BatchOptions): Promise<BatchResult>;
  fanOut(
    requests: readonly SubmissionRequest[],
    options: Omit<BatchOptions, 'compare'>,
  ): Promise<BatchResult>;
  readonly queue: {
    add(requests: readonly SubmissionRequest[], options: QueueAddOptions): Promise<string[]>;
  };
}

export interface PressDeps {
  engine: PressEngine;
  /** The model ids in effect (the user's overrides): what each model of "Also run on…" is sent as. */
  models: () => ModelConfig;
}

/** The person's answer to the limits, and the press's key. */
export interface PressConsent {
  /** Asked above the confirmation threshold (or for a model with no estimate) and said send. */
  confirmed: boolean;
  /** Send even past a budget (the CLI's --over-budget; the app never sends past one). */
  overBudget?: boolean;
  /** One key per press: a repeat of the press with it answers with what the first sent, never a second charge. */
  key?: string;
  signal?: AbortSignal;
}

export class Press {
  constructor(private readonly deps: PressDeps) {}

  /** The intent's plan, or a refusal saying why it cannot go (nothing asked, nothing written). */
  plan(intent: PressIntent): PressPlan {
    const planned = planIntent(intent, this.deps.models());
    if (!planned.ok)
      throw studioRefusal('validation_error', problemText(planned.problem), { param: 'prompt' });
    return planned.plan;
  }

  /** Plans the press and sends it whole: one task, an edit, a batch or compare group, or the queue. */
  async send(intent: PressIntent, consent: PressConsent): Promise<PressAnswer> {
    const { engine } = this.deps;
    const plan = this.plan(intent);
    const { requests, mode } = plan;
    const styles = plan.styles.some((s) => s !== null) ? plan.styles : undefined;
    // Without a key of the caller's, the press gets a fresh one: it cannot be told from a new press then.
    const key = consent.key ?? randomUUID();
    const money = {
      confirmed: consent.confirmed,
      key,
      ...(consent.overBudget ? { overBudget: true } : {}),
      ...(consent.signal ? { signal: consent.signal } : {}),
    };
    if (intent.toQueue) {
      const batched = mode !== 'one';
      const ids = await engine.queue.add(requests, {
        ...money,
        origin: batched ? 'batch' : 'queue',
        ...(styles ? { styles } : {}),
        // The batch the items make is written on each task, as a batch sent at once would be.
        ...(batched ? { batch: { id: key, size: requests.length } } : {}),
      });
      return { kind: 'queued', ids };
    }
    if (mode !== 'one') {
      const options = { ...money, ...(styles ? { styles } : {}) };
      const sent =
        mode === 'compare'
          ? await engine.fanOut(requests, options)
          : await engine.submitBatch(requests, options);
      return { kind: 'batch', mode, batchId: sent.batchId, size: requests.length, tasks: sent.tasks };
    }
    const [request] = requests;
    if (!request) throw studioRefusal('validation_error', 'A press sends at least one request.');
    const kept = plan.styles[0] ?? null;
    const editOf = intent.editOf;
    if (editOf !== null && !engine.get(editOf)) throw notFound('task', editOf);
    const task = await engine.submit(request, {
      ...money,
      ...(kept ? { styles: kept } : {}),
      ...(editOf !== null ? { madeFrom: { relation: 'edit' as const, taskId: editOf } } : {}),
    });
    return { kind: 'task', task };
  }
}

/** Why a press cannot go, in the sentence a shell without the form's own words shows (the CLI's). */
function problemText(problem: PressProblem): string {
  switch (problem.kind) {
    case 'no-lines':
      return 'A batch sends one task per non-empty prompt line, and the prompt has none.';
    case 'too-many':
      return `A press sends at most ${problem.max} tasks; this one would send ${problem.count}.`;
    case 'model-refuses':
      return `${problem.choice.model} cannot take this form: ${problem.problems.join('; ')}`;
  }
}
