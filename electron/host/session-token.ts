// The web mode's session secret: a random token printed once in the URL, traded on first use for an HttpOnly
// SameSite=Strict cookie. Compared through fixed-length digests so neither length nor content leaks by timing.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'studio_session';
export const TOKEN_HEADER = 'x-studio-token';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export function tokenMatches(expected: string, offered: string | null | undefined): boolean {
  if (typeof offered !== 'string' || offered.length === 0) return false;
  return timingSafeEqual(digest(expected), digest(offered));
}

/** The value of one cookie from a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
