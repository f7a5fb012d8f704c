// Sending what the person saved: a preset (its family, model and settings, with the agent's prompt or fields in
// their place) or a recipe (several steps as one press, measured whole against the limits by the core's runner).
import { z } from 'zod';
import { RecipeRunner } from '../core/recipes';
import { countedIds } from './actual-charges';
import { familyRequest } from './family-requests';
import { underClaim } from './keyed-answers';
import { sendPaid } from './paid-call';
import { taskLine, taskShape } from './result-shapes';
import { callerKeySchema, sendTask, settledOutcome } from './tools-tasks';
import { defineTool, ToolRefusal } from './tool-registry';
import type { StudioTool, ToolCall } from './tool-registry';

const savedName = z.string().min(1).max(200);

/** A saved preset or recipe by id or name; an unknown one is a refusal sentence, not a crash. */
function found<T>(what: string, name: string, find: () => T): T {
  try {
    return find();
  } catch {
    throw new ToolRefusal(`There is no ${what} called ${name}; the ${what}s resource lists them.`);
  }
}

export const runPreset = defineTool({
  name: 'run_preset',
  title: 'Run a preset',
  description:
    'Sends a saved preset (by id or name): its family, model and settings, with prompt and params given here in ' +
    'their place. It costs money, under the same limits and key rule as the generate tools.',
  input: z.strictObject({
    preset: savedName,
    prompt: z.string().min(1).max(10_000).optional(),
    params: z.record(z.string().max(100), z.unknown()).optional(),
    wait: z.boolean().optional(),
    idempotency_key: callerKeySchema.optional(),
  }),
  async run(input, call) {
    const preset = found('preset', input.preset, () => call.studio.presets.find(input.preset));
    const params: Record<string, unknown> = { ...preset.params, ...(input.params ?? {}) };
    if (input.prompt !== undefined) params.prompt = input.prompt;
    const request = familyRequest('run_preset', preset.family, preset.model, params);
    const task = await sendTask(call, 'run_preset', request, input.idempotency_key);
    if (input.wait) return settledOutcome(call, task);
    return {
      text: `Sent preset ${preset.name}: ${taskLine(task)}.`,
      data: { task: taskShape(task) },
      taskIds: [task.id],
    };
  },
});

function runsView(call: ToolCall, runner: RecipeRunner, ids: readonly string[]) {
  return ids.map((id) => {
    const run = runner.get(id);
    return run
      ? {
          id,
          state: run.state,
          prompt: run.prompt,
          steps: run.steps.map((step) => {
            const task = step.taskId ? call.studio.engine.get(step.taskId) : null;
            return { family: step.family, state: step.state, task: task ? taskShape(task) : null };
          }),
        }
      : { id, state: 'unknown' };
  });
}

export const runRecipe = defineTool({
  name: 'run_recipe',
  title: 'Run a recipe',
  description:
    'Runs a saved recipe (by id or name), once per prompt given (or once with its own prompts). The whole run ' +
    'is measured against the limits before its first step goes; each step waits for the one before. Returns the ' +
    'runs at once; task_status follows their tasks.',
  input: z.strictObject({
    recipe: savedName,
    prompts: z.array(z.string().min(1).max(10_000)).max(20).optional(),
    idempotency_key: callerKeySchema.optional(),
  }),
  async run(input, call) {
    const recipe = found('recipe', input.recipe, () => call.studio.savedRecipes.find(input.recipe));
    const prompts = input.prompts ?? [];
    const runner = call.studio.recipes();
    const requests = RecipeRunner.requests(recipe, prompts.length ? prompts : [null]);
    const { answers } = call.studio;
    const ids = await sendPaid(call, 'run_recipe', {
      callerKey: input.idempotency_key,
      requests,
      held: (key) => answers.answered(key),
      // The key is kept in the database: a retry in another process, or after a restart, starts nothing.
      send: (key, confirmed) =>
        underClaim(answers, key, 'run_recipe', () =>
          Promise.resolve(runner.start(recipe, { prompts, confirmed }).map((run) => run.id)),
        ),
      // Each step of each run is counted at its estimate as the whole press is admitted.
      counted: (started) => started.flatMap((id) => recipe.steps.map((_, i) => countedIds.recipeStep(id, i))),
    });
    const runs = runsView(call, runner, ids);
    return {
      text: `Recipe ${recipe.name}: ${runs.length} run${runs.length === 1 ? '' : 's'} started.`,
      data: { runs },
      taskIds: ids.flatMap((id) => runner.get(id)?.steps.flatMap((s) => (s.taskId ? [s.taskId] : [])) ?? []),
    };
  },
});

export const runTools: readonly StudioTool[] = [runPreset, runRecipe];
