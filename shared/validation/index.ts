// Importing this index installs zod's error map (error-map.ts): every schema that says `because` comes through here.
export { issueKey } from './error-map';
export { because, englishValidationText, setValidationTranslator, validationText } from './translator';
export type { ValidationTranslator } from './translator';
export { VALIDATION_EN } from './messages';
export type { ValidationKey, ValidationValues } from './messages';
export { MAX_SETTINGS_DEPTH, nestedDeeperThan, settingsRecordSchema } from './json-depth';
