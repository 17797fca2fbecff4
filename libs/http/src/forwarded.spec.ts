import { addressBucket, hostnameOf, trustProxyNamesPeers } from './forwarded';

describe('forwarded headers and addresses (issue 34)', () => {
  it('counts IPv6 by /64 and IPv4 (also v4-mapped) by address', () => {
    expect(addressBucket('2001:db8:7:9::1')).toBe('2001:db8:7:9::/64');
    expect(addressBucket('2001:0db8:0007:0009:ffff:1:2:3')).toBe('2001:db8:7:9::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket(undefined)).toBe('unknown');
  });

  it('believes a forwarded host only from proxies named by address', () => {
    expect(trustProxyNamesPeers('loopback')).toBe(true);
    expect(trustProxyNamesPeers('10.64.255.0/28, 10.64.254.7')).toBe(true);
    for (const anyone of ['true', 'false', '1', '2'])
      expect(trustProxyNamesPeers(anyone)).toBe(false);
  });

  it('reads a host name without port or trailing dot', () => {
    expect(hostnameOf('Docs.Example.COM.:8443')).toBe('docs.example.com');
    expect(hostnameOf('[::1]:80')).toBe('[::1]');
  });
});
