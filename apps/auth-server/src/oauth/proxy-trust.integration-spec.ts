import { resetSettings } from '@hc/contracts';
import { pkceAuthorizeUrl, registerClient, startIssuer, TestApp } from '@hc/testing';
import { createAuthServer } from '../app.factory';

const REDIRECT = 'http://127.0.0.1:4999/callback';

/**
 * Issue #15: oidc-provider's `proxy` follows HC_TRUST_PROXY only. A client that is not a trusted
 * proxy cannot make the provider believe it was reached over https (its cookies would then be
 * marked Secure for a plain-HTTP exchange) or under another host.
 */
describe('oidc-provider trusts X-Forwarded-* per HC_TRUST_PROXY (issue #15)', () => {
  async function authorizeCookies(trustProxy: string): Promise<string[]> {
    process.env.HC_TRUST_PROXY = trustProxy;
    resetSettings();
    let auth: TestApp | null = null;
    try {
      auth = await startIssuer(createAuthServer);
      const clientId = (await registerClient(auth.url, { redirect_uris: [REDIRECT] })).body
        .client_id as string;
      const { url } = await pkceAuthorizeUrl(auth.url, clientId);
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).not.toContain('evil.example');
      return res.headers.getSetCookie();
    } finally {
      await auth?.close();
      delete process.env.HC_TRUST_PROXY;
      resetSettings();
    }
  }

  it('from a client that is not a trusted proxy, X-Forwarded-Proto is ignored', async () => {
    const cookies = await authorizeCookies('false');
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*secure/i);
  });

  it('from a trusted proxy (loopback here), it is believed', async () => {
    const cookies = await authorizeCookies('loopback');
    expect(cookies.some((cookie) => /;\s*secure/i.test(cookie))).toBe(true);
  });
});
