// The main process's side of checking a recipe whole (shared/studio/recipe-check.ts): a recipe that would stop
// at a step the gateway or the engine refuses is refused before it is saved, and again before its first step
// is sent (the runner's start, for the app and the CLI alike), so no step of it is paid for.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { recipeProblem, recipeProblemSentence } from '../../../shared/studio/recipe-check';
import type { RecipeDraft } from '../../../shared/studio/recipes';

/** Refuses a recipe some step of which would be refused: before it is saved (or imported). */
export function assertRecipeSaves(recipe: RecipeDraft): void {
  const problem = recipeProblem(recipe);
  if (problem) throw refusal(`${recipeProblemSentence(problem)} The recipe was not saved.`);
}

/** Refuses a run (these prompts; none: the steps' own) some step of which would be refused: nothing is sent. */
export function assertRecipeRuns(recipe: RecipeDraft, prompts: readonly (string | null)[]): void {
  const problem = recipeProblem(recipe, prompts);
  if (problem) throw refusal(`${recipeProblemSentence(problem)} Nothing was sent.`);
}

function refusal(message: string): GatewayError {
  return new GatewayError(localErrorInfo('validation_error', message, { param: 'recipe' }));
}
