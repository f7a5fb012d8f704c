export {
  because,
  englishValidationText,
  issueKey,
  setValidationTranslator,
  validationText,
} from './error-map';
export type { ValidationTranslator } from './error-map';
export { VALIDATION_EN } from './messages';
export type { ValidationKey, ValidationValues } from './messages';
export { MAX_SETTINGS_DEPTH, nestedDeeperThan, settingsRecordSchema } from './json-depth';
