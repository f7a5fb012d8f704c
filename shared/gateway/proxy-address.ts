// A proxy address as a creator types it (Settings, the CLI's --proxy, HTTPS_PROXY): the schemes the agent library
// speaks, a host and, where the scheme has no usual one, a port. (Seen in public clients.)
import { VALIDATION_EN } from '../validation/messages';

export const PROXY_SCHEMES = ['http', 'https', 'socks', 'socks4', 'socks4a', 'socks5', 'socks5h'] as const;

export type ProxyAddressCheck = { ok: true; url: string } | { ok: false; sentence: string };

/** What the core says for an address that is not a proxy address (the forms say the validation key alone). */
export function badProxySentence(text: string): string {
  return `The proxy "${text}" cannot be used. ${VALIDATION_EN.proxyAddress}`;
}

/** Checks and normalises (no trailing slash) a proxy address; an empty text is "no proxy" for the caller. */
export function checkProxyAddress(text: string): ProxyAddressCheck {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, sentence: badProxySentence(trimmed) };
  }
  const scheme = url.protocol.replace(/:$/, '');
  const known = (PROXY_SCHEMES as readonly string[]).includes(scheme);
  const needsPort = scheme.startsWith('socks');
  const plain = (url.pathname === '' || url.pathname === '/') && url.search === '' && url.hash === '';
  if (!known || url.hostname === '' || !plain || (needsPort && url.port === ''))
    return { ok: false, sentence: badProxySentence(trimmed) };
  return {
    ok: true,
    url: `${url.protocol}//${url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''}${url.host}`,
  };
}

/** host:port of a proxy address without its credentials, for sentences. */
export function proxyHostOf(address: string): string {
  try {
    const url = new URL(address);
    return url.host;
  } catch {
    return address;
  }
}
