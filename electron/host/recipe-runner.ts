// The recipe runner over the host's parts: the engine of the moment (rebuilt when the library folder changes),
// the library's saved files, the reference store (a saved picture becomes the next step's reference without a
// copy) and the spending guard, which measures a whole recipe as it does a batch.
import type { Clock } from '../core/clock';
import { RecipeRunner } from '../core/recipes';
import type { ReferenceStore } from '../core/references';
import type { SpendingGuard } from '../core/spending';
import type { CoreLifecycle } from './core-lifecycle';

export function recipeRunner(
  core: CoreLifecycle,
  references: ReferenceStore,
  spending: SpendingGuard,
  clock: Clock,
): RecipeRunner {
  return new RecipeRunner({
    engine: async () => (await core.ensure()).engine,
    admitAll: (requests, options) => spending.admitAll(requests, options),
    itemsOf: async (taskId) => (await core.ensure()).library.forTask(taskId),
    asReference: async (item) => (await references.addFile(item.path, { link: true })).uri,
    clock,
  });
}
