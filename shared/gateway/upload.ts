// The answer of POST /v1/uploads/images, which the spec does not list but the real gateway's public clients use
// for reference pictures (seen in public clients): {url, …}; the URL lives about 72 h. Anything else is an invalid response.
import { z } from 'zod';
import { invalidResponse } from './gateway-error';
import { unixSeconds } from './wire-values';

/** How long an uploaded image stays reachable when the answer does not say (public clients report ~72 h). */
export const UPLOAD_LIFETIME_MS = 72 * 3_600_000;

export interface UploadedImage {
  url: string;
  /** ms since epoch, when the answer says. */
  expiresAt: number | null;
}

const uploadAnswerSchema = z.looseObject({
  url: z.url({ protocol: /^https?$/ }),
  expires_at: unixSeconds.nullish(),
});

/** The answer's URL (http or https only) and its expiry; a body without one is an invalid response. */
export function parseUploadAnswer(body: unknown, status: number): UploadedImage {
  // Some relays wrap the answer as {data: {...}} like their other answers.
  const inner =
    typeof body === 'object' && body !== null && 'data' in body && !('url' in body)
      ? (body as { data: unknown }).data
      : body;
  const parsed = uploadAnswerSchema.safeParse(inner);
  if (!parsed.success) throw invalidResponse('upload answer', 'it has no http(s) url', status);
  const seconds = parsed.data.expires_at;
  return {
    url: parsed.data.url,
    expiresAt: seconds === null || seconds === undefined ? null : seconds * 1000,
  };
}
