import { isAllowlisted, isPublicAddress, parseAllowlist } from './address';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '::8.8.8.8',
    '::5efe:8.8.8.8',
    '2a00:1450:4001:80b:0:5efe:808:808',
  ])('%s is public (an embedded IPv4 address is judged by itself)', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );

  it.each([
    '127.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.10.10',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.251',
    '255.255.255.255',
    '192.0.2.5',
    '198.18.3.4',
    '240.1.2.3',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '::a00:1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::808:808',
    '2002:7f00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::5efe:127.0.0.1',
    '::5efe:10.0.0.1',
    '::200:5efe:192.168.0.1',
    '2a00:1450:4001:80b:0:5efe:7f00:1',
    'fe80::5efe:8.8.8.8',
    '::ffff:169.254.169.254',
    '64:ff9b::169.254.169.254',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00::abcd',
    'ff02::1',
    '2001:db8::1',
    '2001::1',
    'not-an-ip',
    '',
  ])('%s is not public', (ip) => expect(isPublicAddress(ip)).toBe(false));
});

describe('allow-list', () => {
  const allow = parseAllowlist(['127.0.0.1:8443', 'internal.example', '[::1]:9000', ' ']);

  it('reads host and host:port entries, IPv6 in brackets', () => {
    expect(allow).toEqual([
      { host: '127.0.0.1', port: 8443 },
      { host: 'internal.example', port: null },
      { host: '::1', port: 9000 },
    ]);
  });

  it('matches by name or resolved address, and by port when one is given', () => {
    expect(isAllowlisted(allow, '127.0.0.1', 8443, ['127.0.0.1'])).toBe(true);
    expect(isAllowlisted(allow, 'localhost', 8443, ['127.0.0.1'])).toBe(true);
    expect(isAllowlisted(allow, '127.0.0.1', 8444, ['127.0.0.1'])).toBe(false);
    expect(isAllowlisted(allow, 'INTERNAL.example', 1, ['10.0.0.1'])).toBe(true);
    expect(isAllowlisted(allow, '::1', 9000, ['::1'])).toBe(true);
    expect(isAllowlisted(allow, '::1', 9001, ['::1'])).toBe(false);
    // Issue #15: an allowed address never approves another private one resolved with it.
    expect(isAllowlisted(allow, 'rebind.example', 8443, ['127.0.0.1', '10.0.0.5'])).toBe(false);
    expect(isAllowlisted(allow, 'rebind.example', 8443, ['127.0.0.1', '::1'])).toBe(false);
    expect(isAllowlisted(allow, 'mixed.example', 8443, ['127.0.0.1', '93.184.216.34'])).toBe(true);
    expect(isAllowlisted(allow, 'nothing.example', 8443, [])).toBe(false);
  });
});
