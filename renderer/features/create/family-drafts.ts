// What a creator typed into each family's form, kept per family in localStorage: switching the family, visiting
// the Library, or restarting the app brings back the prompt, the references and the settings where they were
// left. Only the family's own fields come back, and a model the catalog no longer offers is dropped, so a stored
// draft can never put a value into the form that its schema does not know.
import { FAMILIES, variantForModel, type FamilyId, type ModelConfig } from '../../../shared/catalog';
import type { FormValues } from './field-control';

const PREFIX = 'gateway-studio.draft.';

type DraftValue = string | number | boolean | string[];

function isDraftValue(value: unknown): value is DraftValue {
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string');
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A browser that refuses storage (private mode, a policy) still has a working form, only no drafts.
    return null;
  }
}

/** The family's draft, or an empty object when there is none or it cannot be read. */
export function loadDraft(family: FamilyId, models: ModelConfig): Partial<FormValues> {
  const raw = storage()?.getItem(PREFIX + family);
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const names = new Set(FAMILIES[family].fields.map((f) => f.name));
  const out: Record<string, DraftValue> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!isDraftValue(value)) continue;
    if (name === 'model') {
      if (typeof value === 'string' && variantForModel(family, value, models)) out[name] = value;
    } else if (names.has(name)) out[name] = value;
  }
  return out as Partial<FormValues>;
}

/** Keeps the form's values as the family's draft (values that are not plain form values are left out). */
export function saveDraft(family: FamilyId, values: Partial<FormValues>): void {
  const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => isDraftValue(v)));
  try {
    storage()?.setItem(PREFIX + family, JSON.stringify(kept));
  } catch {
    // Full storage: the draft is a convenience, never a reason to interrupt typing.
  }
}
