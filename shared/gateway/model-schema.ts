// GET /v1/models/{id}: one model's documentation with the JSON Schema of its request body. Not in the spec: the
// listing names a gateway's models, and aggregators serve each model's parameters on a page of its own (as
// `input_schema`, or an OpenAPI document whose `components.schemas.Input` is the body, as Replicate-style
// gateways do). Read as hostile: a small body (MAX_SCHEMA_BYTES), a bounded depth and size, a bounded number of
// fields (SCHEMA_LIMITS), and a parameter of a type this studio cannot offer falls back to the JSON field.
import { z } from 'zod';
import { invalidResponse } from './gateway-error';
import { fieldsFromSchema, type DiscoveredModel } from './model-list';

/** An honest schema is a few kilobytes; an answer larger than this is refused before it is parsed. */
export const MAX_SCHEMA_BYTES = 256 * 1024;

export type ModelSchema = Pick<DiscoveredModel, 'fields' | 'schemaProblem' | 'skipped'> & {
  /** The POST path the page names, when it names one. */
  endpoint: string | null;
};

const openApiInput = z.looseObject({
  components: z.looseObject({ schemas: z.looseObject({ Input: z.unknown() }) }),
});

const pageSchema = z.looseObject({
  endpoint: z.string().optional(),
  input_schema: z.unknown().optional(),
  parameters: z.unknown().optional(),
  openapi_schema: z.unknown().optional(),
});

/** The page, enveloped ({data: page}) or not. */
function pageOf(body: unknown): z.infer<typeof pageSchema> | null {
  const enveloped = z.looseObject({ data: z.looseObject({}) }).safeParse(body);
  const page = pageSchema.safeParse(enveloped.success ? enveloped.data.data : body);
  return page.success ? page.data : null;
}

export function parseModelSchema(body: unknown, status: number): ModelSchema {
  const page = pageOf(body);
  if (!page) throw invalidResponse('model schema', 'it is not an object', status);
  const openApi = openApiInput.safeParse(page.openapi_schema);
  const schema =
    page.input_schema ??
    page.parameters ??
    (openApi.success ? openApi.data.components.schemas.Input : undefined);
  const read = fieldsFromSchema(schema);
  return {
    endpoint: page.endpoint?.startsWith('/v1/') ? page.endpoint : null,
    fields: 'fields' in read ? read.fields : null,
    schemaProblem:
      'problem' in read ? read.problem.replace('the listing gives', 'the model page gives') : null,
    ...('skipped' in read && read.skipped.length > 0 ? { skipped: read.skipped } : {}),
  };
}
