// A family's request as an agent gives it: the model and the body's fields, read with the catalog's zod schema
// for that family (the same the forms and the client use), then checked by the family's own rules (checkBody).
// The tool's JSON Schema is generated from the same field schemas, so what tools/list says is what is enforced.
import { z } from 'zod';
import { FAMILIES, buildBody, checkBody, defaultModelId, familyModels } from '../../shared/catalog';
import type { FamilyId } from '../../shared/catalog';
import { fieldsShape } from '../../shared/catalog/schema';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { problemsSentence } from './tool-input';
import { ToolRefusal } from './tool-registry';

/** The families an agent sends as tasks: every asynchronous one (speech, synchronous, has its own tool: tools-speech.ts). */
export const TASK_FAMILIES = Object.values(FAMILIES)
  .filter((family) => family.kind !== 'speech')
  .map((family) => family.id);

/** generate_image_i3, generate_music_concat, generate_grid_upscale: MCP tool names allow no dots everywhere. */
export function generateToolName(family: FamilyId): string {
  return `generate_${family.replace(/\./g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

/** The body's fields as the catalog defines them, for `params`. */
export function paramsSchema(family: FamilyId): z.ZodType<Record<string, unknown>> {
  const shape = fieldsShape(FAMILIES[family].fields);
  // Fields the spec leaves open pass through; elsewhere a field the catalog does not know is refused.
  return (FAMILIES[family].openParameters ? z.looseObject(shape) : z.strictObject(shape)) as z.ZodType<
    Record<string, unknown>
  >;
}

/** The model ids this family knows, for a tool's description. */
export function modelIdsOf(family: FamilyId): string[] {
  return familyModels(family).map((variant) => variant.modelId);
}

/** The request the engine stores, or a refusal naming the field the family's rules refuse. */
export function familyRequest(
  tool: string,
  family: FamilyId,
  model: string | undefined,
  params: Record<string, unknown>,
): SubmissionRequest {
  const chosen = FAMILIES[family].variants.length === 0 ? '' : (model ?? defaultModelId(family) ?? '');
  // An agent sends no webhook: the gateway would call whatever address it named.
  const { webhook: _webhook, ...fields } = params;
  const check = checkBody(family, buildBody(family, chosen, fields));
  if (!check.ok) throw new ToolRefusal(problemsSentence(tool, check.problems));
  const { model: _model, webhook: _hook, ...rest } = check.body;
  return { family, model: chosen, params: rest };
}
