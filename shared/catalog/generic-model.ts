// A model the gateway lists whose family this studio does not know (shared/catalog/discovered.ts): it still gets
// a form, marked as generic, built from the listing's own parameters, or, when the listing gave none usable, a
// prompt and the parameters as one JSON object. It is sent to the endpoint the listing names, through the known
// family at that endpoint that takes parameters beyond its own (I1 for images, V1 for videos): that family's task
// kind, polling and downloads apply, and its open parameters let the model's own fields through untouched.
import { z } from 'zod';
import type { DiscoveredField } from '../gateway/model-list';
import { because } from '../validation';
import type { PlacedModel } from './discovered';
import { FAMILY_LIST } from './families';
import type { FamilyId } from './family-ids';
import { fieldsShape } from './schema';
import type { FieldSpec } from './types';

/** Where a generic model's fields come from (not a clause of the spec: GET /v1/models?expand=parameters). */
const SOURCE = 'model list';

/** The known family a listed model at this endpoint is sent and tracked through; null when none fits. */
export function carrierFamilyOf(endpoint: string | null): FamilyId | null {
  if (endpoint === null) return null;
  const carrier = FAMILY_LIST.find(
    (f) =>
      f.path === endpoint &&
      f.openParameters &&
      f.variants.length > 0 &&
      f.fields.some((field) => field.name === 'prompt'),
  );
  return carrier?.id ?? null;
}

/** The listed models of no known family that the studio can send somewhere: the generic forms' models. */
export function genericModels(placed: readonly PlacedModel[]): PlacedModel[] {
  return placed.filter((m) => m.family === null && m.isNew && carrierFamilyOf(m.endpoint) !== null);
}

function fieldOf(f: DiscoveredField): FieldSpec {
  return {
    name: f.name,
    type: f.name === 'prompt' && f.type === 'string' ? 'text' : f.type,
    required: f.required || f.name === 'prompt',
    description: f.description,
    clause: SOURCE,
    ...(f.values ? { values: f.values } : {}),
    ...(f.min !== undefined ? { min: f.min } : {}),
    ...(f.max !== undefined ? { max: f.max } : {}),
    ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
    ...(f.name === 'prompt' ? { nonBlank: true } : {}),
    ...(f.default !== undefined ? { default: f.default } : {}),
  };
}

const PROMPT: FieldSpec = {
  name: 'prompt',
  type: 'text',
  required: true,
  nonBlank: true,
  description: 'What to generate.',
  clause: SOURCE,
};

/**
 * The generic form's fields: the prompt first (the carrier family needs one), then every listed parameter. A
 * listing without usable parameters gives the prompt alone, and the form adds a JSON parameters field.
 */
export function genericFields(model: Pick<PlacedModel, 'fields'>): FieldSpec[] {
  const listed = (model.fields ?? []).map(fieldOf);
  const prompt = listed.find((f) => f.name === 'prompt') ?? PROMPT;
  return [prompt, ...listed.filter((f) => f.name !== 'prompt')];
}

/** The JSON parameters field: one object, without the prompt (which has its own field). */
export const jsonParametersSchema = z
  .string()
  .transform((text, ctx): Record<string, unknown> => {
    if (text.trim() === '') return {};
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // Said below, as for any value that is not an object.
    }
    ctx.addIssue({ code: 'custom', params: because('jsonObject') });
    return z.NEVER;
  })
  .refine((value) => !('prompt' in value) && !('model' in value), { params: because('promptInParameters') });

/** The name of the JSON parameters field in the generic form's values. */
export const JSON_PARAMETERS = 'parameters_json';

/** The generic form's schema: its fields, each with its listed bounds, and the JSON field when it has one. */
export function genericSchema(fields: readonly FieldSpec[], withJson: boolean) {
  const shape = fieldsShape(fields);
  if (withJson) shape[JSON_PARAMETERS] = jsonParametersSchema;
  return z.strictObject(shape).superRefine((body, ctx) => {
    for (const f of fields) {
      const value = body[f.name];
      if (f.maxLength !== undefined && typeof value === 'string' && value.length > f.maxLength)
        ctx.addIssue({
          code: 'custom',
          path: [f.name],
          params: because('promptTooLong', { max: f.maxLength, length: value.length }),
        });
    }
  });
}

/** The body's params from the form's values: unset fields left out, the JSON object's fields beside them. */
export function genericParams(values: Record<string, unknown>): Record<string, unknown> {
  const { [JSON_PARAMETERS]: json, ...fields } = values;
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params[name] = value;
  return typeof json === 'object' && json !== null
    ? { ...(json as Record<string, unknown>), ...params }
    : params;
}
