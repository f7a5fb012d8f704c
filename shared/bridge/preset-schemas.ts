// The bridge's inputs for presets and styles; the records themselves are shared/studio/presets.ts.
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';
import { presetDraftSchema, styleDraftSchema } from '../studio/presets';

const id = z.string().min(1).max(100);
export const presetListInputSchema = z.strictObject({ family: familyIdSchema.optional() }).optional();
export const presetUpdateInputSchema = z.strictObject({
  id,
  name: presetDraftSchema.shape.name.optional(),
  family: familyIdSchema.optional(),
  model: presetDraftSchema.shape.model.optional(),
  params: presetDraftSchema.shape.params.optional(),
});
export const idOnlySchema = z.strictObject({ id });
export const presetExportInputSchema = z.strictObject({ ids: z.array(id).max(500).optional() }).optional();
/** A shared file's text, as read by the renderer (at most 1 MiB). */
export const studioFileInputSchema = z.strictObject({ text: z.string().max(1024 * 1024) });
/** A file to save: its suggested name and its JSON text. */
export const studioFileSchema = z.object({ fileName: z.string(), text: z.string() });
export const styleSaveInputSchema = z.strictObject({ id: id.optional(), style: styleDraftSchema });
export const taskIdInputSchema = z.strictObject({ taskId: z.string().min(1).max(200) });
