// The creator's result addresses as typed: an IP address, a CIDR range or a host name, anything else refused with
// one sentence (Settings and the CLI read them here).
import { describe, expect, it } from 'vitest';
import {
  parseResultAddress,
  resultAddressesSchema,
  splitResultAddresses,
} from '../../shared/gateway/result-addresses';

describe('a result address entry', () => {
  it('reads addresses, ranges and names', () => {
    expect(parseResultAddress(' 192.168.1.20 ')).toEqual({
      kind: 'range',
      family: 'ipv4',
      address: '192.168.1.20',
      prefix: 32,
    });
    expect(parseResultAddress('10.0.0.0/8')).toMatchObject({ family: 'ipv4', prefix: 8 });
    expect(parseResultAddress('fd00::/8')).toMatchObject({ family: 'ipv6', address: 'fd00::', prefix: 8 });
    expect(parseResultAddress('[::1]')).toMatchObject({ family: 'ipv6', address: '::1', prefix: 128 });
    expect(parseResultAddress('Files.LAN.')).toEqual({ kind: 'host', name: 'files.lan' });
  });

  it('refuses what is none', () => {
    for (const text of [
      '',
      '10.0.0.0/33',
      '10.0.0/8',
      '300.1.1.1',
      'files.lan/8',
      'http://files.lan',
      'a b',
      '-x.lan',
      '1.2.3',
    ])
      expect(parseResultAddress(text), text).toBeNull();
    const parsed = resultAddressesSchema.safeParse(['files.lan', 'not an address']);
    expect(parsed.success).toBe(false);
  });

  it('splits a typed list on lines, commas and spaces', () => {
    expect(splitResultAddresses('10.0.0.0/8,\n files.lan  192.168.1.20\n\n')).toEqual([
      '10.0.0.0/8',
      'files.lan',
      '192.168.1.20',
    ]);
  });
});
