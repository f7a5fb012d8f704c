// A recipe checked whole, before it is saved and again before its first step is sent: every step's request,
// with the run's prompt in place and the previous step's result in its bound field, must pass its family's
// schema, and every binding must be one the family takes. Checked step by step only as each step was sent, a
// recipe whose step 2 lacked a required prompt paid for step 1 and then stopped. The main process
// (electron/core/recipes/recipe-check.ts: the store's save and import, the runner's start, so the app and the
// CLI alike) and the editor (before it asks to save) say the same first problem.
import { FAMILIES } from '../catalog';
import type { FamilyId } from '../catalog/family-ids';
import { buildBody, checkBody } from '../catalog/schema';
import { bindField, RECIPE_PROMPT_SLOT, stepRequest, type RecipeBind, type RecipeDraft } from './recipes';

export interface RecipeProblem {
  /** 0-based. */
  step: number;
  familyId: FamilyId;
  /** The family's name as the app says it ("Video S"). */
  family: string;
  /** "prompt: Required" or the binding's problem. */
  detail: string;
}

/** Stands for the run's prompt when a recipe is saved: whatever the run is given is one. */
export const SAVED_RUN_PROMPT = 'the run’s prompt';

/** What the previous step's result puts into a bound field, for the check (any value of the right shape). */
function boundValue(bind: RecipeBind): Record<string, unknown> {
  if (bind === 'track') return { task_id: 'previous-step-task', audio_index: 1 };
  if (bind === 'grid') return { task_id: 'previous-step-task' };
  return {};
}

/**
 * The first problem of the recipe run with these prompts (null: each step as it is, the run given none), or
 * null when every step would be accepted. Saving checks with SAVED_RUN_PROMPT.
 */
export function recipeProblem(
  recipe: RecipeDraft,
  prompts: readonly (string | null)[] = [SAVED_RUN_PROMPT],
): RecipeProblem | null {
  for (const prompt of prompts.length > 0 ? prompts : [null]) {
    for (const [i, step] of recipe.steps.entries()) {
      const family = FAMILIES[step.family].label;
      const at = { step: i, familyId: step.family, family };
      if (i > 0 && (!step.bind || !bindField(step.family, step.bind))) {
        return { ...at, detail: `it takes nothing ${family} can use from the step before` };
      }
      const request = stepRequest(step, i, prompt);
      if (typeof request.params.prompt === 'string' && request.params.prompt.includes(RECIPE_PROMPT_SLOT)) {
        return {
          ...at,
          detail: `its prompt takes the run’s prompt (${RECIPE_PROMPT_SLOT}), and none was given`,
        };
      }
      const params: Record<string, unknown> = { ...request.params };
      if (step.bind) {
        const field = bindField(step.family, step.bind);
        if (step.bind === 'image' || step.bind === 'video') {
          if (field)
            params[field.name] = [
              `https://previous-step.invalid/result.${step.bind === 'image' ? 'png' : 'mp4'}`,
            ];
        } else Object.assign(params, boundValue(step.bind));
      }
      const check = checkBody(step.family, buildBody(step.family, request.model, params));
      if (!check.ok) {
        const first = check.problems[0];
        const detail = first
          ? `${first.path ? `${first.path}: ` : ''}${first.message}`
          : 'it would be refused';
        return { ...at, detail };
      }
    }
  }
  return null;
}

/** "Step 2 (Video S) cannot be sent: prompt: Required." */
export function recipeProblemSentence(problem: RecipeProblem): string {
  const detail = problem.detail.replace(/[.\s]+$/, '');
  return `Step ${problem.step + 1} (${problem.family}) cannot be sent: ${detail}.`;
}
