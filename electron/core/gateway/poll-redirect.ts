// A redirect answering a read (a status poll, a balance, a usage report). The client never lets axios follow one
// (it would carry the key wherever the Location points): a redirect on the gateway's own origin is followed here
// with the key, a few hops at most; one to any other origin is not followed. The client does not repeat it (the
// answer would be the same), but the engine reads any redirect as transient (gateway-errors.ts), so a charged
// task being polled is asked again later instead of failing.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';

/** Redirect statuses whose Location names the same resource elsewhere. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Hops followed on one read; a longer chain is a loop or a misconfiguration, answered as a transient error. */
export const MAX_READ_REDIRECTS = 3;

/** Where a request goes: the origin (the per-request base URL) and the path with its query. */
export interface ReadTarget {
  origin: string;
  path: string;
}

export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

function transient(status: number, message: string): GatewayError {
  return new GatewayError(
    localErrorInfo('invalid_response', message, { httpStatus: status, retryable: false, code: 'redirect' }),
  );
}

/**
 * The next hop of a read answered with `status` and `location`, sent from `from` to the gateway at `baseUrl`:
 * the same origin's path, or a transient GatewayError (another origin, no Location, too many hops).
 */
export function nextReadTarget(
  baseUrl: string,
  from: ReadTarget,
  status: number,
  location: string | undefined,
  hop: number,
): ReadTarget {
  if (!location) return fail(transient(status, `The gateway answered ${status} without saying where to.`));
  let to: URL;
  try {
    to = new URL(location, from.origin + from.path);
  } catch {
    return fail(transient(status, `The gateway answered ${status} with an unreadable Location.`));
  }
  const home = new URL(baseUrl).origin;
  if (to.origin !== home) {
    return fail(
      transient(
        status,
        `The gateway redirected the request to another site (${to.origin}); the key is not sent there, so the app asks again later.`,
      ),
    );
  }
  if (hop >= MAX_READ_REDIRECTS) {
    return fail(
      transient(status, `The gateway redirected the request more than ${MAX_READ_REDIRECTS} times.`),
    );
  }
  return { origin: to.origin, path: to.pathname + to.search };
}

function fail(error: GatewayError): never {
  throw error;
}

interface Answered {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** Sends a request (`send(null)` to its own URL) and, for a GET, follows same-origin redirects. */
export async function followReads<R extends Answered>(
  baseUrl: string,
  method: string,
  url: string,
  send: (target: ReadTarget | null) => Promise<R>,
): Promise<R> {
  let target: ReadTarget | null = null;
  for (let hop = 0; ; hop++) {
    const response = await send(target);
    if (method !== 'GET' || !isRedirect(response.status)) return response;
    // A streamed redirect body is dropped with its connection.
    (response.body as { destroy?: () => void } | null)?.destroy?.();
    const base = new URL(baseUrl);
    const from = target ?? { origin: base.origin, path: base.pathname.replace(/\/$/, '') + url };
    target = nextReadTarget(baseUrl, from, response.status, response.headers.location, hop);
  }
}
