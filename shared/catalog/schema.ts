// ONE zod schema per family, derived from the catalog's field data. Forms (react-hook-form's zodResolver), the
// core (before anything leaves the machine) and the CLI all validate with it, so they cannot disagree.
import { z } from 'zod';
import type { FamilyId } from './family-ids';
import type { FamilySpec, FieldSpec, MediaSpec, ModelConfig } from './types';
import { FAMILIES, variantForModel } from './families';
import { DATA_IMAGE_URL, isReferenceUri } from '../studio/references';
import { because, englishValidationText, type ValidationKey } from '../validation';
import { isRatio } from '../http/ratio';

/** A request body: model (absent for grid upscale), the family's fields and, for async families, webhook. */
export type FamilyBody = Record<string, unknown>;
export type FamilySchema = z.ZodType<FamilyBody, FamilyBody>;

export { isRatio };
const ASSET_URL = /^asset:\/\/\S+$/;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

/**
 * True when value is a URL the field's media spec accepts. Every field of image URLs takes a stored reference
 * image (`studio-ref:<sha256>`): the core turns it into an uploaded URL, or a data URL where those are taken,
 * for the submission body only, and the gateway client refuses a body that still holds one.
 */
export function isAcceptedMediaUrl(value: string, media: MediaSpec | undefined): boolean {
  if (isHttpUrl(value)) return true;
  if (media?.media === 'image' && isReferenceUri(value)) return true;
  if (media?.dataUrls && DATA_IMAGE_URL.test(value)) return true;
  return Boolean(media?.assets && ASSET_URL.test(value));
}

/** The sentence naming the URL forms the field's media spec accepts. */
function mediaUrlKey(media: MediaSpec | undefined): ValidationKey {
  if (media?.dataUrls && media.assets) return 'urlOrDataOrAsset';
  if (media?.dataUrls) return 'urlOrData';
  if (media?.assets) return 'urlOrAsset';
  return 'url';
}

// Messages are keys, never sentences: the one error map (shared/validation) says them in the reader's language.
const mediaUrl = (media: MediaSpec | undefined) =>
  z.string().refine((v) => isAcceptedMediaUrl(v, media), { params: because(mediaUrlKey(media)) });

function withItems<T extends z.ZodType>(item: T, f: FieldSpec) {
  let list = z.array(item);
  if (f.minItems) list = list.min(f.minItems);
  if (f.maxItems !== undefined) list = list.max(f.maxItems);
  return list;
}

function numberSchema(f: FieldSpec): z.ZodType {
  let n = f.type === 'integer' ? z.number().int() : z.number();
  if (f.min !== undefined) n = f.exclusiveMin ? n.gt(f.min) : n.min(f.min);
  if (f.max !== undefined) n = n.max(f.max);
  const allowed = f.values;
  if (!allowed) return n;
  return n.refine((v) => allowed.includes(v), { params: because('oneOf', { values: allowed.join(', ') }) });
}

function stringSchema(f: FieldSpec): z.ZodType {
  let s = z.string();
  if (f.required) s = s.min(1);
  // maxLength is checked by familyRules: it can depend on the model ([EP-VIDEO-6] mini has no limit).
  const checks: z.ZodType<string> = s
    .refine((v) => !f.nonBlank || v.trim() !== '', { params: because('notBlank') })
    .refine((v) => !f.ratio || v === '' || isRatio(v) || (f.examples ?? []).includes(v), {
      params: because('ratio'),
    });
  return checks;
}

/** The zod schema of one field's value (required-ness aside). */
export function fieldValueSchema(f: FieldSpec): z.ZodType {
  switch (f.type) {
    case 'text':
    case 'string':
      return stringSchema(f);
    case 'enum':
      return z.enum((f.values ?? []).map(String) as [string, ...string[]]);
    case 'integer':
    case 'number':
      return numberSchema(f);
    case 'boolean':
      return z.boolean();
    case 'url':
      return mediaUrl(f.media);
    case 'urls':
      return withItems(mediaUrl(f.media), f);
    case 'image-roles':
      // Role values are not shown ([EP-VIDEO-7]): any string; other keys of an entry pass through.
      return withItems(z.looseObject({ url: mediaUrl(f.media), role: z.string().optional() }), f);
  }
}

/** Form inputs report an empty optional field as '', null or NaN: all mean "not set". */
const isUnset = (v: unknown) =>
  v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

function optional(schema: z.ZodType): z.ZodType {
  return z.preprocess((v) => (isUnset(v) ? undefined : v), schema.optional());
}

// [EVT-9] the gateway silently drops callbacks to local or private hosts and to non-standard ports: refuse them here.
const PRIVATE_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.0\.0\.0$|\[?::1\]?$|\[?f[cd][0-9a-f]{2}:)/i;

export type WebhookIssueCode = 'not-http' | 'private' | 'port' | 'credentials' | 'own-domain';

export interface WebhookIssue {
  code: WebhookIssueCode;
  /** The sentence's key for the error map (shared/validation). */
  key: ValidationKey;
}

const WEBHOOK_KEYS: Record<WebhookIssueCode, ValidationKey> = {
  'not-http': 'webhookNotHttp',
  private: 'webhookPrivate',
  port: 'webhookPort',
  credentials: 'webhookCredentials',
  'own-domain': 'webhookOwnDomain',
};

const issue = (code: WebhookIssueCode): WebhookIssue => ({ code, key: WEBHOOK_KEYS[code] });

/**
 * Why the gateway would drop callbacks to this webhook base URL, or null. [EVT-9]: public http(s) host on a
 * standard port, not the gateway's own domain (checked when `gatewayBaseUrl` is given). [AUTH-6]: secrets stay
 * private, so credentials inside the URL (which the gateway keeps and calls) are refused too.
 */
export function webhookIssue(value: string, gatewayBaseUrl?: string | null): WebhookIssue | null {
  if (!isHttpUrl(value)) return issue('not-http');
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') return issue('credentials');
  if (PRIVATE_HOST.test(url.hostname)) return issue('private');
  if (url.port !== '' && url.port !== '80' && url.port !== '443') return issue('port');
  if (gatewayBaseUrl && URL.canParse(gatewayBaseUrl)) {
    const own = new URL(gatewayBaseUrl).hostname.toLowerCase();
    const host = url.hostname.toLowerCase();
    if (host === own || host.endsWith(`.${own}`)) return issue('own-domain');
  }
  return null;
}

const webhookSchema = z.string().superRefine((v, ctx) => {
  const found = webhookIssue(v);
  if (found) ctx.addIssue({ code: 'custom', params: because(found.key) });
});

// [EP-IMAGE-4] the names an image input may travel under; the text-only family refuses all of them.
const IMAGE_INPUT = /(^|_)(image|images|img|frame|reference)(_|s?$)/i;

/** [EP-IMAGE-4] whether a text-only family refuses this body field. */
function refusedAsImageInput(family: FamilySpec, key: string): boolean {
  return family.textOnly && IMAGE_INPUT.test(key);
}

/** [EP-IMAGE-4] why a text-only family refuses this body field (in English, for the CLI), or null. */
export function textOnlyRefusal(family: FamilySpec, key: string): string | null {
  return refusedAsImageInput(family, key)
    ? englishValidationText('textOnly', { family: family.label })
    : null;
}

function familyRules(family: FamilySpec, models: ModelConfig | undefined) {
  const known = new Set(family.fields.map((f) => f.name));
  if (family.variants.length > 0) known.add('model');
  if (family.webhook) known.add('webhook');
  return (body: FamilyBody, ctx: z.RefinementCtx) => {
    if (typeof body !== 'object' || body === null) return;
    const model = typeof body.model === 'string' ? body.model : '';
    const variant = variantForModel(family.id, model, models);

    for (const f of family.fields) {
      const v = body[f.name];
      if (f.maxLength === undefined || typeof v !== 'string') continue;
      if (f.name === 'prompt' && variant?.noPromptLimit) continue;
      if (v.length > f.maxLength) {
        ctx.addIssue({
          code: 'custom',
          path: [f.name],
          params: because('promptTooLong', { max: f.maxLength, length: v.length }),
        });
      }
    }

    for (const key of Object.keys(body)) {
      if (known.has(key) || isUnset(body[key])) continue;
      if (key === 'nsfw_check' && !family.nsfwCheck) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          params: because('noModeration', { family: family.label }),
        });
      } else if (refusedAsImageInput(family, key)) {
        ctx.addIssue({ code: 'custom', path: [key], params: because('textOnly', { family: family.label }) });
      } else if (family.id === 'image.i3' && key === 'n') {
        ctx.addIssue({ code: 'custom', path: [key], params: because('oneImage', { family: family.label }) });
      } else if (!family.openParameters) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          params: because('unknownField', { family: family.label, field: key }),
        });
      }
    }

    // [EP-VIDEO-6] prompt is required for text-to-video only.
    if (family.id === 'video.s' && isUnset(body.prompt)) {
      const inputs = [
        'image_urls',
        'image_with_roles',
        'first_frame_image',
        'last_frame_image',
        'video_urls',
      ];
      const hasInput = inputs.some(
        (k) => !isUnset(body[k]) && !(Array.isArray(body[k]) && body[k].length === 0),
      );
      if (!hasInput) ctx.addIssue({ code: 'custom', path: ['prompt'], params: because('textToVideoPrompt') });
    }
  };
}

/** Each field's schema by name, an unset optional one passing as absent (a family's, or a listed model's). */
export function fieldsShape(fields: readonly FieldSpec[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const value = fieldValueSchema(f);
    shape[f.name] = f.required ? value : optional(value);
  }
  return shape;
}

function buildSchema(family: FamilySpec, models: ModelConfig | undefined): FamilySchema {
  const shape: Record<string, z.ZodType> = fieldsShape(family.fields);
  if (family.variants.length > 0) shape.model = z.string().min(1);
  if (family.webhook) shape.webhook = optional(webhookSchema);
  return z
    .looseObject(shape)
    .superRefine(familyRules(family, models), { when: () => true }) as unknown as FamilySchema;
}

const cache = new Map<FamilyId, FamilySchema>();

/**
 * The family's request-body schema. With `models`, model-specific rules (S mini: no prompt limit) follow the
 * configured model ids; without it, the spec's placeholders. Unknown model ids get the family's strictest rules.
 */
export function familySchema(id: FamilyId, models?: ModelConfig): FamilySchema {
  if (models) return buildSchema(FAMILIES[id], models);
  let schema = cache.get(id);
  if (!schema) cache.set(id, (schema = buildSchema(FAMILIES[id], undefined)));
  return schema;
}

/** Drops unset values ('' / null / NaN / undefined) so the body holds only what the user chose. */
export function compactBody(body: FamilyBody): FamilyBody {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => !isUnset(v)));
}

/**
 * The body a submission sends: model (omitted for grid upscale, which has none), params, and webhook when given.
 * Not validated: pass the result to familySchema(id).parse / safeParse.
 */
export function buildBody(
  id: FamilyId,
  model: string,
  params: Record<string, unknown>,
  webhook?: string,
): FamilyBody {
  const body: FamilyBody = FAMILIES[id].variants.length > 0 ? { model, ...params } : { ...params };
  if (webhook) body.webhook = webhook;
  return compactBody(body);
}

export interface BodyProblem {
  /** Dotted path of the offending field ('' for the body itself), e.g. 'image_urls.3'. */
  path: string;
  message: string;
}

export type BodyCheck = { ok: true; body: FamilyBody } | { ok: false; problems: BodyProblem[] };

/** Validates a body with the family's schema and returns the parsed body (unset values dropped) or the problems. */
export function checkBody(id: FamilyId, body: unknown, models?: ModelConfig): BodyCheck {
  const result = familySchema(id, models).safeParse(body);
  if (result.success) return { ok: true, body: compactBody(result.data) };
  return {
    ok: false,
    problems: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  };
}
