// GET /v1/models?expand=parameters: not in the spec, but a live gateway lists its models with their parameters
// (seen in public clients). Read tolerantly: an entry needs only an id; its parameter schema is kept
// when it is a JSON Schema object whose properties this studio can render (string, enum, integer, number,
// boolean), and otherwise dropped with the reason, never guessed at.
import { z } from 'zod';
import { invalidResponse } from './gateway-error';

export type DiscoveredFieldType = 'string' | 'enum' | 'integer' | 'number' | 'boolean';

export interface DiscoveredField {
  name: string;
  type: DiscoveredFieldType;
  required: boolean;
  description: string;
  values?: string[];
  min?: number;
  max?: number;
  maxLength?: number;
  default?: string | number | boolean;
}

export interface DiscoveredModel {
  id: string;
  /** The POST path the listing names, when it names one. */
  endpoint: string | null;
  /** The parameters as fields, or null when the listing gave no usable schema (schemaProblem says why). */
  fields: DiscoveredField[] | null;
  schemaProblem: string | null;
  /** Parameters of a type this studio cannot offer as a control: given in the form's JSON field instead. */
  skipped?: string[];
}

/** What a schema may hold before it is refused whole: a hostile or broken one never costs more than this. */
export const SCHEMA_LIMITS = { depth: 12, nodes: 5_000, fields: 64, enumValues: 200, text: 2_000 } as const;

// A nullable type is written ["string", "null"]: the non-null one is the field's.
const typeSchema = z.preprocess(
  (type) =>
    Array.isArray(type) && type.length === 2 && type.includes('null') ? type.find((t) => t !== 'null') : type,
  z.enum(['string', 'integer', 'number', 'boolean']),
);

const propertySchema = z.looseObject({
  type: typeSchema,
  enum: z
    .array(z.union([z.string().max(SCHEMA_LIMITS.text), z.number()]))
    .max(SCHEMA_LIMITS.enumValues)
    .optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  maxLength: z.number().int().positive().optional(),
  default: z.union([z.string().max(SCHEMA_LIMITS.text), z.number(), z.boolean()]).optional(),
  description: z.string().optional(),
});

/** Whether a JSON value stays within the depth and size a schema may have (walked without recursion). */
export function withinSchemaLimits(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > SCHEMA_LIMITS.depth) return `the schema nests deeper than ${SCHEMA_LIMITS.depth} levels`;
    for (const child of Object.values(next.value)) {
      nodes += 1;
      if (nodes > SCHEMA_LIMITS.nodes) return `the schema holds more than ${SCHEMA_LIMITS.nodes} entries`;
      stack.push({ value: child, depth: next.depth + 1 });
    }
  }
  return null;
}

const objectSchema = z.looseObject({
  type: z.literal('object').optional(),
  properties: z.record(z.string(), z.unknown()),
  required: z.array(z.string()).optional(),
});

const entrySchema = z.looseObject({
  id: z.string().trim().min(1),
  endpoint: z.string().optional(),
  parameters: z.unknown().optional(),
});

const listSchema = z.union([
  z.looseObject({ data: z.array(z.unknown()) }),
  z.array(z.unknown()).transform((data) => ({ data })),
]);

/**
 * A schema as fields, or the reason it cannot be used at all. A parameter of a type this studio cannot offer as a
 * control (an array, an object, a union) is not a reason to drop the rest: it is named in `skipped`, and the
 * generic form takes it in its JSON field.
 */
export function fieldsFromSchema(
  parameters: unknown,
): { fields: DiscoveredField[]; skipped: string[] } | { problem: string } {
  if (parameters === undefined || parameters === null) return { problem: 'the listing gives no parameters' };
  const tooBig = withinSchemaLimits(parameters);
  if (tooBig) return { problem: tooBig };
  const object = objectSchema.safeParse(parameters);
  if (!object.success) return { problem: 'the parameters are not a JSON Schema object with properties' };
  const entries = Object.entries(object.data.properties);
  if (entries.length > SCHEMA_LIMITS.fields)
    return { problem: `the parameters list ${entries.length} fields (at most ${SCHEMA_LIMITS.fields})` };
  const required = new Set(object.data.required ?? []);
  const fields: DiscoveredField[] = [];
  const skipped: string[] = [];
  for (const [name, raw] of entries) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) || name === 'model') continue;
    const property = propertySchema.safeParse(raw);
    if (!property.success) {
      skipped.push(name);
      continue;
    }
    const p = property.data;
    const values = p.enum?.map(String);
    fields.push({
      name,
      type: values && p.type === 'string' ? 'enum' : p.type,
      required: required.has(name),
      description: (p.description ?? '').slice(0, SCHEMA_LIMITS.text),
      ...(values && p.type === 'string' ? { values } : {}),
      ...(p.minimum !== undefined ? { min: p.minimum } : {}),
      ...(p.maximum !== undefined ? { max: p.maximum } : {}),
      ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
    });
  }
  return fields.length + skipped.length > 0
    ? { fields, skipped }
    : { problem: 'the parameters list no field' };
}

/** The listing's models; entries without an id are skipped, a body that is no list is an invalid response. */
export function parseModelList(body: unknown, status: number): DiscoveredModel[] {
  const list = listSchema.safeParse(body);
  if (!list.success) throw invalidResponse('model list', 'it has no data list', status);
  const models: DiscoveredModel[] = [];
  for (const raw of list.data.data) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) continue;
    const schema = fieldsFromSchema(entry.data.parameters);
    models.push({
      id: entry.data.id,
      endpoint: entry.data.endpoint?.startsWith('/v1/') ? entry.data.endpoint : null,
      fields: 'fields' in schema ? schema.fields : null,
      schemaProblem: 'problem' in schema ? schema.problem : null,
      ...('skipped' in schema && schema.skipped.length > 0 ? { skipped: schema.skipped } : {}),
    });
  }
  return models;
}
