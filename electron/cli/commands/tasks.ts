// generate · music · upscale · task · tasks — everything that goes through the task engine.
import { taskFailureInfo } from '../../../shared/gateway/task-failure';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SubmissionRequest, TaskSnapshot } from '../../../shared/gateway/normalized';
import { promptLines, singleIntent, type PressIntent } from '../../../shared/studio/press';
import { isSubmissionKey, SUBMISSION_KEY_RULE } from '../../../shared/studio/submission-key';
import type { TaskRecord } from '../../../shared/studio/records';
import type { CliContext, CliCore } from '../cli-context';
import { requireGateway } from '../cli-config';
import { invalidArgument, toCliError } from '../cli-errors';
import { dryRunPrices, totalUsdOf } from '../dry-run';
import { formatEstimate, formatTask, taskJson } from '../formatting';
import { moneyText } from '../../../shared/studio/money-text';
import { planGenerate, planMusic, planUpscale, validatedRequest } from '../submission-plans';
import type { GenerateArgs } from '../submission-plans';
import { printQueued } from './queue';
import { listedLookup } from './models';
import { followSubmitted, followTask, printOutcome, settle, submitAndFollow } from '../task-runner';
import type { SpendingFlags, TaskOutcome } from '../task-runner';

type GenerateCliArgs = GenerateArgs & {
  wait: boolean;
  dryRun?: boolean;
  promptsFile?: string;
  queue?: boolean;
  /** The press's key: the same command run again with it (after a lost answer) is answered, not paid, again. */
  key?: string;
} & SpendingFlags;

export async function generateCommand(ctx: CliContext, args: GenerateCliArgs): Promise<void> {
  if (args.promptsFile !== undefined) {
    await generateBatch(ctx, { ...args, promptsFile: args.promptsFile });
    return;
  }
  const request = await planGenerate(args, ctx.io.cwd, listedLookup(ctx));
  if (args.dryRun) {
    const estimate = dryRunPrices(ctx).estimate(request);
    ctx.out.result({ dryRun: true, sent: false, request, estimate }, () => formatEstimate(estimate));
    return;
  }
  await pressAndFollow(ctx, { ...singleIntent(request), toQueue: Boolean(args.queue) }, args);
}

/**
 * A press sent through the core's Press, as the app's Create sends one: planned there (one task per prompt line,
 * the tasks-per-press limit), held to the spending limits in the transaction that writes it, and keyed, so a
 * run repeated with the same --key is answered with what the first sent. Then followed like any task.
 */
async function pressAndFollow(ctx: CliContext, intent: PressIntent, args: GenerateCliArgs): Promise<void> {
  if (args.key !== undefined && (!isSubmissionKey(args.key) || args.key.length > 120))
    throw invalidArgument(`--key: ${SUBMISSION_KEY_RULE}`, 'key');
  const core = ctx.core();
  if (!intent.toQueue && (args.wait || intent.batch.on)) await core.engine.start();
  if (!intent.batch.on && !intent.toQueue) {
    ctx.out.progress(`submitting ${intent.request.family} ${intent.request.model}`.trim());
  }
  const answer = await core.press.send(intent, {
    confirmed: Boolean(args.yes),
    overBudget: Boolean(args.overBudget),
    ...(args.key !== undefined ? { key: args.key } : {}),
    signal: ctx.signal,
  });
  if (answer.kind === 'queued') return printQueued(ctx, answer.ids);
  if (answer.kind === 'task') return followSubmitted(ctx, core, answer.task, args.wait);
  const { batchId, tasks } = answer;
  // Each task's progress while the batch is waited on, as a single generate shows its own.
  const stops = args.wait ? tasks.map((t) => followTask(ctx, core, t.id)) : [];
  const settled = args.wait
    ? await Promise.all(tasks.map((t) => core.engine.waitFor(t.id, ctx.signal))).finally(() =>
        stops.forEach((stop) => stop()),
      )
    : tasks;
  ctx.out.result({ batchId, tasks: settled.map(taskJson) }, () =>
    settled.map((t) => formatTask(t, core.clock.now())).join('\n'),
  );
}

/** A source named by local id or by the gateway's id; local tasks become the new task's parent. */
function resolveSource(core: CliCore, id: string): { remoteId: string; parentTaskId: string | null } {
  const local = findLocal(core, id);
  if (!local) return { remoteId: id, parentTaskId: null };
  if (!local.remoteId) throw invalidArgument(`Task ${id} was never acknowledged by the gateway.`, 'task');
  return { remoteId: local.remoteId, parentTaskId: local.id };
}

function findLocal(core: CliCore, id: string): TaskRecord | null {
  return core.engine.get(id) ?? core.engine.list().find((t) => t.remoteId === id) ?? null;
}

export interface MusicCliArgs {
  operation: string;
  task: string;
  index?: number;
  model?: string;
  set: string[];
  wait: boolean;
  yes?: boolean;
  overBudget?: boolean;
}

export async function musicCommand(ctx: CliContext, args: MusicCliArgs): Promise<void> {
  await fromSource(ctx, args, (sourceRemoteId) => planMusic({ ...args, sourceRemoteId }));
}

export async function upscaleCommand(
  ctx: CliContext,
  args: { task: string; index: number; speed?: string; wait: boolean } & SpendingFlags,
): Promise<void> {
  await fromSource(ctx, args, (sourceRemoteId) => planUpscale({ ...args, sourceRemoteId }));
}

/**
 * A task made from an earlier one (a music operation, an upscale). The request is planned first on the id as
 * typed, so a typo never opens a database; then on the source's gateway id, a local source becoming the parent.
 */
async function fromSource(
  ctx: CliContext,
  args: { task: string; wait: boolean } & SpendingFlags,
  plan: (sourceRemoteId: string) => SubmissionRequest,
): Promise<void> {
  plan(args.task);
  const core = ctx.core();
  const source = resolveSource(core, args.task);
  await submitAndFollow(ctx, core, plan(source.remoteId), {
    wait: args.wait,
    parentTaskId: source.parentTaskId,
    yes: args.yes,
    overBudget: args.overBudget,
  });
}

export async function taskCommand(ctx: CliContext, args: { id: string; wait: boolean }): Promise<void> {
  // Reading a local task needs no gateway; waiting on it, or asking about a foreign one, does.
  const local = findLocal(ctx.core(false), args.id);
  if (local) {
    if (args.wait) {
      const online = requireOnline(ctx);
      // Waiting on a task whose files did not all arrive means trying them again: expired
      // links are renewed by a fresh status poll, failed files are fetched while their link still answers.
      if (local.state === 'completed' && local.downloads.missing.length > 0) {
        await online.engine.start();
        await online.engine.retryDownloads(local.id, ctx.signal);
      }
      return printOutcome(ctx, await settle(ctx, online, local.id), online.clock.now(), online);
    }
    const outcome = await current(ctx, local);
    const core = ctx.core(false);
    return printOutcome(ctx, outcome, core.clock.now(), core);
  }
  const core = requireOnline(ctx);
  if (args.wait) {
    throw invalidArgument(
      `Task ${args.id} was not submitted from this library; only its tasks can be waited on and downloaded.`,
      'id',
      'unknown_task',
    );
  }
  // A task made elsewhere: one read of its status, on the image/video endpoint, then the music one.
  let snapshot: TaskSnapshot;
  try {
    snapshot = await core.gateway.getTask(args.id, 'tasks', { signal: ctx.signal });
  } catch (error) {
    const first = toCliError(error);
    if (first.body.httpStatus !== 404) throw first;
    snapshot = await core.gateway.getTask(args.id, 'music', { signal: ctx.signal });
  }
  const task = {
    ...snapshot,
    id: snapshot.id,
    status: snapshot.status,
    progress: snapshot.progress,
    cost: snapshot.cost,
  };
  ctx.out.result({ task, items: [] }, () =>
    [
      `${snapshot.id}  ${snapshot.status} ${snapshot.progress}%${snapshot.cost === null ? '' : ` $${snapshot.cost}`}`,
      ...snapshot.files.map((f) => `  ${f.kind} ${f.url}`),
      snapshot.status === 'failed' ? `  ${taskFailureInfo(snapshot).message}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/**
 * A local task as the gateway sees it now: one poll if it is still running (the stored row may be hours old),
 * and its files fetched if that poll finds it finished. Settled tasks, and running ones when no gateway is
 * configured, are shown as stored, the latter with a note saying so.
 */
async function current(ctx: CliContext, local: TaskRecord): Promise<TaskOutcome> {
  const core = ctx.core(false);
  const settled = core.engine.isSettled(local);
  if (settled || !local.remoteId) return { task: local, items: core.library.forTask(local.id) };
  if (!ctx.config.baseUrl || !ctx.config.apiKey) {
    ctx.out.note('No gateway address or key: this is the stored state, not a fresh one.');
    return { task: local, items: core.library.forTask(local.id) };
  }
  const online = requireOnline(ctx);
  const { task, error } = await online.engine.refresh(local.id, ctx.signal);
  if (error && task.state !== 'failed') {
    ctx.out.note(`Could not reach the gateway (${error.message}); this is the stored state.`);
  }
  if (task.state === 'completed') return settle(ctx, online, task.id);
  return { task, items: online.library.forTask(task.id) };
}

/** The core opened offline is reused; the gateway settings are checked now that they are needed. */
function requireOnline(ctx: CliContext): CliCore {
  requireGateway(ctx.config);
  return ctx.core();
}

export function tasksCommand(ctx: CliContext, args: { limit: number }): void {
  const core = ctx.core(false);
  const tasks = core.engine.list({ limit: args.limit });
  const now = core.clock.now();
  ctx.out.result({ tasks: tasks.map(taskJson) }, () =>
    tasks.length ? tasks.map((t) => formatTask(t, now)).join('\n') : 'No tasks yet.',
  );
}

/**
 * `generate --prompts-file FILE`: one task per non-empty line, sent as one batch through the core's Press, which
 * holds it to the press's rules (shared/studio/press.ts: one task per line, at most MAX_PRESS_TASKS) and the
 * spending limits, measured on the batch's total once. Each line is checked as the form it is sent as first.
 */
async function generateBatch(
  ctx: CliContext,
  args: GenerateCliArgs & { promptsFile: string },
): Promise<void> {
  const text = await readFile(resolve(ctx.io.cwd, args.promptsFile), 'utf8').catch(() => {
    throw invalidArgument(`Cannot read ${args.promptsFile}.`, 'prompts-file');
  });
  // The form as the first line makes it (references stored once); the Press cuts the file into its lines.
  const [first] = promptLines(text);
  const form = await planGenerate({ ...args, prompt: first ?? text }, ctx.io.cwd);
  const intent: PressIntent = {
    ...singleIntent({ ...form, params: { ...form.params, prompt: text } }),
    batch: { on: true, takes: 1 },
    toQueue: Boolean(args.queue),
  };
  const { requests } = ctx.core(false).press.plan(intent);
  // Each line as the model takes it (a line past the prompt's length is named now, before anything is sent).
  for (const r of requests) validatedRequest(r.family, r.model, r.params, r.webhook);
  if (args.dryRun) {
    const prices = dryRunPrices(ctx);
    const totalUsd = totalUsdOf(requests.map((request) => prices.estimate(request)));
    ctx.out.result({ dryRun: true, sent: false, requests, totalUsd }, () =>
      totalUsd === null
        ? `${requests.length} tasks; some have no estimate yet. Nothing was sent.`
        : `${requests.length} tasks ≈ ${moneyText(totalUsd, 'usd')} in all. Nothing was sent.`,
    );
    return;
  }
  await pressAndFollow(ctx, intent, args);
}
