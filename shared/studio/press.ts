// One press of Generate planned in plain TypeScript, for every place that presses (Create's forms, the CLI's
// generate): from what the form holds to the requests it sends, each with the styles it keeps, or the one reason
// it cannot go. The rules of a press live here once: one task per prompt line, at most MAX_PRESS_TASKS tasks,
// the takes of a batch, what "Also run on…" carries to each model. The estimate beside the button, the spending
// check and the send all read the plan, so what is estimated and checked is what is sent.
import { carryOver, FAMILIES, type CarriedOver, type ModelChoice, type ModelConfig } from '../catalog';
import type { FamilyId } from '../catalog/family-ids';
import type { SubmissionRequest } from '../gateway/normalized';
import type { SpendCheck } from './spending';
import { applyStyles, type AppliedStyle, type TaskStyles } from './presets';

/** The bridge, the engine, the estimate, the queue and a recipe's run take at most this many tasks at one press. */
export const MAX_PRESS_TASKS = 100;
/** A batch sends each prompt line at most this many times (the "× n"). */
export const MAX_TAKES = 10;

export interface BatchSettings {
  on: boolean;
  /** How many tasks per prompt line (the "× n"). */
  takes: number;
}

export const NO_BATCH: BatchSettings = { on: false, takes: 1 };

/** One task per non-empty line: the rule of a batch on Create, of a recipe's prompts and of the CLI's file. */
export function promptLines(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Batch on: one request per prompt line, each line `takes` times (three lines × 2 = six); off: the request. */
export function batchRequests(request: SubmissionRequest, batch: BatchSettings): SubmissionRequest[] {
  if (!batch.on) return [request];
  const takes = Math.min(Math.max(Math.trunc(batch.takes) || 1, 1), MAX_TAKES);
  return promptLines(request.params.prompt).flatMap((prompt) =>
    Array.from({ length: takes }, () => ({ ...request, params: { ...request.params, prompt } })),
  );
}

export interface FanOut {
  requests: SubmissionRequest[];
  /** Per chosen model, in the order chosen: what it takes of the form, ignores, and refuses. */
  carried: { choice: ModelChoice; carried: CarriedOver }[];
}

/** "Also run on…": the form's own request first, then one per chosen model with what it takes of the form. */
export function fanOutRequests(
  request: SubmissionRequest,
  chosen: readonly ModelChoice[],
  models: ModelConfig,
): FanOut {
  const carried = chosen.map((choice) => ({ choice, carried: carryOver(request.params, choice, models) }));
  const others = carried.map(({ choice, carried: c }) => ({
    family: choice.family,
    model: choice.model,
    params: c.params,
    ...(request.webhook ? { webhook: request.webhook } : {}),
  }));
  return { requests: [request, ...others], carried };
}

/** A request with its prompt composed from the styles on (a family without a text prompt is left as it is). */
export function styledRequest<R extends { params: Record<string, unknown> }>(
  request: R,
  styles: readonly AppliedStyle[],
): R {
  const prompt = request.params.prompt;
  if (styles.length === 0 || typeof prompt !== 'string') return request;
  return { ...request, params: { ...request.params, prompt: applyStyles(prompt, styles) } };
}

/** Batch sends one task per prompt line: only families whose prompt is free text. */
export function isBatchable(family: FamilyId): boolean {
  return FAMILIES[family].fields.some((f) => f.name === 'prompt' && f.type === 'text');
}

/**
 * A press as the person made it, before any plan: what the form holds and where it goes. This is what crosses
 * the bridge (press.send) and what the CLI hands the core: the core plans it (planIntent) and sends it whole.
 */
export interface PressIntent {
  /** The form's request as typed (no styles applied yet; a batch's prompt holds its lines). */
  request: SubmissionRequest;
  /** The styles on under the prompt. */
  styles: AppliedStyle[];
  batch: BatchSettings;
  /** "Also run on…": the other models this press also goes to (only with Batch off). */
  fanOut: ModelChoice[];
  /** Queue pressed: the press waits in the submission queue instead of being sent. */
  toQueue: boolean;
  /** The task whose settings the form was opened with (Edit and run again): a press of one records it. */
  editOf: string | null;
}

/** A press of one request as it is, sent now, with no styles (a listed model's generic form, the CLI's generate). */
export function singleIntent(request: SubmissionRequest): PressIntent {
  return { request, styles: [], batch: NO_BATCH, fanOut: [], toQueue: false, editOf: null };
}

/** The plan of an intent, with the models in effect: the same plan the renderer estimates and the core sends. */
export function planIntent(intent: PressIntent, models: ModelConfig): PressPlanResult {
  const { request, styles, batch, fanOut } = intent;
  return planPress({ request, styles, batch, fanOut, models, batchable: isBatchable(request.family) });
}

/** What the form holds at the press. */
export interface PressInput {
  /** The form's request as typed (no styles applied yet). */
  request: SubmissionRequest;
  /** The styles on under the prompt. */
  styles: readonly AppliedStyle[];
  /** Batch settings; ignored for a family whose prompt is not free text (`batchable` false). */
  batch: BatchSettings;
  batchable: boolean;
  /** "Also run on…": the other models this press also goes to (only with Batch off). */
  fanOut: readonly ModelChoice[];
  models: ModelConfig;
}

/** How a press is sent: one task, a batch of prompt lines, or one prompt on several models (a compare group). */
export type PressMode = 'one' | 'batch' | 'compare';

export interface PressPlan {
  mode: PressMode;
  requests: SubmissionRequest[];
  /** Per request, the prompt as typed and the styles it went with (null: sent without styles). */
  styles: (TaskStyles | null)[];
}

/** Why a press cannot go, before anything is asked or sent. */
export type PressProblem =
  | { kind: 'no-lines' }
  | { kind: 'too-many'; count: number; max: number }
  | { kind: 'model-refuses'; choice: ModelChoice; problems: string[] };

export type PressPlanResult = { ok: true; plan: PressPlan } | { ok: false; problem: PressProblem };

/** The requests a press sends, whether or not it can go (the estimate beside the button shows them as typed). */
export function pressRequests(input: PressInput): { mode: PressMode; requests: SubmissionRequest[] } {
  const mode = pressMode(input);
  if (mode === 'batch') {
    return {
      mode,
      requests: batchRequests(input.request, input.batch).map((r) => styledRequest(r, input.styles)),
    };
  }
  const request = styledRequest(input.request, input.styles);
  if (mode === 'compare')
    return { mode, requests: fanOutRequests(request, input.fanOut, input.models).requests };
  return { mode, requests: [request] };
}

/** The whole plan of one press: its requests with their styles, or the one reason it cannot go. */
export function planPress(input: PressInput): PressPlanResult {
  const { mode, requests } = pressRequests(input);
  if (mode === 'compare') {
    // A chosen model that cannot take this form stops the press, saying which and why, before anything is asked.
    const styled = styledRequest(input.request, input.styles);
    const refusedBy = fanOutRequests(styled, input.fanOut, input.models).carried.find(
      (c) => c.carried.problems.length > 0,
    );
    if (refusedBy) {
      return {
        ok: false,
        problem: { kind: 'model-refuses', choice: refusedBy.choice, problems: refusedBy.carried.problems },
      };
    }
  }
  if (mode === 'batch' && requests.length === 0) return { ok: false, problem: { kind: 'no-lines' } };
  if (requests.length > MAX_PRESS_TASKS) {
    return { ok: false, problem: { kind: 'too-many', count: requests.length, max: MAX_PRESS_TASKS } };
  }
  const styles = keptStyles(input, mode, requests);
  return { ok: true, plan: { mode, requests, styles } };
}

function pressMode(input: PressInput): PressMode {
  if (input.batchable && input.batch.on) return 'batch';
  return input.fanOut.length > 0 ? 'compare' : 'one';
}

/** Per request, the prompt as typed (a batch's own line) and the styles on, kept with the task it makes. */
function keptStyles(
  input: PressInput,
  mode: PressMode,
  requests: readonly SubmissionRequest[],
): (TaskStyles | null)[] {
  const typed = input.request.params.prompt;
  if (input.styles.length === 0 || typeof typed !== 'string') return requests.map(() => null);
  const unstyled = mode === 'batch' ? batchRequests(input.request, input.batch) : null;
  return requests.map((request, i) => {
    // A model of a compare group that takes no prompt was sent none, so it keeps no styles.
    if (typeof request.params.prompt !== 'string') return null;
    const line = unstyled ? unstyled[i]?.params.prompt : typed;
    return typeof line === 'string' ? { typed: line, styles: [...input.styles] } : null;
  });
}

/** What the press does after the question: go (confirmed or not), or stop, with a sentence or silently. */
export type SpendDecision = { go: true; confirmed: boolean } | { go: false; failure: string | null };

/** What a spending check means for the press: go now, ask the person first, or stop (a budget already passed). */
export type SpendStep = 'go' | 'ask' | 'refused';

export function spendStep(check: SpendCheck): SpendStep {
  const refusal = check.refusal;
  // A budget already passed: no price typed changes that.
  if (refusal && refusal.unpriced === null) return 'refused';
  if (!refusal && !check.needsConfirmation) return 'go';
  return 'ask';
}

/** How an asked press ended: sent (with what the send answered), stopped before sending, or failed. */
export type AskOutcome<T> =
  | { status: 'sent'; value: T }
  | { status: 'stopped'; failure: string | null }
  | { status: 'failed'; error: unknown };

/** The question, as the screen asks it: re-measured after a price to assume is typed. */
export type AskSpending = (check: SpendCheck, recheck: () => Promise<SpendCheck>) => Promise<SpendDecision>;

/**
 * The one way a press that spends is asked about (Create's forms, a recipe's run, a step tried again, a speech
 * take): measures what it would send, asks when the limits say so, then sends with the answer. The limits are
 * enforced again in the main process; asking first lets the refusal or the question come before anything is
 * written or sent.
 */
export async function askThenSend<T>(
  ask: AskSpending,
  measure: () => Promise<SpendCheck>,
  send: (confirmed: boolean) => Promise<T>,
): Promise<AskOutcome<T>> {
  let confirmed: boolean;
  try {
    const decision = await ask(await measure(), measure);
    if (!decision.go) return { status: 'stopped', failure: decision.failure };
    confirmed = decision.confirmed;
  } catch (error) {
    return { status: 'failed', error };
  }
  try {
    return { status: 'sent', value: await send(confirmed) };
  } catch (error) {
    return { status: 'failed', error };
  }
}
