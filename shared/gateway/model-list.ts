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
}

const propertySchema = z.looseObject({
  type: z.enum(['string', 'integer', 'number', 'boolean']),
  enum: z.array(z.union([z.string(), z.number()])).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  maxLength: z.number().int().positive().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  description: z.string().optional(),
});

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

/** A listed schema as fields, or the reason it cannot be used. */
export function fieldsFromSchema(parameters: unknown): { fields: DiscoveredField[] } | { problem: string } {
  if (parameters === undefined || parameters === null) return { problem: 'the listing gives no parameters' };
  const object = objectSchema.safeParse(parameters);
  if (!object.success) return { problem: 'the parameters are not a JSON Schema object with properties' };
  const required = new Set(object.data.required ?? []);
  const fields: DiscoveredField[] = [];
  for (const [name, raw] of Object.entries(object.data.properties)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) || name === 'model') continue;
    const property = propertySchema.safeParse(raw);
    if (!property.success) return { problem: `parameter "${name}" has a type this studio cannot offer` };
    const p = property.data;
    const values = p.enum?.map(String);
    fields.push({
      name,
      type: values && p.type === 'string' ? 'enum' : p.type,
      required: required.has(name),
      description: p.description ?? '',
      ...(values && p.type === 'string' ? { values } : {}),
      ...(p.minimum !== undefined ? { min: p.minimum } : {}),
      ...(p.maximum !== undefined ? { max: p.maximum } : {}),
      ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
    });
  }
  return fields.length > 0 ? { fields } : { problem: 'the parameters list no field' };
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
    });
  }
  return models;
}
