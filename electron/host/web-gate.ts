// Web mode's door: every request needs a Host header naming us (DNS rebinding), no foreign Origin, and the
// session token, first from the printed URL (traded once for an HttpOnly cookie) and then from the cookie or the
// token header. Anything else is refused before it reaches the bridge or a file.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCookie, SESSION_COOKIE, sessionCookie, TOKEN_HEADER, tokenMatches } from './session-token';
import { refuse } from './web-responses';

export interface Gate {
  token: string;
  /** Host headers we answer to (127.0.0.1 and localhost on our port). */
  hosts: Set<string>;
  origins: Set<string>;
}

/** The request's URL when it may go on; null when the gate has already answered it. */
export function admit(req: IncomingMessage, res: ServerResponse, gate: Gate): URL | null {
  // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends Host: evil.example.
  if (!gate.hosts.has((req.headers.host ?? '').toLowerCase())) {
    refuse(res, 421, 'Wrong host.');
    return null;
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !gate.origins.has(origin)) {
    refuse(res, 403, 'Cross-origin requests are refused.');
    return null;
  }
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const offered = url.searchParams.get('token');
  if (offered !== null) {
    if (!tokenMatches(gate.token, offered)) {
      refuse(res, 401, 'This link is not valid for this session. Copy the URL printed by `npm run web`.');
      return null;
    }
    // Trade the token for a cookie and drop it from the address bar and history.
    url.searchParams.delete('token');
    res.writeHead(303, {
      'set-cookie': sessionCookie(gate.token),
      location: url.pathname + url.search,
      'cache-control': 'no-store',
    });
    res.end();
    return null;
  }
  const authorised =
    tokenMatches(gate.token, readCookie(req.headers.cookie, SESSION_COOKIE)) ||
    tokenMatches(gate.token, req.headers[TOKEN_HEADER] as string | undefined);
  if (!authorised) {
    refuse(res, 401, 'Open the URL printed by `npm run web` (it carries the session token).');
    return null;
  }
  return url;
}
