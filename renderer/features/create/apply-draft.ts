// Puts a draft handed to Create (renderer/store/create-slice.ts) into the family's form: a whole set of
// settings replaces the form over the family's defaults; values to add join what is there (a reference image
// is appended to the list, never replacing the ones already picked).
import type { UseFormReturn } from 'react-hook-form';
import {
  defaultValues,
  FAMILIES,
  variantForModel,
  type FamilyId,
  type ModelConfig,
} from '../../../shared/catalog';
import type { CreateDraft } from '../../store/create-slice';
import type { FormValues } from './field-control';

export function applyDraft(
  form: UseFormReturn<FormValues>,
  draft: CreateDraft,
  family: FamilyId,
  models: ModelConfig,
): void {
  // Only the family's own fields: anything else in stored params is not this form's to show.
  const names = new Set(FAMILIES[family].fields.map((f) => f.name));
  const values = Object.fromEntries(Object.entries(draft.values).filter(([k]) => names.has(k)));
  if (draft.replace) {
    const model =
      draft.model !== null && variantForModel(family, draft.model, models)
        ? draft.model
        : form.getValues('model');
    form.reset({ ...defaultValues(family), model, ...values } as FormValues);
    return;
  }
  for (const [name, value] of Object.entries(values)) {
    const current: unknown = form.getValues(name);
    const next =
      Array.isArray(value) && Array.isArray(current)
        ? [...current, ...value.filter((v: unknown) => !current.includes(v))]
        : value;
    form.setValue(name, next as FormValues[string], { shouldDirty: true });
  }
}
