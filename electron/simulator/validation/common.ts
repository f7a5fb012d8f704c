// Shared field rules and the mapping from a zod issue to the spec's error bodies.
import { z } from 'zod';
import { invalidRequest } from '../errors';
import { isRatio } from '../../../shared/http/ratio';

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const param = issue ? issue.path.map(String).join('.') : '';
  throw invalidRequest(issue ? issue.message : 'Invalid request body.', param.split('.')[0] ?? '');
}

/** Characters as a person counts them (code points): an emoji is one character, not two UTF-16 units. */
export const charCount = (text: string): number => Array.from(text).length;

export const requiredPrompt = (max?: number): z.ZodType<string> => {
  let prompt = z
    .string('prompt is required and must be a string')
    .refine((p) => p.trim().length > 0, 'prompt must not be empty');
  if (max !== undefined) {
    prompt = prompt.refine((p) => charCount(p) <= max, `prompt must be at most ${max} characters`);
  }
  return prompt;
};

/** The spec's "string ratio", by the app's own rule (shared/http/ratio.ts): two numbers above zero, 16:9 or 2.39:1. */
export const ratio = (field: string) =>
  z
    .string(`${field} must be a ratio string like 16:9`)
    .refine(isRatio, `${field} must be a ratio like 16:9 or 2.39:1 (two numbers above zero)`);

const HTTP_URL = /^https?:\/\/[^\s/]+\S*$/i;
const DATA_IMAGE_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+$/i;
const ASSET_URL = /^asset:\/\/\S+$/i;

export const imageRef = (field: string, allowAssets = false) =>
  z
    .string(`${field} entries must be strings`)
    .refine(
      (v) => HTTP_URL.test(v) || DATA_IMAGE_URL.test(v) || (allowAssets && ASSET_URL.test(v)),
      `${field} entries must be http(s) URLs or data:image/...;base64,... URLs`,
    );

export const mediaRef = (field: string) =>
  z
    .string(`${field} entries must be strings`)
    .refine(
      (v) => HTTP_URL.test(v) || ASSET_URL.test(v),
      `${field} entries must be http(s) or asset:// URLs`,
    );

export const intIn = (field: string, min: number, max: number) =>
  z
    .number(`${field} must be an integer`)
    .int(`${field} must be an integer`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

export const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, `${field} must be one of ${values.join(', ')}`);

export const bool = (field: string) => z.boolean(`${field} must be a boolean`);

/** [COMMON-1], [COMMON-2]: accepted on every asynchronous submission. */
export const commonFields = {
  webhook: z
    .string('webhook must be a string')
    .refine((v) => URL.canParse(v), 'webhook must be an absolute URL')
    .optional(),
  nsfw_check: bool('nsfw_check').optional(),
};

/** [EP-IMAGE-I3SIZE-1..7] exactly; other families keep the long side at the tier and round to 8 px. */
export const I3_SIZES: Record<string, Record<'1K' | '2K', [number, number]>> = {
  '1:1': { '1K': [1024, 1024], '2K': [2048, 2048] },
  '4:3': { '1K': [1152, 864], '2K': [2048, 1536] },
  '3:4': { '1K': [864, 1152], '2K': [1536, 2048] },
  '16:9': { '1K': [1280, 720], '2K': [2048, 1152] },
  '9:16': { '1K': [720, 1280], '2K': [1152, 2048] },
  '3:2': { '1K': [1248, 832], '2K': [2048, 1360] },
  '2:3': { '1K': [832, 1248], '2K': [1360, 2048] },
};

const TIER_LONG_SIDE: Record<string, number> = { '1K': 1024, '2K': 2048, '4K': 4096 };

export function sizeFor(ratioText: string, tier: string): { width: number; height: number } {
  const [w = 1, h = 1] = ratioText.split(':').map(Number);
  const long = TIER_LONG_SIDE[tier] ?? 1024;
  const short = (side: number): number => Math.max(8, Math.round((long * side) / Math.max(w, h) / 8) * 8);
  return w >= h ? { width: long, height: short(h) } : { width: short(w), height: long };
}
