// `recipe run FILE --prompt P`: a recipe file run from a terminal on the same core and runner as the app's, held
// to the same spending limits (the whole recipe measured once, --yes and --over-budget answering them). Each
// step is sent once the one before is saved, and a failed step stops the run with nothing after it sent.
// --dry-run prints every step's estimate and the total and sends nothing.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { RecipeDraft, RecipeRun } from '../../../shared/studio/recipes';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { moneyText } from '../../../shared/studio/money-text';
import { RecipeRunner, RecipeStore } from '../../core/recipes';
import type { CliContext } from '../cli-context';
import { fromGatewayError, invalidArgument } from '../cli-errors';
import { dryRunPrices, totalUsdOf } from '../dry-run';
import { formatTask, taskJson } from '../formatting';
import type { SpendingFlags } from '../task-runner';

export interface RecipeRunArgs extends SpendingFlags {
  file: string;
  prompt: string[];
  dryRun?: boolean;
}

export async function recipeRunCommand(ctx: CliContext, args: RecipeRunArgs): Promise<void> {
  const text = await readFile(resolve(ctx.io.cwd, args.file), 'utf8').catch(() => {
    throw invalidArgument(`Cannot read ${args.file}.`, 'file');
  });
  const recipe = RecipeStore.read(text);
  if (args.dryRun) dryRun(ctx, recipe, args.prompt);
  else await run(ctx, recipe, args);
}

function dryRun(ctx: CliContext, recipe: RecipeDraft, prompts: string[]): void {
  const prices = dryRunPrices(ctx);
  const requests = RecipeRunner.requests(recipe, prompts.length ? prompts : [null]);
  const estimates = requests.map((request) => ({ request, estimate: prices.estimate(request) }));
  const totalUsd = totalUsdOf(estimates.map((e) => e.estimate));
  ctx.out.result({ dryRun: true, sent: false, recipe: recipe.name, steps: estimates, totalUsd }, () =>
    [
      ...estimates.map(
        (e, i) =>
          `step ${(i % recipe.steps.length) + 1} ${e.request.family}: ${e.estimate.usd === null ? 'no estimate yet' : `≈ ${moneyText(e.estimate.usd, 'usd')}`}`,
      ),
      totalUsd === null
        ? `total: not known yet (a step has no estimate). Nothing was sent.`
        : `total ≈ ${moneyText(totalUsd, 'usd')} for ${requests.length} tasks. Nothing was sent.`,
    ].join('\n'),
  );
}

async function run(ctx: CliContext, recipe: RecipeDraft, args: RecipeRunArgs): Promise<void> {
  const core = ctx.core();
  // The root's runner, the app's: the limits measure the whole recipe once. The CLI's keeps no runs: each lives
  // as long as this command, which waits for it in the foreground.
  const runner = core.studio.runner;
  await core.engine.start();
  const runs = runner.start(recipe, {
    prompts: args.prompt,
    confirmed: Boolean(args.yes),
    overBudget: Boolean(args.overBudget),
  });
  const stepOf = (taskId: string): string | null => {
    for (const r of runs) {
      const i = runner.get(r.id)?.steps.findIndex((s) => s.taskId === taskId) ?? -1;
      if (i >= 0) return `step ${i + 1}/${recipe.steps.length}`;
    }
    return null;
  };
  const off = core.engine.events.on('task', ({ task }) => {
    const step = stepOf(task.id);
    if (step) ctx.out.progress(`${step} ${task.family}: ${task.state} ${task.progress}%`);
  });
  let settled: RecipeRun[];
  try {
    settled = await Promise.all(runs.map(async (r) => (await runner.settled(r.id)) ?? r));
  } finally {
    off();
  }
  const tasks = settled.map((r) => r.steps.map((s) => (s.taskId ? core.engine.get(s.taskId) : null)));
  const document = {
    recipe: recipe.name,
    runs: settled.map((r, i) => ({
      ...r,
      tasks: (tasks[i] ?? []).map((t) => (t ? taskJson(t) : null)),
    })),
  };
  const failed = settled.find((r) => r.state === 'failed');
  if (failed && failed.failedAt !== null) {
    const step = failed.steps[failed.failedAt];
    const info = step?.error ?? localErrorInfo('task_failed', 'It failed.');
    // The step's own error (its exit code and type), said as the app says it.
    throw fromGatewayError({
      ...info,
      message: `Stopped at step ${failed.failedAt + 1} (${step?.family ?? ''}, task ${step?.taskId ?? 'not sent'}): ${info.message} Nothing after it was sent.`,
    });
  }
  ctx.out.result(document, () =>
    settled
      .map((r, i) =>
        [
          `${r.prompt ?? r.name}: ${r.state}`,
          ...(tasks[i] ?? []).map(
            (t, step) => `  step ${step + 1}: ${t ? formatTask(t, core.clock.now()) : 'not sent'}`,
          ),
        ].join('\n'),
      )
      .join('\n'),
  );
}
