// The recipe runner over the host's parts: the engine of the moment (rebuilt when the library folder changes),
// the library's saved files, the reference store (a saved picture becomes the next step's reference without a
// copy) and the spending guard, which measures a whole recipe as it does a batch.
import type { Clock } from '../core/clock';
import type { DatabaseSync } from '../core/db';
import { PresetStore, PromptHistory } from '../core/presets';
import { RecipeRunner, RecipeRunStore, RecipeStore } from '../core/recipes';
import type { ReferenceStore } from '../core/references';
import type { SpendingGuard } from '../core/spending';
import type { CoreLifecycle } from './core-lifecycle';

export function recipeRunner(
  core: CoreLifecycle,
  references: ReferenceStore,
  spending: SpendingGuard,
  clock: Clock,
  store: RecipeRunStore,
): RecipeRunner {
  return new RecipeRunner({
    store,
    engine: async () => (await core.ensure()).engine,
    admitAll: (requests, options) => spending.admitAll(requests, options),
    itemsOf: async (taskId) => (await core.ensure()).library.forTask(taskId),
    asReference: async (item) => (await references.addFile(item.path, { link: true })).uri,
    clock,
  });
}

/**
 * The parts that save retyping: the prompt history (every prompt the core sends, whichever engine sent it),
 * presets and styles, recipes and their runner (which resumes the runs kept before a restart).
 */
export function reuseParts(
  db: DatabaseSync,
  core: CoreLifecycle,
  references: ReferenceStore,
  spending: SpendingGuard,
  clock: Clock,
) {
  const history = new PromptHistory({ db, clock });
  core.subscribe((event) => history.recordEvent(event));
  const runner = recipeRunner(core, references, spending, clock, new RecipeRunStore(db));
  // Runs a restart cut off go on at the step they reached (the core is up: the host ensured it first).
  runner.resume();
  return {
    history,
    presets: new PresetStore({ db, clock }),
    recipes: new RecipeStore({ db, clock }),
    runner,
  };
}
