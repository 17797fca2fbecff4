import type { Request } from 'express';
import { cookieName, fromOrigin, readCookies, sameToken } from './cookies';

const request = (headers: Record<string, string>) =>
  ({ headers, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

describe('browser cookies and form checks (issue #14)', () => {
  it('prefixes names under https: __Host- at path /, __Secure- below it', () => {
    expect(cookieName('hc_dashboard', false)).toBe('hc_dashboard');
    expect(cookieName('hc_dashboard', true)).toBe('__Host-hc_dashboard');
    expect(cookieName('hc_reader_session', true, '/hc/acme')).toBe('__Secure-hc_reader_session');
  });

  it('reads the first of a repeated cookie and skips malformed ones', () => {
    expect(readCookies(request({ cookie: 'a=1; a=2; b=%E0%A4%A; c=x%20y' }))).toEqual({
      a: '1',
      c: 'x y',
    });
  });

  it('compares tokens whatever their lengths, and refuses missing ones', () => {
    expect(sameToken('abc', 'abc')).toBe(true);
    expect(sameToken('abd', 'abc')).toBe(false);
    expect(sameToken('abcd', 'abc')).toBe(false);
    expect(sameToken(undefined, 'abc')).toBe(false);
    expect(sameToken(['abc'], 'abc')).toBe(false);
    expect(sameToken('abc', null)).toBe(false);
  });

  it('accepts posts from the page’s own host or a listed origin; refuses others and null', () => {
    const host = { host: 'localhost:8080' };
    expect(fromOrigin(request(host), [])).toBe(true); // no Origin: the token decides
    expect(fromOrigin(request({ ...host, origin: 'http://localhost:8080' }), [])).toBe(true);
    expect(fromOrigin(request({ ...host, origin: 'http://localhost:8081' }), [])).toBe(false);
    expect(fromOrigin(request({ ...host, origin: 'null' }), [])).toBe(false);
    expect(
      fromOrigin(request({ ...host, origin: 'https://dash.example' }), ['https://dash.example']),
    ).toBe(true);
    expect(
      fromOrigin(request({ host: 'a.pages.example', origin: 'https://b.pages.example' }), []),
    ).toBe(false);
  });
});
