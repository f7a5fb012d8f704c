// models.discovered: what a gateway lists at run time (seen in public clients), placed against the catalog. A known family's
// form offers its new ids; a model of an unknown family is described by its own fields (or by none, when its
// schema was missing or unusable, with the reason).
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';

export const discoveredFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['string', 'enum', 'integer', 'number', 'boolean']),
  required: z.boolean(),
  description: z.string(),
  values: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

export const placedModelSchema = z.object({
  id: z.string(),
  endpoint: z.string().nullable(),
  fields: z.array(discoveredFieldSchema).nullable(),
  schemaProblem: z.string().nullable(),
  /** Parameters of a type no control offers (arrays, objects, unions): the generic form's JSON field takes them. */
  skipped: z.array(z.string()).optional(),
  family: familyIdSchema.nullable(),
  isNew: z.boolean(),
});

export const discoveredListSchema = z.object({
  models: z.array(placedModelSchema),
  fetchedAt: z.number().nullable(),
  source: z.enum(['gateway', 'cache', 'none']),
});
export type DiscoveredListView = z.infer<typeof discoveredListSchema>;

export const discoverInputSchema = z.object({ refresh: z.boolean().optional() }).optional();
