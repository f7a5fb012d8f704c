// What counts as "the same speech" ([EP-SPEECH-1]): the same gateway, model and every body field that shapes
// the audio. A repeat is served from the library instead of being paid for again. The rules lean
// towards a miss: serving different audio as "the same" is worse than paying once more.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../shared/studio/canonical-json';

/**
 * Normalises one speech body (as speechBody() builds it) for the cache:
 * - the text is compared after Unicode NFC, CRLF → LF and trimming the ends: the words spoken are the same;
 *   inner spacing and case are kept (they can change pauses and emphasis);
 * - an empty voice is no voice; voice and model ids are trimmed, their case kept (the gateway may tell them
 *   apart);
 * - the format is lower-cased;
 * - a missing field is not the same as a value: the spec does not show the defaults of voice, format or speed,
 *   so "no speed" and "speed 1" may not be the same audio;
 * - numbers compare as numbers (1 and 1.0 are one value);
 * - any other field in the body (a future parameter) takes part as it is, so it can only make a miss.
 */
export function normaliseSpeechBody(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (name === 'input' && typeof value === 'string') {
      out[name] = value.normalize('NFC').replace(/\r\n?/g, '\n').trim();
    } else if ((name === 'voice' || name === 'model') && typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed !== '') out[name] = trimmed;
    } else if (name === 'response_format' && typeof value === 'string') {
      out[name] = value.trim().toLowerCase();
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** A gateway's identity for the cache: 'demo', or its base URL without a trailing slash, scheme and host lower-cased. */
export function normaliseGateway(gateway: string): string {
  const trimmed = gateway.trim();
  try {
    const url = new URL(trimmed);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return trimmed;
  }
}

/** The cache key: a SHA-256 of the gateway and the normalised body, as JSON with its keys sorted. */
export function speechCacheKey(gateway: string, body: Record<string, unknown>): string {
  const canonical = canonicalJson({ gateway: normaliseGateway(gateway), body: normaliseSpeechBody(body) });
  return createHash('sha256').update(canonical).digest('hex');
}
