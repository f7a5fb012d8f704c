// Reference images are files, not strings inside rows. The core stores each image once, named by the sha256 of
// its bytes, and task parameters, library items, events and bridge payloads carry only `studio-ref:<sha256>`.
// The data URL the gateway wants ([EP-IMAGE-2], [EP-VIDEO-NSFW-1]) is built from the file only for the body of a
// submission. This module is the one definition of that reference, of the size limit and of its sentence.
import { z } from 'zod';
import { englishValidationText } from '../validation';

/** The scheme of a stored reference image inside task parameters and library items. */
export const REFERENCE_SCHEME = 'studio-ref:';

const REFERENCE_URI = /^studio-ref:([0-9a-f]{64})$/;

/**
 * The largest reference image the studio stores. The spec sets no byte limit on an image URL or data URL
 * ([EP-IMAGE-2], [LIM-10] only count them); 20 MiB holds any photo or 4K screenshot a creator drops in,
 * while sixteen of them as base64 still make a request body a gateway can take.
 */
export const MAX_REFERENCE_BYTES = 20 * 1024 * 1024;

/** `data:image/<type>;base64,<payload>` as the gateway accepts it ([EP-IMAGE-2]). */
export const DATA_IMAGE_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+$/i;

export const referenceUri = (sha256: string): string => `${REFERENCE_SCHEME}${sha256}`;

/** The sha256 a `studio-ref:` value names, or null when the value is anything else. */
export function referenceSha(value: string): string | null {
  return REFERENCE_URI.exec(value)?.[1] ?? null;
}

export const isReferenceUri = (value: string): boolean => REFERENCE_URI.test(value);

const mib = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');

/** The limit and an image's size in MiB, as the sentence for an image over the limit shows them. */
export function referenceSizes(bytes: number): { limit: string; size: string } {
  return { limit: mib(MAX_REFERENCE_BYTES), size: mib(bytes) };
}

/** The one sentence for an image over the limit (CLI, core), from the validation table. */
export function referenceTooLarge(bytes?: number): string {
  return bytes === undefined
    ? englishValidationText('referenceLimit', { limit: mib(MAX_REFERENCE_BYTES) })
    : englishValidationText('referenceTooLarge', referenceSizes(bytes));
}

/** Bytes a base64 payload decodes to, without decoding it (whitespace and padding ignored). */
export function base64DecodedLength(payload: string): number {
  const clean = payload.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/** A stored reference image as the bridge returns it after an upload (the type is inferred from it). */
export const referenceImageSchema = z.object({
  /** `studio-ref:<sha256>`: what goes into a form field and a task's parameters. */
  uri: z.string(),
  sha256: z.string(),
  mime: z.string(),
  size: z.number().int().min(0),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type ReferenceImage = z.infer<typeof referenceImageSchema>;

type Json = unknown;

/** Every string anywhere inside a JSON value (arrays and objects walked), for which keep(value) holds. */
export function collectStrings(value: Json, keep: (s: string) => boolean, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (keep(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectStrings(v, keep, into);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) collectStrings(v, keep, into);
  }
  return into;
}

/** A copy of a JSON value with each string found in `replacements` swapped; key order is kept. */
export function replaceStrings<T extends Json>(value: T, replacements: ReadonlyMap<string, string>): T {
  if (replacements.size === 0) return value;
  const walk = (v: Json): Json => {
    if (typeof v === 'string') return replacements.get(v) ?? v;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** True when a body still names a stored reference: such a body must never reach the gateway. */
export const containsReference = (value: Json): boolean =>
  collectStrings(value, (s) => s.startsWith(REFERENCE_SCHEME)).length > 0;
