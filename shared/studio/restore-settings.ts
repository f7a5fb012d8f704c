// What of a file's settings can go back into the Create form: each field checked against the family's schema
// (and the family's rules over the whole body, such as a prompt's length for the model) before anything is
// restored, so a damaged or foreign value is named instead of being restored under a success message. A
// refused field keeps the form's default; a refused model keeps the model the form has.
import { buildBody, checkBody, fieldValueSchema } from '../catalog/schema';
import { FAMILIES, variantForModel } from '../catalog/families';
import type { ModelConfig } from '../catalog/types';
import { validationText } from '../validation';
import type { FileSettings } from './file-settings';

export interface RefusedSetting {
  /** The field's name as stored ('model' for the model id). */
  field: string;
  /** Why, as a sentence. */
  message: string;
}

export interface RestorePlan {
  /** The model id to select, or null to keep the form's (none stored, or refused). */
  model: string | null;
  /** The values that passed, by field name. */
  values: Record<string, unknown>;
  refused: RefusedSetting[];
}

export function planRestore(settings: FileSettings, models?: ModelConfig): RestorePlan {
  const family = FAMILIES[settings.family];
  const refused: RefusedSetting[] = [];
  let model: string | null = null;
  if (family.variants.length > 0) {
    if (variantForModel(family.id, settings.model, models)) model = settings.model;
    else
      refused.push({
        field: 'model',
        message: validationText('unknownModel', { model: settings.model, family: family.label }),
      });
  }
  const values = new Map<string, unknown>();
  for (const [name, value] of Object.entries(settings.params)) {
    const field = family.fields.find((f) => f.name === name);
    if (!field) {
      refused.push({
        field: name,
        message: validationText('notAFormField', { family: family.label, field: name }),
      });
      continue;
    }
    const checked = fieldValueSchema(field).safeParse(value);
    if (checked.success) values.set(name, value);
    else
      refused.push({ field: name, message: checked.error.issues[0]?.message ?? validationText('invalid') });
  }
  // Rules over the whole body (a prompt's length for this model, …) judged with what passed field by field.
  const whole = checkBody(
    family.id,
    buildBody(family.id, model ?? settings.model, Object.fromEntries(values)),
    models,
  );
  if (!whole.ok) {
    for (const problem of whole.problems) {
      const name = problem.path.split('.')[0] ?? '';
      if (!values.has(name)) continue;
      values.delete(name);
      refused.push({ field: name, message: problem.message });
    }
  }
  return { model, values: Object.fromEntries(values), refused };
}
