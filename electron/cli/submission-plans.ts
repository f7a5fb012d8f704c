// Turns command-line arguments into a SubmissionRequest validated with the family's catalog schema, the same
// one the forms and the client use. Every refusal here is exit 2 and happens before the gateway is contacted.
import {
  FAMILIES,
  FieldValueError,
  checkBody,
  buildBody,
  defaultModelId,
  familiesForModel,
  familyForModel,
  isFamilyId,
  parseSetAssignments,
} from '../../shared/catalog';
import type { FamilyId } from '../../shared/catalog';
import { parseGenericAssignments } from '../../shared/catalog';
import type { PlacedModel } from '../../shared/catalog/discovered';
import {
  carrierFamilyOf,
  genericFields,
  genericParams,
  genericSchema,
  JSON_PARAMETERS,
} from '../../shared/catalog/generic-model';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { invalidArgument } from './cli-errors';
import { referenceValues } from './reference-images';

export const MUSIC_OPERATIONS = {
  concat: 'music.concat',
  'generate-mp4': 'music.generateMp4',
  'adjust-speed': 'music.adjustSpeed',
  'add-instrumental': 'music.addInstrumental',
} as const satisfies Record<string, FamilyId>;
export type MusicOperation = keyof typeof MUSIC_OPERATIONS;

/** Picks the family for a model: --family when given, else the catalog's single match. */
export function familyFor(model: string, family: string | undefined): FamilyId {
  if (family !== undefined) {
    if (!isFamilyId(family)) {
      throw invalidArgument(`Unknown family "${family}". Run \`models\` for the list.`, 'family');
    }
    if (FAMILIES[family].kind === 'speech') {
      throw invalidArgument('Speech is synchronous: use the `speech` command.', 'family');
    }
    return family;
  }
  const match = familyForModel(model);
  if (match) {
    if (match.family.kind === 'speech')
      throw invalidArgument('Use the `speech` command for speech models.', 'model');
    return match.family.id;
  }
  const several = familiesForModel(model);
  if (several.length > 1) {
    throw invalidArgument(
      `${model} serves several families (${several.map((m) => m.family.id).join(', ')}): pass --family.`,
      'family',
    );
  }
  throw invalidArgument(
    `The catalog does not know the model ${model}: pass --family to say which family it is.`,
    'family',
  );
}

/** `--set field=value` assignments read by the family's catalog (exit 2 with the field on a bad one). */
export function parseSets(family: FamilyId, sets: readonly string[]): Record<string, unknown> {
  try {
    return parseSetAssignments(family, sets);
  } catch (error) {
    if (error instanceof FieldValueError) throw invalidArgument(error.message, error.field);
    throw error;
  }
}

/** Validates the full body; returns the request the engine stores (params without model and webhook). */
export function validatedRequest(
  family: FamilyId,
  model: string,
  params: Record<string, unknown>,
  webhook?: string,
): SubmissionRequest {
  const check = checkBody(family, buildBody(family, model, params, webhook));
  if (!check.ok) {
    const [first] = check.problems;
    const message = check.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
    throw invalidArgument(message, first?.path || null, 'validation_error');
  }
  const { model: _model, webhook: hook, ...rest } = check.body;
  return {
    family,
    model,
    params: rest,
    ...(typeof hook === 'string' ? { webhook: hook } : {}),
  };
}

export interface GenerateArgs {
  model: string;
  prompt?: string;
  set: readonly string[];
  ref: readonly string[];
  family?: string;
  webhook?: string;
}

/**
 * A model the catalog does not name, found in the gateway's listing (models --listed, kept for offline use): a new
 * id of a known family is that family's; one of no known family is sent through its endpoint's carrier family
 * and checked against its own schema (generic-model.ts), as the app's generic form does. Null: not listed.
 */
export type ListedLookup = (model: string) => Promise<PlacedModel | null>;

function planListedGeneric(model: PlacedModel, args: GenerateArgs): SubmissionRequest {
  const carrier = carrierFamilyOf(model.endpoint);
  if (!carrier)
    throw invalidArgument(`The gateway lists ${model.id} at no endpoint this studio can send to.`, 'model');
  const fields = genericFields(model);
  let values: Record<string, unknown>;
  try {
    values = parseGenericAssignments(fields, model.skipped ?? [], args.set);
  } catch (error) {
    if (error instanceof FieldValueError) throw invalidArgument(error.message, error.field);
    throw error;
  }
  if (args.prompt !== undefined) values.prompt = args.prompt;
  const { [JSON_PARAMETERS]: _json, ...typed } = values;
  const skipped = Object.fromEntries(
    Object.entries(typed).filter(([k]) => !fields.some((f) => f.name === k)),
  );
  const own = Object.fromEntries(Object.entries(typed).filter(([k]) => fields.some((f) => f.name === k)));
  const check = genericSchema(fields, false).safeParse(own);
  if (!check.success) {
    const message = check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw invalidArgument(message, String(check.error.issues[0]?.path[0] ?? '') || null, 'validation_error');
  }
  return validatedRequest(carrier, model.id, { ...skipped, ...genericParams(check.data) }, args.webhook);
}

export async function planGenerate(
  args: GenerateArgs,
  cwd: string,
  listed?: ListedLookup,
): Promise<SubmissionRequest> {
  if (
    args.family === undefined &&
    listed &&
    !familyForModel(args.model) &&
    familiesForModel(args.model).length === 0
  ) {
    const found = await listed(args.model);
    if (found?.family) return planGenerate({ ...args, family: found.family }, cwd);
    if (found) return planListedGeneric(found, args);
  }
  const family = familyFor(args.model, args.family);
  const params = parseSets(family, args.set);
  if (args.prompt !== undefined) params.prompt = args.prompt;
  if (args.ref.length > 0) {
    const { field, values } = await referenceValues(family, args.ref, cwd);
    const earlier = Array.isArray(params[field]) ? (params[field] as unknown[]) : [];
    params[field] = [...earlier, ...values];
  }
  return validatedRequest(family, args.model, params, args.webhook);
}

export interface MusicArgs {
  operation: string;
  sourceRemoteId: string;
  index?: number;
  model?: string;
  set: readonly string[];
}

export function planMusic(args: MusicArgs): SubmissionRequest {
  if (!(args.operation in MUSIC_OPERATIONS)) {
    throw invalidArgument(
      `Unknown music operation "${args.operation}": one of ${Object.keys(MUSIC_OPERATIONS).join(', ')}.`,
      'operation',
    );
  }
  const family = MUSIC_OPERATIONS[args.operation as MusicOperation];
  const params = parseSets(family, args.set);
  params.task_id = args.sourceRemoteId;
  if (args.index !== undefined) params.audio_index = args.index;
  const model = args.model ?? defaultModelId(family) ?? '';
  return validatedRequest(family, model, params);
}

export interface UpscaleArgs {
  sourceRemoteId: string;
  index: number;
  speed?: string;
}

export function planUpscale(args: UpscaleArgs): SubmissionRequest {
  const params: Record<string, unknown> = { task_id: args.sourceRemoteId, index: args.index };
  if (args.speed !== undefined) params.speed = args.speed;
  return validatedRequest('grid.upscale', '', params);
}

export interface SpeechArgs {
  model: string;
  input: string;
  voice?: string;
  format?: string;
  speed?: number;
}

/** The speech body, checked ([LIM-7] 4096 characters, [EP-SPEECH-1] formats) before the call. */
export function planSpeech(args: SpeechArgs): SpeechArgs {
  const body = {
    input: args.input,
    ...(args.voice !== undefined && { voice: args.voice }),
    ...(args.format !== undefined && { response_format: args.format }),
    ...(args.speed !== undefined && { speed: args.speed }),
  };
  validatedRequest('speech', args.model, body);
  return args;
}
