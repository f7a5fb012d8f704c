// Reading before paying: the models with their fields, limits and what they probably cost, and the estimate of
// one request with whether the person would be asked first. Nothing here sends anything.
import { z } from 'zod';
import { familyIdSchema } from '../../shared/catalog/family-ids';
import { FAMILY_LIST } from '../../shared/catalog';
import type { FamilyId, FieldSpec } from '../../shared/catalog';
import { moneyText } from '../../shared/studio/money-text';
import { withoutConfirmAsk } from '../../shared/studio/spending';
import { confirmationSentence } from '../core/spending';
import { speechConfiguration } from '../core/speech';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { familyRequest, generateToolName, modelIdsOf } from './family-requests';
import { defineTool } from './tool-registry';
import type { StudioTool } from './tool-registry';

function fieldShape(field: FieldSpec): Record<string, unknown> {
  return {
    name: field.name,
    type: field.type,
    required: field.required,
    ...(field.values && { values: field.values }),
    ...(field.min !== undefined && { min: field.min }),
    ...(field.max !== undefined && { max: field.max }),
    ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
    ...(field.maxItems !== undefined && { maxItems: field.maxItems }),
    ...(field.default !== undefined && { default: field.default }),
    description: field.description,
  };
}

export const listModels = defineTool({
  name: 'list_models',
  title: 'List models',
  description:
    'Every model family the studio can send: its models, fields with their limits and defaults, the tool that ' +
    'generates with it, and what a request with the default settings probably costs (learned from earlier runs).',
  readOnly: true,
  input: z.strictObject({ family: familyIdSchema.optional() }),
  async run(input, call) {
    const families = FAMILY_LIST.filter((f) => !input.family || f.id === input.family);
    const listed = families.map((family) => {
      const model = modelIdsOf(family.id)[0] ?? '';
      const estimate = call.studio.prices.estimate({ family: family.id, model, params: {} });
      return {
        family: family.id,
        label: family.label,
        kind: family.kind,
        tool: generateToolName(family.id),
        models: modelIdsOf(family.id),
        fields: family.fields.map(fieldShape),
        probableCostUsd: estimate.usd,
      };
    });
    return {
      text: `${listed.length} model families; each is sent with the tool named beside it.`,
      data: { families: listed },
    };
  },
});

const requestInput = z.strictObject({
  family: familyIdSchema,
  model: z.string().min(1).max(200).optional(),
  params: z.record(z.string().max(100), z.unknown()),
});

export const estimate = defineTool({
  name: 'estimate',
  title: 'Estimate a request',
  description:
    'What one request would probably cost and take, and whether the spending limits would let it go now, ask ' +
    'the person first, or refuse it. Sends nothing.',
  readOnly: true,
  input: requestInput,
  async run(input, call) {
    const request = familyRequest('estimate', input.family, input.model, input.params);
    const { prices, guard } = call.studio;
    // A speech take is measured in the speech service's own shape, as generate_speech sends it.
    const measured = input.family === 'speech' ? speechMeasure(request) : request;
    const cost = prices.estimate(measured);
    const check = guard.check([measured]);
    const verdict = check.refusal
      ? 'refused: it would pass a budget'
      : check.needsConfirmation
        ? `the person would be asked first: ${withoutConfirmAsk(confirmationSentence(check))}`
        : 'within the limits';
    const amount =
      check.estimate === null ? 'no estimate yet' : `about ${moneyText(check.estimate, check.unit)}`;
    return {
      text: `${labelOf(input.family)} ${request.model}: ${amount}; ${verdict}.`,
      data: {
        request,
        estimate: cost,
        limits: { unit: check.unit, estimate: check.estimate, confirmAbove: check.confirmAbove },
        needsConfirmation: check.needsConfirmation,
        refused: check.refusal !== null,
      },
    };
  },
});

function speechMeasure(request: SubmissionRequest): SubmissionRequest {
  const { input, voice, response_format: format, speed } = request.params;
  return speechConfiguration({
    model: request.model,
    input: String(input),
    ...(typeof voice === 'string' && { voice }),
    ...(typeof format === 'string' && { responseFormat: format }),
    ...(typeof speed === 'number' && { speed }),
  });
}

function labelOf(family: FamilyId): string {
  return FAMILY_LIST.find((f) => f.id === family)?.label ?? family;
}

export const modelTools: readonly StudioTool[] = [listModels, estimate];
