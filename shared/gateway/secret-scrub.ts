// A gateway (or a proxy in front of it) may echo the request's Authorization header in an error text. Any text
// that comes from the gateway passes through here before it is stored or shown: the key itself, any bearer
// token and any Authorization value are replaced, whatever their letter case. Pure text work, so the client,
// the stores, the host and the CLI all use this one reading of "a secret in a text".

export const REDACTED = '[redacted]';

type Secrets = readonly (string | null | undefined)[];

/** Shorter secrets would blank ordinary words; the settings refuse keys this short anyway. */
const MIN_SECRET_LENGTH = 4;

// "Authorization: Bearer x", "authorization=x", "\"Authorization\":\"Bearer x\"": the value up to a quote,
// a line end, a comma, a semicolon or a closing brace.
const AUTHORIZATION_VALUE = /(authorization\\?["']?\s*[:=]\s*\\?["']?)([^"'\\\r\n,;}]+)/gi;
// "Bearer <token>" anywhere else (a token per RFC 6750: b64token).
const BEARER_TOKEN = /\b(bearer)(\s+)([A-Za-z0-9\-._~+/]+=*)/gi;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every secret, bearer token and Authorization value replaced by [redacted]. */
export function scrubSecretText(text: string, secrets: Secrets = []): string {
  let out = text
    .replace(AUTHORIZATION_VALUE, (_m, name: string) => `${name}${REDACTED}`)
    .replace(BEARER_TOKEN, (_m, word: string, space: string) => `${word}${space}${REDACTED}`);
  for (const secret of secrets) {
    const value = secret?.trim();
    if (value && value.length >= MIN_SECRET_LENGTH)
      out = out.replace(new RegExp(escapeRegExp(value), 'gi'), REDACTED);
  }
  return out;
}

/** Whether scrubSecretText would change the text (cheap test before a write). */
export function holdsSecretText(text: string, secrets: Secrets = []): boolean {
  return scrubSecretText(text, secrets) !== text;
}

/** An error's texts (message, code, param) scrubbed; the rest kept. */
export function scrubErrorTexts<T extends { message: string; code: string; param?: string | null }>(
  info: T,
  secrets: Secrets = [],
): T {
  return {
    ...info,
    message: scrubSecretText(info.message, secrets),
    code: scrubSecretText(info.code, secrets),
    ...(info.param !== undefined && { param: info.param && scrubSecretText(info.param, secrets) }),
  };
}
