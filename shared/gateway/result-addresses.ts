// The addresses a creator allows result files to come from beyond the rule's own (electron/core/downloads/
// local-addresses.ts: public addresses, and the kinds of non-public address the gateway itself is on). One entry a
// line in Settings › Result files, or comma-separated in the CLI's --result-addresses: an IP address, a CIDR range
// (10.0.0.0/8, fd00::/8) or a host name (files.lan), each read here once for the settings, the CLI and the core.
import { z } from 'zod';
import { because } from '../validation';

/** How many entries a creator may list: enough for a network's file servers, never a list to scan on each hop. */
export const MAX_RESULT_ADDRESSES = 50;

export type ResultAddressEntry =
  | { kind: 'range'; family: 'ipv4' | 'ipv6'; address: string; prefix: number }
  | { kind: 'host'; name: string };

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** One entry as typed (trimmed; a host name compared without case or a final dot), or null when it is none. */
export function parseResultAddress(text: string): ResultAddressEntry | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed.length > 255) return null;
  const [address = '', prefixText, extra] = trimmed.split('/');
  if (extra !== undefined) return null;
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = ipv4.safeParse(bare).success ? 'ipv4' : ipv6.safeParse(bare).success ? 'ipv6' : null;
  if (family) {
    const bits = family === 'ipv4' ? 32 : 128;
    if (prefixText === undefined) return { kind: 'range', family, address: bare, prefix: bits };
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    const prefix = Number(prefixText);
    return prefix <= bits ? { kind: 'range', family, address: bare, prefix } : null;
  }
  if (prefixText !== undefined) return null;
  const name = trimmed.replace(/\.$/, '');
  const labels = name.split('.');
  // A name of letters, digits and hyphens; all digits is an address typed wrong, not a name.
  if (!labels.every((label) => LABEL.test(label)) || /^[\d.]+$/.test(name)) return null;
  return { kind: 'host', name };
}

/** One entry as the settings keep it: trimmed, and refused with one sentence when it is no address, range or name. */
export const resultAddressSchema = z
  .string()
  .trim()
  .max(255)
  .refine((text) => parseResultAddress(text) !== null, { params: because('resultAddress') });

export const resultAddressesSchema = z.array(resultAddressSchema).max(MAX_RESULT_ADDRESSES);

/** The entries of a text (one a line, or separated by commas or spaces), empty ones left out. */
export function splitResultAddresses(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
