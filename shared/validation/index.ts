export { because, englishValidationText, issueKey, setValidationTranslator } from './error-map';
export type { ValidationTranslator } from './error-map';
export { VALIDATION_EN } from './messages';
export type { ValidationKey, ValidationValues } from './messages';
