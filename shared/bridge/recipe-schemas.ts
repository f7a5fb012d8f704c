// The bridge's inputs for recipes; the records are shared/studio/recipes.ts.
import { z } from 'zod';
import { MAX_PRESS_TASKS } from '../studio/press';
import { recipeDraftSchema } from '../studio/recipes';

const id = z.string().min(1).max(200);
const prompts = z.array(z.string().trim().min(1).max(8_000)).max(MAX_PRESS_TASKS).optional();
export const recipeSaveInputSchema = z.strictObject({ id: id.optional(), recipe: recipeDraftSchema });
export const recipeIdInputSchema = z.strictObject({ id });
export const recipeRunInputSchema = z.strictObject({ id, prompts, confirmed: z.boolean().optional() });
export const recipeRequestsInputSchema = z.strictObject({ id, prompts });
export const recipeRetryInputSchema = z.strictObject({ id, confirmed: z.boolean().optional() });
export const recipeFromTaskInputSchema = z.strictObject({
  taskId: id,
  name: z.string().trim().min(1).max(80),
});
