// Result links come from the gateway's JSON, so a gateway (or whoever answers for it) could point one at a
// service on this machine or its network: another local port, a router's page, a cloud metadata address. Result
// files are refused from loopback, link-local, private and other non-public addresses, checked on the address
// actually connected to (a name resolving to one is refused too), unless the gateway itself is on such an address
// (the demo gateway, a gateway on the user's own network), whose files are naturally served from there; and then
// only from the same kind of address as the gateway: a gateway on this machine may point at this
// machine's other ports (the demo serves its files from one), never into the network around it, and a gateway on
// the network never at this machine. A creator who needs more (a file server on their network behind a public
// gateway) lists addresses, ranges or names in Settings › Result files or the CLI's --result-addresses, and they are
// added here. This module is the one rule: every result download asks it.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
import { parseResultAddress } from '../../../shared/gateway/result-addresses';
import { DownloadError } from './download-error';

const V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: readonly [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo (tunnels to any IPv4 address)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const LOCAL = new net.BlockList();
for (const [address, prefix] of V4) LOCAL.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of V6) LOCAL.addSubnet(address, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (its dotted IPv4 tail folded in), or null when it is not one. */
function v6Groups(address: string): number[] | null {
  if (net.isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...fill, ...right];
  return groups.length === 8 ? groups : null;
}

const v4Of = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * An IPv6 address that carries an IPv4 one, judged by the IPv4 address: IPv4-mapped (::ffff:a.b.c.d, in either
 * spelling), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedV4(address: string): string | null {
  const g = v6Groups(address);
  if (!g) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo4 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroTo4 && (g5 === 0xffff || (g5 === 0 && (g6 !== 0 || g7 > 1)))) return v4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4Of(g6, g7);
  if (g0 === 0x2002) return v4Of(g1, g2);
  return null;
}

/** The kinds of non-public address a gateway may share with its result files. */
export type AddressKind = 'public' | 'loopback' | 'network' | 'other';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
/** A private network around this machine (RFC 1918, carrier-grade NAT, unique local IPv6). */
const NETWORK = new net.BlockList();
for (const [a, p] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  NETWORK.addSubnet(a, p, 'ipv4');
NETWORK.addSubnet('fc00::', 7, 'ipv6');

/** What kind of address this is: public, this machine, the network around it, or another (link-local…). */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (!isLocalAddress(bare)) return 'public';
  const v4 = embeddedV4(bare);
  const [ip, type] = v4
    ? [v4, 'ipv4' as const]
    : [bare, net.isIP(bare) === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  if (LOOPBACK.check(ip, type)) return 'loopback';
  if (NETWORK.check(ip, type)) return 'network';
  return 'other';
}

/** True for a loopback, link-local, private or otherwise non-public IP address. Not an IP: false. */
export function isLocalAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const v4 = embeddedV4(bare);
  if (v4) return LOCAL.check(v4, 'ipv4');
  const family = net.isIP(bare);
  if (family === 4) return LOCAL.check(bare, 'ipv4');
  if (family === 6) return LOCAL.check(bare, 'ipv6');
  return false;
}

/** A host name that only ever means this machine. */
function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** What a refused download says: where it pointed, and why only some gateways may do that. */
export function localAddressError(host: string, address: string): DownloadError {
  const at = host === address ? address : `${host} (${address})`;
  return new DownloadError(
    'unsafe_url',
    `refusing to fetch a result from ${at}, a local or private network address: result files are fetched ` +
      'from such addresses only when the gateway itself is on one, of the same kind (this machine, or the ' +
      'network around it)',
    false,
  );
}

/**
 * Which addresses result files may come from: public ones, the non-public kinds the gateway itself is on, and what
 * the creator allowed beyond them (Settings › Result files, the CLI's --result-addresses): ranges, and host names
 * trusted whatever they resolve to.
 */
export interface ResultAddressRule {
  readonly allowedKinds: readonly AddressKind[];
  /** The creator's ranges (single addresses are ranges of one); none when absent. */
  readonly extraRanges?: net.BlockList;
  /** The creator's host names, lower case without a final dot. */
  readonly extraHosts?: ReadonlySet<string>;
}

/** A gateway on a public address (or none known): results from public addresses only. */
export const PUBLIC_ONLY: ResultAddressRule = { allowedKinds: [] };

/** Whether the rule lets a result come from this IP address. */
export function allowsAddress(rule: ResultAddressRule, address: string): boolean {
  const kind = addressKind(address);
  if (kind === 'public' || rule.allowedKinds.includes(kind)) return true;
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(bare);
  return family !== 0 && rule.extraRanges?.check(bare, family === 4 ? 'ipv4' : 'ipv6') === true;
}

/** Whether the creator named this host: its files come from wherever the name points. */
function allowsHost(rule: ResultAddressRule, host: string): boolean {
  return rule.extraHosts?.has(host.toLowerCase().replace(/\.$/, '')) === true;
}

/** The rule with the creator's entries added; an entry that is none (a hand-edited file) is left out. */
export function withExtraAddresses(rule: ResultAddressRule, entries: readonly string[]): ResultAddressRule {
  if (entries.length === 0) return rule;
  const extraRanges = new net.BlockList();
  const extraHosts = new Set<string>();
  for (const entry of entries.map(parseResultAddress)) {
    if (entry?.kind === 'host') extraHosts.add(entry.name);
    else if (entry) extraRanges.addSubnet(entry.address, entry.prefix, entry.family);
  }
  return { ...rule, extraRanges, extraHosts };
}

/** Throws before connecting when the URL names an address or name the rule refuses outright. */
export function refuseLocalHost(url: URL, rule: ResultAddressRule = PUBLIC_ONLY): void {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (allowsHost(rule, host)) return;
  const refused = isLocalName(host) ? !rule.allowedKinds.includes('loopback') : !allowsAddress(rule, host);
  if (refused) throw localAddressError(host, host);
}

/**
 * Resolves a name the way a connection would and throws when an address it gives is refused: for a download
 * through a proxy, which connects by name, so the check is made here on what the name means now.
 */
export async function refuseResolvedHost(host: string, rule: ResultAddressRule): Promise<void> {
  if (net.isIP(host) || isLocalName(host) || allowsHost(rule, host)) return;
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  const refused = addresses.find((a) => !allowsAddress(rule, a.address));
  if (refused) throw localAddressError(host, refused.address);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net.connect / tls.connect that fails when the name resolves to a local address, so a public
 * name pointing at 127.0.0.1 (or re-pointed there after a first check) is refused at the connection itself.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookupAllowedBy(PUBLIC_ONLY)(hostname, options, callback);
}

/** The same for a rule that also allows the gateway's own kinds of address. */
export const lookupAllowedBy =
  (rule: ResultAddressRule) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void =>
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, options.all ? [] : '', undefined);
      const local = allowsHost(rule, hostname)
        ? undefined
        : addresses.find((a) => !allowsAddress(rule, a.address));
      if (local) {
        const refused = Object.assign(localAddressError(hostname, local.address), { code: 'ELOCALADDRESS' });
        return callback(refused, options.all ? [] : '', undefined);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      return first
        ? callback(null, first.address, first.family)
        : callback(
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            undefined,
          );
    });

/**
 * The rule for the results of the gateway at `baseUrl`: public addresses, and the kinds of non-public address
 * its own host is on (resolved), so the demo on this machine may serve files from this machine, and a gateway on
 * the network around it from that network. An unreadable or unresolvable URL (or none) gives public only.
 */
export async function resultAddressRule(
  baseUrl: string | null,
  /** The creator's own additions (Settings › Result files, the CLI's --result-addresses). */
  extra: readonly string[] = [],
): Promise<ResultAddressRule> {
  return withExtraAddresses(await gatewayRule(baseUrl), extra);
}

/** Public addresses and the kinds of non-public address the gateway's own host is on. */
async function gatewayRule(baseUrl: string | null): Promise<ResultAddressRule> {
  if (!baseUrl) return PUBLIC_ONLY;
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return PUBLIC_ONLY;
  }
  if (isLocalName(host)) return { allowedKinds: ['loopback'] };
  const addresses = net.isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve) =>
        dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found.map((a) => a.address))),
      );
  const kinds = new Set(addresses.map(addressKind).filter((k) => k === 'loopback' || k === 'network'));
  return { allowedKinds: [...kinds] };
}

/**
 * Whether the gateway at `baseUrl` is itself on a local address (its name resolved): then its result files may
 * be too. An unreadable or unresolvable URL is not local.
 */
export async function gatewayIsLocal(baseUrl: string | null): Promise<boolean> {
  if (!baseUrl) return false;
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return false;
  }
  if (isLocalAddress(host) || isLocalName(host)) return true;
  if (net.isIP(host)) return false;
  return new Promise((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) =>
      resolve(!error && addresses.some((a) => isLocalAddress(a.address))),
    );
  });
}
