// GET /v1/models?expand=parameters: not in the spec, but a live gateway lists its models with their parameters
// (seen in public clients): a newer id of a known family, and a model of a family the spec does not document. Behind a switch:
// off (404, like an unknown path), full, missing-schemas (no `parameters`), invalid-schemas (unusable ones), or
// schema-endpoint: the listing names the models only, and each model's page, GET /v1/models/{id}, carries the
// JSON Schema of its request body (`input_schema`), as aggregators document their models.
import { notFound } from '../errors';
import { jsonReply, type Reply } from '../http-util';
import { familyOf, IMAGE_FAMILIES, MODEL_IDS, VIDEO_FAMILIES } from '../models';
import { caller, type RouteContext } from './context';

export const MODEL_LIST_MODES = [
  'off',
  'full',
  'missing-schemas',
  'invalid-schemas',
  'schema-endpoint',
] as const;
export type ModelListMode = (typeof MODEL_LIST_MODES)[number];

/** The undocumented model's parameters as JSON Schema (what validation/images.ts accepts for it). */
const X_SCHEMA = {
  type: 'object',
  properties: {
    prompt: { type: 'string', description: 'What to draw.', maxLength: 2000 },
    size: { type: 'string', enum: ['1:1', '16:9', '9:16'], default: '1:1', description: 'Aspect ratio.' },
    steps: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'Sampling steps.' },
  },
  required: ['prompt'],
};

function endpointOf(model: string): string {
  const family = familyOf(model);
  if (family && IMAGE_FAMILIES.includes(family)) return '/v1/images/generations';
  if (family && VIDEO_FAMILIES.includes(family)) return '/v1/videos/generations';
  return family === 'speech' ? '/v1/audio/speech' : '/v1/music/generations';
}

/**
 * The undocumented model's page: its schema as above, with what a real page adds beyond the controls a form
 * offers: a list of negative prompts (an array: given as JSON) and a nullable seed.
 */
const X_PAGE_SCHEMA = {
  ...X_SCHEMA,
  properties: {
    ...X_SCHEMA.properties,
    seed: { type: ['integer', 'null'], minimum: 0, maximum: 2_147_483_647, description: 'Seed.' },
    negative_prompts: { type: 'array', items: { type: 'string' }, description: 'What to avoid.' },
  },
};

function parametersOf(model: string, mode: ModelListMode): { parameters?: unknown } {
  if (mode === 'missing-schemas' || mode === 'schema-endpoint') return {};
  if (mode === 'invalid-schemas')
    return { parameters: model === 'image_model_id_x1' ? { type: 'object', properties: 7 } : 'see the docs' };
  return {
    parameters:
      model === 'image_model_id_x1'
        ? X_SCHEMA
        : { type: 'object', properties: { prompt: { type: 'string' } } },
  };
}

export function listModels(ctx: RouteContext): Reply {
  const mode = ctx.state.modelList;
  if (mode === 'off') throw notFound(`No route for GET ${ctx.url.pathname}.`);
  caller(ctx);
  const expand = ctx.url.searchParams.get('expand') === 'parameters';
  const created = Math.floor(Date.UTC(2026, 0, 1) / 1000);
  return jsonReply(200, {
    object: 'list',
    data: MODEL_IDS.map((id) => ({
      id,
      object: 'model',
      created,
      owned_by: 'gateway',
      endpoint: endpointOf(id),
      ...(expand ? parametersOf(id, mode) : {}),
    })),
  });
}

/** GET /v1/models/{id}: one model's page, in the schema-endpoint mode only (a gateway with pages for its models). */
export function modelPage(ctx: RouteContext): Reply {
  const id = decodeURIComponent(ctx.params[0] ?? '');
  if (ctx.state.modelList !== 'schema-endpoint' || !(MODEL_IDS as readonly string[]).includes(id))
    throw notFound(`No route for GET ${ctx.url.pathname}.`);
  caller(ctx);
  return jsonReply(200, {
    id,
    object: 'model',
    owned_by: 'gateway',
    endpoint: endpointOf(id),
    description: id === 'image_model_id_x1' ? 'A picture model of a family the spec does not document.' : '',
    input_schema:
      id === 'image_model_id_x1'
        ? X_PAGE_SCHEMA
        : { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
  });
}
