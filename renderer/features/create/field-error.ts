// The catalog's schema speaks English. Its two common verdicts (required, too long) are re-said through i18n;
// anything more specific keeps the schema's own words in English and becomes a generic sentence elsewhere.
import type { TFunction } from 'i18next';
import type { FieldSpec } from '../../../shared/catalog';

const unset = (v: unknown) =>
  v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

export function fieldErrorText(
  field: FieldSpec,
  value: unknown,
  schemaMessage: string,
  maxLength: number | undefined,
  t: TFunction,
  language: string,
): string {
  if (maxLength !== undefined && typeof value === 'string' && value.length > maxLength) {
    return t('create.validation.tooLong', { max: maxLength });
  }
  if (field.required && (unset(value) || (typeof value === 'string' && value.trim() === ''))) {
    return t('create.validation.required');
  }
  return language.startsWith('en') ? schemaMessage : t('create.validation.invalid');
}
