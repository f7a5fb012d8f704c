// recipes.*: saved recipes and their files (the recipe store), runs on the engine of the moment (the recipe
// runner, built once by the host, measured against the spending limits as a batch is), and "Make a recipe"
// from a task's made-from chain.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { notFound } from '../../../shared/bridge/errors';
import { recipeFromChain, RecipeRunner } from '../../core/recipes';
import type { HostDeps } from './host-deps';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function recipesHandlers({ core, session, recipes, runner }: HostDeps): BridgeHandlers['recipes'] {
  const prompted = (prompts: string[] | undefined) => (prompts?.length ? prompts : [null]);
  return {
    list: async () => recipes.list(),
    save: async ({ id, recipe }) => recipes.save(recipe, id),
    delete: async ({ id }) => (recipes.delete(id), { ok: true as const }),
    export: async ({ id }) => ({
      fileName: 'gateway-studio-recipe.json',
      text: json(recipes.exportFile(id)),
    }),
    import: async ({ text }) => recipes.importFile(text),
    fromTask: async ({ taskId, name }) => {
      const { engine } = await core.ensure();
      const draft = recipeFromChain(
        { task: (id) => engine.get(id), links: (id) => engine.links(id) },
        taskId,
        name,
      );
      if (!draft) throw notFound('task', taskId);
      return draft;
    },
    requests: async ({ id, prompts }) => RecipeRunner.requests(recipes.find(id), prompted(prompts)),
    run: async ({ id, prompts, confirmed }) => {
      session.connected();
      return runner.start(recipes.find(id), { prompts: prompts ?? [], confirmed: confirmed ?? false });
    },
    runs: async () => runner.list(),
    retryRequests: async ({ id }) => runner.retryRequests(id),
    retry: async ({ id, confirmed }) => {
      session.connected();
      return runner.retry(id, { confirmed: confirmed ?? false });
    },
    cancel: async ({ id }) => runner.cancel(id),
  };
}
