import { hostnameOf, trustProxyNamesPeers } from './forwarded';

describe('forwarded headers and addresses (issue 34)', () => {
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
