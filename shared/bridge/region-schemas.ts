// regions.*: "Edit a region" over the bridge: the models that can edit (with what each does), a press of takes
// and the region an item was made with ("Edit again"). Everything the renderer sends is bounded here; whether
// the region lies on the picture is checked by the core once the picture's size is known.
import { z } from 'zod';
import {
  MAX_REGION_TAKES,
  REGION_SENDS,
  regionTakeSchema,
  regionSelectionSchema,
} from '../studio/region-selection';
import { REFERENCE_SCHEME } from '../studio/references';
import { settingsRecordSchema } from '../validation/json-depth';
import { familyIdSchema, submissionKeySchema } from './record-schemas';

export const regionEditModelSchema = z.object({
  family: familyIdSchema,
  familyLabel: z.string(),
  variantLabel: z.string(),
  modelId: z.string(),
  sends: z.enum(REGION_SENDS),
  can: z.string(),
});
export type RegionEditModelView = z.infer<typeof regionEditModelSchema>;

const sourceSchema = z.union([
  z.strictObject({ itemId: z.string().min(1).max(200) }),
  z.strictObject({
    reference: z
      .string()
      .max(200)
      .refine((s) => s.startsWith(REFERENCE_SCHEME)),
  }),
]);

export const regionSubmitSchema = z.strictObject({
  source: sourceSchema,
  selection: regionSelectionSchema,
  instruction: z.string().min(1).max(4000),
  model: z.string().min(1).max(200),
  params: settingsRecordSchema.optional(),
  takes: z.number().int().min(1).max(MAX_REGION_TAKES).optional(),
  confirmed: z.boolean().optional(),
  key: submissionKeySchema.max(120).optional(),
});
export type RegionSubmitInput = z.infer<typeof regionSubmitSchema>;

export const regionEditOfSchema = regionTakeSchema.nullable();
