// Who says a validation key's sentence, and in which language: English by default (main, the CLI, tests), the
// renderer's i18next once it hands it in. Free of zod on purpose: the renderer's start sets the translator
// without loading zod, and zod's error map (error-map.ts) reads it whenever a schema first parses.
import { VALIDATION_EN, type ValidationKey, type ValidationValues } from './messages';

/** Turns a key and its values into a sentence. */
export type ValidationTranslator = (key: ValidationKey, values: ValidationValues) => string;

/** For a custom rule: `.refine(fn, { params: because('ratio') })` or `ctx.addIssue({ code: 'custom', params })`. */
export function because(
  key: ValidationKey,
  values: ValidationValues = {},
): { key: ValidationKey } & ValidationValues {
  return { ...values, key };
}

export function englishValidationText(key: ValidationKey, values: ValidationValues): string {
  return VALIDATION_EN[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

let translate: ValidationTranslator = englishValidationText;

/** A rule's sentence in the language the map speaks (English, or the renderer's through its translator). */
export function validationText(key: ValidationKey, values: ValidationValues = {}): string {
  return translate(key, values);
}

/** The renderer calls this once with i18next; what the map says follows the language from then on. */
export function setValidationTranslator(next: ValidationTranslator): void {
  translate = next;
}
