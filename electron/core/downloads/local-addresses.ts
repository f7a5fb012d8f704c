// Result links come from the gateway's JSON, so a gateway (or whoever answers for it) could point one at a
// service on this machine or its network: another local port, a router's page, a cloud metadata address. Result
// files are refused from loopback, link-local, private and other non-public addresses, checked on the address
// actually connected to (a name resolving to one is refused too), unless the gateway itself is on such an address
// (the demo gateway, a gateway on the user's own network), whose files are naturally served from there.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
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
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const LOCAL = new net.BlockList();
for (const [address, prefix] of V4) LOCAL.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of V6) LOCAL.addSubnet(address, prefix, 'ipv6');

/** An IPv6 address that carries an IPv4 one (::ffff:127.0.0.1): judged by the IPv4 address. */
function embeddedV4(address: string): string | null {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m?.[1] ?? null;
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
      'from such addresses only when the gateway itself is on one',
    false,
  );
}

/** Throws before connecting when the URL names a local address or name outright. */
export function refuseLocalHost(url: URL): void {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isLocalAddress(host) || isLocalName(host)) throw localAddressError(host, host);
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
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, options.all ? [] : '', undefined);
    const local = addresses.find((a) => isLocalAddress(a.address));
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
