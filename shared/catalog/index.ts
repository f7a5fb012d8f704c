// The catalog's public surface: import from 'shared/catalog', not from the files behind it.
export { FAMILY_IDS, type FamilyId, type TaskEndpoint, type TaskKind } from './family-ids';
export type {
  AckShape,
  FamilyKind,
  FamilySpec,
  FieldSpec,
  FieldType,
  MediaRole,
  MediaSpec,
  ModelConfig,
  ModelVariant,
  RegionEditSupport,
} from './types';
export { regionEditModel, regionEditModels, type RegionEditModel } from './region-edit-models';
export type { ResultKind } from './types';
export {
  FAMILIES,
  FAMILY_LIST,
  defaultModelId,
  defaultValues,
  familiesForModel,
  familyForModel,
  familyModels,
  getFamily,
  getField,
  isFamilyId,
  modelConfigFromOverrides,
  referenceImageFields,
  submissionModelId,
  takesPictures,
  variantForModel,
  type ModelMatch,
  type ResolvedVariant,
} from './families';
export {
  buildBody,
  checkBody,
  compactBody,
  familySchema,
  fieldValueSchema,
  isAcceptedMediaUrl,
  isRatio,
  webhookIssue,
  type WebhookIssue,
  type WebhookIssueCode,
  type BodyCheck,
  type BodyProblem,
  type FamilyBody,
  type FamilySchema,
} from './schema';
export { carryOver, choiceKey, modelsOfKind, type CarriedOver, type ModelChoice } from './carry-over';
export {
  coerceFieldValue,
  parseGenericAssignments,
  parseSetAssignments,
  FieldValueError,
} from './cli-values';
export {
  I3_RATIOS,
  I3_RESOLUTIONS,
  I3_SIZE_TABLE,
  i3OutputSize,
  type I3Ratio,
  type I3Resolution,
  type PixelSize,
} from './i3-sizes';
export { SPEECH_FORMATS, SPEECH_INPUT_LIMIT, SPEECH_SPEED_ABOVE, type SpeechFormat } from './speech-rules';
export { RAW_PCM_MIMES, SPEECH_PCM_FORMAT, wavFromPcm, type PcmFormat } from './speech-pcm';
