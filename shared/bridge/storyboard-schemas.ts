// The bridge's inputs for the cast and the Storyboard page; the records are shared/studio/cast.ts,
// shared/studio/storyboard.ts and shared/studio/saved-storyboard.ts.
import { z } from 'zod';
import { castMemberDraftSchema } from '../studio/cast';
import { MAX_SHOTS, storyboardSchema } from '../studio/storyboard';
import { editListFormatSchema } from '../studio/saved-storyboard';

const id = z.string().min(1).max(200);
/** A shot of the board, by its place (0 is the first). */
const shot = z
  .number()
  .int()
  .min(0)
  .max(MAX_SHOTS - 1);

export const castSaveInputSchema = z.strictObject({ id: id.optional(), member: castMemberDraftSchema });
export const storyboardSaveInputSchema = z.strictObject({ id: id.optional(), board: storyboardSchema });
/** The board as the page holds it now (saved or not): what its one price is asked about. */
export const storyboardPriceInputSchema = z.strictObject({ board: storyboardSchema });
/** A kept board, whole (no shot) or one of its shots alone. */
export const storyboardPressInputSchema = z.strictObject({ id, shot: shot.optional() });
export const storyboardRunInputSchema = z.strictObject({
  id,
  shot: shot.optional(),
  confirmed: z.boolean().optional(),
});
export const storyboardRunIdInputSchema = z.strictObject({ runId: id });
export const storyboardRetryInputSchema = z.strictObject({ runId: id, confirmed: z.boolean().optional() });
export const storyboardEditListInputSchema = z.strictObject({ runId: id, format: editListFormatSchema });
