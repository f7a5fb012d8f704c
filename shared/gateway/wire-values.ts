// Tolerant building blocks for the wire schemas: where the spec does not fix a representation, the reasonable
// variants are accepted and reduced to one.
import { z } from 'zod';
import { because } from '../validation';

/** A number, or a numeric string ("0.04"). */
export const looseNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)
    .transform(Number),
]);

/** An integer count or timestamp, tolerating numeric strings. */
export const looseInt = looseNumber.pipe(z.number().int());

/** An id: a string, or a number turned into one. */
export const looseId = z.union([z.string().min(1), z.number().int().transform(String)]);

/** error.code is an integer in the generic body ([ERR-1]) and a string elsewhere ([ERR-OTHER-2], [ERR-OTHER-3]). */
export const looseCode = z.union([z.string(), z.number().transform(String)]);

/** Unix seconds; milliseconds (>= 1e11) and ISO 8601 strings are converted. */
export const unixSeconds = z.union([
  looseNumber.transform((n) => (n >= 1e11 ? Math.floor(n / 1000) : n)),
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), { params: because('format') })
    .transform((s) => Math.floor(Date.parse(s) / 1000)),
]);
