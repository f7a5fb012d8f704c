// Recipes: several paid steps in one press. A recipe is a chain of steps across families, each a family's usual
// request with one field bound to the previous step's result (its saved picture as a reference, its video's
// link, its track, its grid). The run's state is what the Create panel and the CLI show.
import { z } from 'zod';
import { FAMILIES } from '../catalog';
import { familyIdSchema, type FamilyId } from '../catalog/family-ids';
import type { FieldSpec } from '../catalog';
import { gatewayErrorInfoSchema } from '../gateway/normalized';
import { because } from '../validation';

export const RECIPE_FILE_FORMAT = 'gateway-studio-recipe';
export const RECIPE_FILE_VERSION = 1;
export const MAX_RECIPE_STEPS = 8;
/** The run's prompt goes where a step's prompt says this (and into a first step without a prompt). */
export const RECIPE_PROMPT_SLOT = '{prompt}';

/** What of the previous step's result a step takes. */
export const recipeBindSchema = z.enum(['image', 'video', 'track', 'grid']);
export type RecipeBind = z.infer<typeof recipeBindSchema>;

/** The field of a family that takes this kind of result; undefined when the family takes none. */
export function bindField(family: FamilyId, bind: RecipeBind): FieldSpec | undefined {
  const spec = FAMILIES[family];
  if (bind === 'track')
    return spec.kind === 'music' ? spec.fields.find((f) => f.name === 'task_id') : undefined;
  if (bind === 'grid')
    return spec.kind === 'upscale' ? spec.fields.find((f) => f.name === 'task_id') : undefined;
  return spec.fields.find((f) => f.type === 'urls' && f.media?.media === bind);
}

/**
 * What a step of `family` can take of the step before (in the order offered): the binds its fields take that
 * the previous family's results hold (the catalog's FamilySpec.results, the one source of what a family makes).
 * With no previous step, every bind it takes. None: it cannot follow that step.
 */
export function bindsAfter(previous: FamilyId | undefined, family: FamilyId): RecipeBind[] {
  const taken = recipeBindSchema.options.filter((b) => bindField(family, b) !== undefined);
  if (previous === undefined) return taken;
  const made: readonly string[] = FAMILIES[previous].results;
  return taken.filter((b) => made.includes(b));
}

export const recipeStepSchema = z.strictObject({
  family: familyIdSchema,
  model: z.string().max(200),
  params: z.record(z.string().max(100), z.unknown()),
  /** Absent on the first step; every later step takes the previous result this way. */
  bind: recipeBindSchema.optional(),
});
export type RecipeStep = z.infer<typeof recipeStepSchema>;

export const recipeDraftSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(80),
    steps: z.array(recipeStepSchema).min(1).max(MAX_RECIPE_STEPS),
  })
  .superRefine((recipe, ctx) => {
    recipe.steps.forEach((step, i) => {
      const bad = i === 0 ? step.bind !== undefined : !step.bind || !bindField(step.family, step.bind);
      if (bad) ctx.addIssue({ code: 'custom', path: ['steps', i, 'bind'], params: because('recipeBind') });
      const previous = recipe.steps[i - 1];
      // A picture step's result is no track: a music step after it would be sent a task it cannot take.
      if (!bad && previous && step.bind && !bindsAfter(previous.family, step.family).includes(step.bind))
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'bind'], params: because('recipeBindNotMade') });
    });
  });
export type RecipeDraft = z.infer<typeof recipeDraftSchema>;

export const recipeSchema = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(recipeStepSchema),
  updatedAt: z.number(),
});
export type Recipe = z.infer<typeof recipeSchema>;

export const recipeFileSchema = z.strictObject({
  format: z.literal(RECIPE_FILE_FORMAT),
  version: z.literal(RECIPE_FILE_VERSION),
  recipe: recipeDraftSchema,
});
export type RecipeFile = z.infer<typeof recipeFileSchema>;

/** queued: waiting in the app's queue for its turn (not sent); running: sent, or being sent without a queue. */
export const recipeStepStateSchema = z.enum(['waiting', 'queued', 'running', 'completed', 'failed']);

export const recipeRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  prompt: z.string().nullable(),
  state: z.enum(['running', 'completed', 'failed']),
  steps: z.array(
    z.object({
      family: familyIdSchema,
      state: recipeStepStateSchema,
      taskId: z.string().nullable(),
      /** Why the step failed: the task's error, or the app's own (its result was not saved). */
      error: gatewayErrorInfoSchema.nullable(),
    }),
  ),
  /** The step that failed (0-based); nothing after it was sent. */
  failedAt: z.number().int().nullable(),
  startedAt: z.number(),
});
export type RecipeRun = z.infer<typeof recipeRunSchema>;

/** A step's request before the previous result is known: the run's prompt in place, nothing bound yet. */
export function stepRequest(
  step: RecipeStep,
  index: number,
  prompt: string | null,
): { family: FamilyId; model: string; params: Record<string, unknown> } {
  const params = { ...step.params };
  if (prompt !== null) {
    if (typeof params.prompt === 'string' && params.prompt.includes(RECIPE_PROMPT_SLOT)) {
      params.prompt = params.prompt.split(RECIPE_PROMPT_SLOT).join(prompt);
    } else if (index === 0 && FAMILIES[step.family].fields.some((f) => f.name === 'prompt')) {
      params.prompt = prompt;
    }
  }
  return { family: step.family, model: step.model, params };
}
