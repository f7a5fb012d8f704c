// Turns the CLI's `--set field=value` strings into typed body values, by the catalog's field types. Validation
// proper stays with familySchema(): this only coerces, and refuses what cannot be coerced at all.
import type { FamilyId } from './family-ids';
import type { FieldSpec } from './types';
import { FAMILIES, getField } from './families';
import { textOnlyRefusal } from './schema';

export class FieldValueError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'FieldValueError';
  }
}

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

function parseJson(field: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new FieldValueError(field, `not valid JSON: ${raw}`);
  }
}

/** A value for a field the catalog does not list (open families): JSON when it parses, the raw string otherwise. */
function guess(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * One raw CLI value coerced by the field's type. List fields ('urls', 'image-roles') yield the items the raw
 * value holds (a JSON array, or one item), to be appended to earlier `--set`s of the same field.
 */
export function coerceFieldValue(f: FieldSpec, raw: string): unknown {
  switch (f.type) {
    case 'text':
    case 'string':
    case 'enum':
    case 'url':
      return raw;
    case 'integer':
    case 'number': {
      const n = raw.trim() === '' ? Number.NaN : Number(raw);
      if (Number.isNaN(n)) throw new FieldValueError(f.name, `expected a number, got "${raw}"`);
      if (f.type === 'integer' && !Number.isInteger(n))
        throw new FieldValueError(f.name, `expected a whole number, got "${raw}"`);
      return n;
    }
    case 'boolean': {
      const v = raw.trim().toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      throw new FieldValueError(f.name, `expected true or false, got "${raw}"`);
    }
    case 'urls': {
      // No comma splitting: data URLs contain commas. Repeat --set to add more, or pass a JSON array.
      if (!raw.trimStart().startsWith('[')) return [raw];
      const list = parseJson(f.name, raw);
      if (!Array.isArray(list)) throw new FieldValueError(f.name, 'expected a JSON array of URLs');
      return list;
    }
    case 'image-roles': {
      const t = raw.trimStart();
      if (!t.startsWith('[') && !t.startsWith('{')) return [{ url: raw }];
      const v = parseJson(f.name, raw);
      return Array.isArray(v) ? v : [v];
    }
  }
}

function splitAssignment(assignment: string): [string, string] {
  const eq = assignment.indexOf('=');
  if (eq <= 0) throw new FieldValueError(assignment, 'expected field=value');
  return [assignment.slice(0, eq).trim(), assignment.slice(eq + 1)];
}

/**
 * Parses every `--set field=value` of one command into body params. Repeated list fields accumulate; other
 * repeated fields keep the last value. Fields the family does not list are refused, except in families whose
 * parameters the spec leaves open, where the value is taken as JSON when it parses and as text otherwise.
 */
export function parseSetAssignments(id: FamilyId, assignments: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const assignment of assignments) {
    const [name, raw] = splitAssignment(assignment);
    const f = getField(id, name);
    if (!f) {
      if (name === 'webhook' && FAMILIES[id].webhook) out[name] = raw;
      else if (FAMILIES[id].openParameters) out[name] = guess(raw);
      else
        throw new FieldValueError(
          name,
          textOnlyRefusal(FAMILIES[id], name) ?? `${FAMILIES[id].label} has no such field`,
        );
      continue;
    }
    const value = coerceFieldValue(f, raw);
    const prev = out[name];
    out[name] = Array.isArray(value) && Array.isArray(prev) ? [...prev, ...value] : value;
  }
  return out;
}

/**
 * `--set field=value` for a listed model of no known family (generic-model.ts): its schema's fields coerced by
 * their types; a parameter the schema names but no field offers (`skipped`) is taken as JSON; anything else is
 * refused, as the app's form has no place for it.
 */
export function parseGenericAssignments(
  fields: readonly FieldSpec[],
  skipped: readonly string[],
  assignments: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const assignment of assignments) {
    const [name, raw] = splitAssignment(assignment);
    const f = fields.find((field) => field.name === name);
    if (f) out[name] = coerceFieldValue(f, raw);
    else if (skipped.includes(name)) out[name] = guess(raw);
    else throw new FieldValueError(name, 'the model’s schema has no such field');
  }
  return out;
}
