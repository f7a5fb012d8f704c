// Which addresses a result file may not come from (unless the gateway is on one itself), judged on the address
// connected to: literals, IPv4 inside IPv6, and names that resolve to a local address.
import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import {
  addressKind,
  gatewayIsLocal,
  isLocalAddress,
  publicOnlyLookup,
  resultAddressRule,
} from '../../../electron/core/downloads/local-addresses';

describe('local addresses', () => {
  it('are loopback, link-local, private and other non-public ranges, in IPv4 and IPv6', () => {
    for (const local of [
      '127.0.0.1',
      '127.9.9.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '[::1]',
    ]) {
      expect(isLocalAddress(local), local).toBe(true);
    }
    for (const open of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111', 'example.com']) {
      expect(isLocalAddress(open), open).toBe(false);
    }
  });

  it('a name resolving to a local address is refused at the connection', async () => {
    const error = await new Promise<unknown>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (e: unknown) => resolve(e)),
    );
    expect(error).toMatchObject({ code: 'ELOCALADDRESS', reason: 'unsafe_url' });
    expect(String((error as Error).message)).toMatch(/refusing to fetch a result from localhost/);
  });

  it('a gateway is local when its host is, or resolves to, a local address', async () => {
    expect(await gatewayIsLocal('http://127.0.0.1:4000')).toBe(true);
    expect(await gatewayIsLocal('http://localhost:4000/v1')).toBe(true);
    expect(await gatewayIsLocal('http://[::1]:4000')).toBe(true);
    expect(await gatewayIsLocal('https://8.8.8.8')).toBe(false);
    expect(await gatewayIsLocal(null)).toBe(false);
    expect(await gatewayIsLocal('not a url')).toBe(false);
  });

  it('a public address passes through the lookup unchanged', async () => {
    // A literal resolves to itself without the network.
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      publicOnlyLookup('8.8.8.8', { all: true }, (e, a) => (e ? reject(e) : resolve(a as LookupAddress[]))),
    );
    expect(addresses).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  // IPv4 carried inside IPv6 in forms the check did not read.
  it('IPv4 inside IPv6 is judged by the IPv4 address, in every form', () => {
    for (const local of [
      '::ffff:7f00:1',
      '::7f00:1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001::1',
    ]) {
      expect(isLocalAddress(local), local).toBe(true);
    }
    for (const open of ['::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::808:808']) {
      expect(isLocalAddress(open), open).toBe(false);
    }
    expect(addressKind('::ffff:a00:1')).toBe('network');
    expect(addressKind('fd00::1')).toBe('network');
    expect(addressKind('::1')).toBe('loopback');
    expect(addressKind('169.254.169.254')).toBe('other');
  });

  it('a gateway’s rule allows the kinds of address it is on, never link-local', async () => {
    expect(await resultAddressRule('http://127.0.0.1:4000')).toEqual({ allowedKinds: ['loopback'] });
    expect(await resultAddressRule('http://localhost:4000')).toEqual({ allowedKinds: ['loopback'] });
    expect(await resultAddressRule('http://192.168.1.20')).toEqual({ allowedKinds: ['network'] });
    expect(await resultAddressRule('http://169.254.169.254')).toEqual({ allowedKinds: [] });
    expect(await resultAddressRule('https://8.8.8.8')).toEqual({ allowedKinds: [] });
    expect(await resultAddressRule(null)).toEqual({ allowedKinds: [] });
  });
});
