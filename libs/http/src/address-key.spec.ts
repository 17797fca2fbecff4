import { addressKey } from './address-key';

describe('addressKey: per-address budgets count IPv6 by /64 (issue 34 item 4)', () => {
  it('one /64 is one key, however its addresses are spelled', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:abcd',
      '2001:db8:1:2::1.2.3.4',
      '2001:db8:1:2::5%eth0',
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('another /64 is another key; IPv4 and IPv4-mapped IPv6 are one address each', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.8')).toBe('203.0.113.8');
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('')).toBe('unknown');
  });
});
