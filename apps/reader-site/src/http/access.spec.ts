import { ipAllowed, isBot, sameSecret } from './access';

describe('reader access helpers', () => {
  it('IP allow-lists take CIDRs and single addresses, IPv4-mapped IPv6 included', () => {
    expect(ipAllowed('203.0.113.9', [])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('11.0.0.1', ['10.0.0.0/8', '192.0.2.7'])).toBe(false);
    expect(ipAllowed('192.0.2.7', ['10.0.0.0/8', '192.0.2.7'])).toBe(true);
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed(undefined, ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('not-an-ip', ['10.0.0.0/8'])).toBe(false);
  });

  it('bots, headless browsers, HTTP libraries and an empty user agent are not readers', () => {
    for (const ua of [
      'Googlebot/2.1',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'curl/8.5.0',
      'python-requests/2.31',
      'HeadlessChrome/131',
      'node',
      '',
    ]) {
      expect([ua, isBot(ua)]).toEqual([ua, true]);
    }
    expect(
      isBot(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      isBot(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe(false);
  });

  it('share tokens are compared whole', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('ab', 'abc')).toBe(false);
    expect(sameSecret(null, 'abc')).toBe(false);
    expect(sameSecret('abc', null)).toBe(false);
  });
});
