// "Make a recipe" from a library item's made-from chain: the task that made it, the task that one was made from,
// and so on back to the first, as steps from first to last. Each later step's bound field is emptied (it takes
// the previous result when the recipe runs), and nothing of this machine (stored references, a webhook) is kept.
import { FAMILIES } from '../../../shared/catalog';
import { shareableParams } from '../../../shared/studio/presets';
import {
  bindField,
  MAX_RECIPE_STEPS,
  type RecipeBind,
  type RecipeDraft,
  type RecipeStep,
} from '../../../shared/studio/recipes';
import type { MadeFromLinks } from '../../../shared/studio/made-from';
import type { TaskRecord } from '../../../shared/studio/records';

export interface ChainPorts {
  task(id: string): TaskRecord | null;
  links(id: string): MadeFromLinks;
}

/** How a task took its source: the track or grid it names, else the media its fields hold. */
function bindOf(task: TaskRecord): RecipeBind | undefined {
  const kind = FAMILIES[task.family].kind;
  if (kind === 'music') return bindField(task.family, 'track') ? 'track' : undefined;
  if (kind === 'upscale') return 'grid';
  return (['image', 'video'] as const).find((media) => {
    const field = bindField(task.family, media);
    const value = field ? task.params[field.name] : undefined;
    return Array.isArray(value) && value.length > 0;
  });
}

function stepOf(task: TaskRecord, bind: RecipeBind | undefined): RecipeStep {
  const field = bind ? bindField(task.family, bind) : undefined;
  // The bound field (and a track's index) is filled from the previous result when the recipe runs.
  const params = Object.fromEntries(
    Object.entries(task.params).filter(
      ([key]) => key !== field?.name && !(bind === 'track' && key === 'audio_index'),
    ),
  );
  return {
    family: task.family,
    model: task.model,
    params: shareableParams(params),
    ...(bind ? { bind } : {}),
  };
}

/** The chain ending at `taskId` as a recipe (at most MAX_RECIPE_STEPS of its last steps); null for no task. */
export function recipeFromChain(ports: ChainPorts, taskId: string, name: string): RecipeDraft | null {
  const chain: TaskRecord[] = [];
  const seen = new Set<string>();
  let id: string | undefined = taskId;
  while (id && !seen.has(id) && chain.length < MAX_RECIPE_STEPS) {
    seen.add(id);
    const task = ports.task(id);
    if (!task) break;
    chain.unshift(task);
    id = ports.links(id).madeFrom[0]?.taskId;
  }
  if (chain.length === 0) return null;
  const steps = chain.map((task, i) => stepOf(task, i === 0 ? undefined : bindOf(task)));
  // A first step takes nothing; a later one that took no result of the one before cannot be chained.
  const first = steps[0];
  if (first) delete first.bind;
  return { name, steps: steps.filter((s, i) => i === 0 || s.bind !== undefined) };
}
