// GET /v1/models?expand=parameters: not in the spec, but a live gateway lists its models with their parameters
// (seen in public clients): a newer id of a known family, and a model of a family the spec does not document. Behind a switch:
// off (404, like an unknown path), full, missing-schemas (no `parameters`) or invalid-schemas (unusable ones).
import { notFound } from '../errors';
import { jsonReply, type Reply } from '../http-util';
import { familyOf, IMAGE_FAMILIES, MODEL_IDS, VIDEO_FAMILIES } from '../models';
import { caller, type RouteContext } from './context';

export const MODEL_LIST_MODES = ['off', 'full', 'missing-schemas', 'invalid-schemas'] as const;
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

function parametersOf(model: string, mode: ModelListMode): { parameters?: unknown } {
  if (mode === 'missing-schemas') return {};
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
