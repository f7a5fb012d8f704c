// Field names come from the catalog; their labels and hints come from i18n (create.fields.<name>[Hint]).
import type { TFunction } from 'i18next';

export function fieldLabel(name: string, t: TFunction): string {
  // A field the bundle does not name yet still gets a readable label rather than a raw key.
  return t(`create.fields.${name}` as 'create.fields.prompt', { defaultValue: name.replaceAll('_', ' ') });
}

export function fieldHint(name: string, t: TFunction): string | undefined {
  const key = `create.fields.${name}Hint`;
  const text = t(key as 'create.fields.prompt_extendHint', { defaultValue: '' });
  return text === '' ? undefined : text;
}
