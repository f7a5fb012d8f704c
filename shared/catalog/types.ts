// The catalog's vocabulary: a family and its fields are plain data, so a form can render them, the CLI can
// coerce `--set field=value` by them, and familySchema() can derive the one zod schema every layer validates with.
import type { FamilyId, TaskEndpoint } from './family-ids';

/** What a family produces. 'speech' is synchronous (no task); the rest are TaskKinds. */
export type FamilyKind = 'image' | 'video' | 'music' | 'upscale' | 'speech';

/**
 * What a family's finished task holds that another request can take: pictures, a video, a track of a music list
 * (a music operation's source), or a four-image grid (an upscale's source).
 */
export type ResultKind = 'image' | 'video' | 'track' | 'grid';

/** [ACK-2] A, [ACK-3] B, [ACK-4] C. */
export type AckShape = 'A' | 'B' | 'C';

export type MediaRole = 'image' | 'video' | 'audio';

/** Which media a URL-carrying field takes, and which URL forms it accepts besides http(s). */
export interface MediaSpec {
  media: MediaRole;
  /** data:image/...;base64,... accepted ([EP-IMAGE-2]; family S converts base64 images, [EP-VIDEO-NSFW-1]). */
  dataUrls: boolean;
  /** asset://... private asset references ([EP-VIDEO-6]). */
  assets: boolean;
}

export type FieldType =
  /** Long free text: prompts, speech input. Rendered as a textarea. */
  | 'text'
  /** Short free text. `examples` offers suggestions without restricting. */
  | 'string'
  /** One of `values` (strings). */
  | 'enum'
  /** Whole number within min/max, or one of `values` when those are discrete (H/W duration 5|10). */
  | 'integer'
  | 'number'
  | 'boolean'
  /** One media URL (`media` says which). */
  | 'url'
  /** A list of media URLs, minItems..maxItems long (`media` says which). */
  | 'urls'
  /** Family S image_with_roles: a list of { url, role? } objects. */
  | 'image-roles';

export interface FieldSpec {
  name: string;
  type: FieldType;
  required: boolean;
  /** The value the gateway uses when the field is omitted, when the spec gives one. Never injected into a body. */
  default?: string | number | boolean;
  /** 'enum': the allowed strings. 'integer': the allowed discrete numbers. */
  values?: readonly (string | number)[];
  /** Suggestions for free-text fields whose allowed values the spec does not show. */
  examples?: readonly string[];
  /**
   * 'string': the common values, offered as choices beside "Other…", whose free value the field's own rules
   * check (ratio, nonBlank). For values the spec leaves open: the choices never refuse what the spec allows.
   */
  choices?: readonly string[];
  /** Inclusive numeric bounds ('integer', 'number'). */
  min?: number;
  max?: number;
  /** 'number' only: the value must be strictly greater than min. */
  exclusiveMin?: boolean;
  /** 'text'/'string': maximum characters. May be lifted per model variant (FamilySpec.variants[].noPromptLimit). */
  maxLength?: number;
  /** 'text'/'string': must contain a non-whitespace character ([EP-IMAGE-2] "non-empty after trimming"). */
  nonBlank?: boolean;
  /** 'urls'/'image-roles': list length bounds; maxItems undefined = the spec shows no limit. */
  minItems?: number;
  maxItems?: number;
  /** 'url'/'urls'/'image-roles': what the URLs point at. */
  media?: MediaSpec;
  /** 'string': the value must look like a ratio such as 16:9 (or a word like 'adaptive', when examples allow it). */
  ratio?: boolean;
  description: string;
  /** The spec clause that defines the field. */
  clause: string;
}

/** A model of a family. Most families have one; I1, I5, V1 and S have several. */
export interface ModelVariant {
  key: string;
  label: string;
  /** The spec's placeholder without angle brackets; configurable per family (ModelConfig). */
  defaultModelId: string;
  /** [EP-VIDEO-6] the mini variant of family S has no prompt character limit. */
  noPromptLimit?: boolean;
}

/**
 * What a family does with a region of a picture ("Edit a region"): how the picture goes to it, how large, and
 * what it can do, in a sentence the editor shows beside the model. Absent: the family cannot edit a picture.
 */
export interface RegionEditSupport {
  /**
   * 'crop': the region with a margin around it, so the model spends its pixels on the part that changes.
   * 'marked': the whole picture with the region outlined, for a model that needs the rest to keep a style or
   * a character consistent. Either way the result is composited back locally (electron/core/region-edit).
   */
  sends: 'crop' | 'marked';
  /** The longest side of the picture sent, in pixels (the spec shows no bound; this keeps a request small). */
  maxSide: number;
  /** The field the picture goes in. */
  field: string;
  can: string;
}

export interface FamilySpec {
  id: FamilyId;
  label: string;
  kind: FamilyKind;
  /** The clause that defines the family's body. */
  clause: string;
  /** POST path relative to {base_url}. */
  path: string;
  /** Where the task is polled; null for speech (synchronous). */
  taskEndpoint: TaskEndpoint | null;
  /** The acknowledgement shapes this family answers with, the usual one first; empty for speech. */
  ack: readonly AckShape[];
  /** Empty for grid upscale, whose body has no model field ([EP-GRID-1]). */
  variants: readonly ModelVariant[];
  /** Every body field but model and webhook. */
  fields: readonly FieldSpec[];
  /**
   * false: a body field the catalog does not know is refused. true: the spec says the family takes parameters
   * it does not show ([EP-IMAGE-1], [EP-IMAGE-5], [EP-VIDEO-7]), so unknown fields pass through untouched.
   */
  openParameters: boolean;
  /** [COMMON-2] nsfw_check applies (families S and I3); elsewhere sending it is refused. */
  nsfwCheck: boolean;
  /** [EP-IMAGE-4] text-only: any image input is refused before sending. */
  textOnly: boolean;
  /** [COMMON-1] the body may carry webhook (every asynchronous family). */
  webhook: boolean;
  /** Extra request headers ([EP-IMAGE-I2HDR-2]). */
  headers: Readonly<Record<string, string>>;
  /** [EP-IMAGE-I2HDR-1] submissions carry an Idempotency-Key, so a POST may be retried safely. */
  idempotencyKey: boolean;
  /** [LIM-12] result links are valid this long when the task gives no expires_at; null = only expires_at counts. */
  resultLinkLifetimeSeconds: number | null;
  /** What the user should know about the family, one short sentence each. */
  notes: readonly string[];
  /**
   * What its results are, so what a later step of a recipe can take from it: no operation of the API turns a
   * picture into music, so nothing but a track is offered a music operation. Empty for speech (no task).
   */
  results: readonly ResultKind[];
  /** Region edits ([EP-IMAGE-1], [EP-IMAGE-2], [EP-IMAGE-5], [EP-IMAGE-6] take an instruction and pictures). */
  regionEdit?: RegionEditSupport;
}

/** Per-family model id overrides: { 'video.s': { mini: 'my-mini-model' } }. Missing entries use the defaults. */
export type ModelConfig = Partial<Record<FamilyId, Partial<Record<string, string>>>>;
