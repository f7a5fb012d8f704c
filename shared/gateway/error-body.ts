// Every error body the spec shows, as one tolerant schema:
//   [ERR-1] generic {error: {code: <HTTP status>, message, type}}
//   [ERR-OTHER-2] usage {success: false, error: {code: string, message, type: usage_query_error}}
//   [ERR-OTHER-3] / [EP-IMAGE-I2HDR-4] I2 {error: {message, type, param, code: string}}
//   [ERR-OTHER-1] balance {success: false, message} (HTTP 200; see balance.ts)
// plus a bare {message} or {error: "text"}, which some layers in front of the gateway send ([AUTH-2]), and the
// shapes the gateway's public clients meet: {success: false, message} and {code: 402, message}, the code a
// number or a numeric string.
import { z } from 'zod';
import { looseCode } from './wire-values';

export const errorObjectSchema = z.looseObject({
  message: z.string().nullish(),
  type: z.string().nullish(),
  code: looseCode.nullish(),
  param: z.string().nullish(),
});

export const errorBodySchema = z.union([
  z.looseObject({ success: z.literal(false).optional(), error: errorObjectSchema }),
  z.looseObject({ success: z.literal(false).optional(), error: z.string() }),
  z.looseObject({ success: z.literal(false).optional(), code: looseCode.optional(), message: z.string() }),
]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** [ERR-USAGE-1..5] the usage_query_error codes; [ERR-USAGE-6] others may occur. */
export const USAGE_ERROR_CODES = [
  'invalid_start',
  'invalid_end',
  'invalid_range',
  'range_too_large',
  'invalid_tz',
  'invalid_group_by',
] as const;

export interface ErrorFields {
  message: string | null;
  type: string | null;
  code: string | null;
  param: string | null;
}

/** The fields of any error body; all null when the body is not one (HTML from a proxy, empty, binary). */
export function errorFields(body: unknown): ErrorFields {
  const r = errorBodySchema.safeParse(body);
  const none: ErrorFields = { message: null, type: null, code: null, param: null };
  if (!r.success) return none;
  const b: { error?: unknown; message?: unknown } = r.data;
  const e = errorObjectSchema.safeParse(b.error);
  if (e.success) {
    const { message, type, code, param } = e.data;
    return { message: message ?? null, type: type ?? null, code: code ?? null, param: param || null };
  }
  if (typeof b.error === 'string') return { ...none, message: b.error };
  const code = (r.data as { code?: unknown }).code;
  return {
    ...none,
    message: typeof b.message === 'string' ? b.message : null,
    code: typeof code === 'string' && code !== '' ? code : null,
  };
}

/**
 * The HTTP status an error body says it is: a code of 400 to 599 (a number or a numeric string, at the top or
 * in error.code). Some gateways answer HTTP 200 with such a body; this is the status they meant.
 */
export function statusInBody(body: unknown): number | null {
  const { code } = errorFields(body);
  const n = code !== null && /^\d{3}$/.test(code.trim()) ? Number(code) : Number.NaN;
  return n >= 400 && n <= 599 ? n : null;
}
