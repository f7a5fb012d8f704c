// Every model id the simulator knows: the spec's placeholders without angle brackets.

export type FamilyName =
  | 'i1'
  | 'i2'
  | 'i3'
  | 'i4'
  | 'i5'
  | 'i6'
  | 'v1'
  | 'v2'
  | 'h'
  | 'w'
  | 'k'
  | 's'
  | 'music'
  | 'speech'
  /** A model of no family the spec documents, listed by GET /v1/models (routes/models.ts). */
  | 'x';

export const MODEL_FAMILIES = {
  image_model_id_i1: 'i1',
  image_model_id_i1_pro: 'i1',
  image_model_id_i2: 'i2',
  image_model_id_i3: 'i3',
  // Beyond the spec, as a live gateway lists them (GET /v1/models, seen in public clients): a newer id of a known family, and a
  // model of a family the spec does not document.
  image_model_id_i3_2026: 'i3',
  image_model_id_x1: 'x',
  image_model_id_i4: 'i4',
  image_model_id_i5: 'i5',
  image_model_id_i5_alias: 'i5',
  image_model_id_i6: 'i6',
  video_model_id_v1_pro: 'v1',
  video_model_id_v1_turbo: 'v1',
  video_model_id_v2: 'v2',
  video_model_id_h: 'h',
  video_model_id_w: 'w',
  video_model_id_k: 'k',
  video_model_id_s: 's',
  video_model_id_s_fast: 's',
  video_model_id_s_mini: 's',
  music_model_id: 'music',
  speech_model_id: 'speech',
} as const satisfies Record<string, FamilyName>;

export type ModelId = keyof typeof MODEL_FAMILIES;
export const MODEL_IDS = Object.keys(MODEL_FAMILIES) as ModelId[];

export const IMAGE_FAMILIES: readonly FamilyName[] = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'x'];
export const VIDEO_FAMILIES: readonly FamilyName[] = ['v1', 'v2', 'h', 'w', 'k', 's'];

export function familyOf(model: unknown): FamilyName | undefined {
  return typeof model === 'string' && Object.hasOwn(MODEL_FAMILIES, model)
    ? MODEL_FAMILIES[model as ModelId]
    : undefined;
}

/** The model name recorded in usage for grid upscales, which carry no model field ([EP-GRID-1]). */
export const GRID_UPSCALE_MODEL = 'grid_upscale';
