import { createServer, Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { resetSettings } from '@hc/contracts';
import {
  authorizeInBrowser,
  authorizeQuery,
  Browser,
  clientConfig,
  oc,
  openidAuthorizeUrl,
  runAuthorization,
  selfSignedCertificate,
  startIssuer,
  TEST_PASSWORD,
  TestApp,
} from '@hc/testing';
import { createAuthServer } from '../app.factory';

const REDIRECT = 'http://127.0.0.1:4999/callback';

describe('client ID metadata documents (spec 4.13)', () => {
  let auth: TestApp;
  let issuer: string;
  let docs: Server;
  let base: string;
  const served = new Map<
    string,
    { status?: number; body?: string; headers?: Record<string, string> }
  >();
  const hits = new Map<string, number>();

  beforeAll(async () => {
    const cert = selfSignedCertificate();
    docs = createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
      const path = req.url ?? '/';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const doc = served.get(path);
      if (!doc) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(doc.status ?? 200, {
          'content-type': 'application/json',
          ...(doc.headers ?? {}),
        })
        .end(doc.body ?? '');
    });
    await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
    const port = (docs.address() as AddressInfo).port;
    base = `https://localhost:${port}`;
    process.env.NODE_EXTRA_CA_CERTS = cert.certPath;
    process.env.HC_OUTBOUND_ALLOWLIST = `localhost:${port}`;
    auth = await startIssuer(createAuthServer);
    issuer = auth.url;
  });
  afterAll(async () => {
    await auth.close();
    await new Promise((resolve) => docs.close(resolve));
    delete process.env.HC_OUTBOUND_ALLOWLIST;
    delete process.env.NODE_EXTRA_CA_CERTS;
    resetSettings();
  });

  function publish(
    path: string,
    doc: Record<string, unknown> | null,
    extra: { status?: number; body?: string; headers?: Record<string, string> } = {},
  ) {
    served.set(path, {
      body: doc ? JSON.stringify(doc) : extra.body,
      status: extra.status,
      headers: extra.headers,
    });
    return `${base}${path}`;
  }

  async function authorize(clientId: string) {
    const params = await authorizeQuery(clientId);
    const res = await fetch(`${issuer}/oauth/authorize?${params}`, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    return { status: res.status, location: res.headers.get('location'), body: await res.text() };
  }

  it('an https URL serving its own metadata works as a public client, end to end', async () => {
    const url = `${base}/apps/tool.json`;
    publish('/apps/tool.json', {
      client_id: url,
      client_name: 'Metadata Tool',
      redirect_uris: [REDIRECT],
    });
    const site = await auth.factory.site();
    const config = await clientConfig(issuer, url);
    const { url: authUrl, verifier } = await openidAuthorizeUrl(config, 'md');
    const flow = await authorizeInBrowser(authUrl, site.owner);
    expect(flow.consentPages[0]).toContain('Metadata Tool');
    const tokens = await oc.authorizationCodeGrant(config, flow.callback!, {
      pkceCodeVerifier: verifier,
      expectedState: 'md',
    });
    expect(tokens.claims()!.aud).toBe(url);
    // Cached: fetched once for authorization and token time together.
    expect(hits.get('/apps/tool.json')).toBe(1);
  });

  it('shows the URL when the document has no client_name', async () => {
    const url = publish('/apps/anon.json', null);
    served.set('/apps/anon.json', {
      body: JSON.stringify({ client_id: url, redirect_uris: [REDIRECT] }),
    });
    const site = await auth.factory.site();
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: url,
      redirect_uri: REDIRECT,
      scope: 'content.read',
      code_challenge: await oc.calculatePKCECodeChallenge(oc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const flow = await runAuthorization(
      new Browser(),
      `${issuer}/oauth/authorize?${params}`,
      REDIRECT,
      { email: site.owner.email, password: TEST_PASSWORD },
    );
    expect(flow.consentPages[0]).toContain(url);
  });

  it.each([
    [
      'a client_id that differs',
      'mismatch',
      (url: string) =>
        publish('/bad/mismatch.json', { client_id: `${url}x`, redirect_uris: [REDIRECT] }),
    ],
    [
      'no redirect_uris',
      'empty',
      (url: string) => publish('/bad/empty.json', { client_id: url, redirect_uris: [] }),
    ],
    [
      'a redirect',
      'redirect',
      () =>
        publish('/bad/redirect.json', null, {
          status: 302,
          headers: { location: '/apps/tool.json' },
        }),
    ],
    [
      'a body over 64 KB',
      'large',
      (url: string) =>
        publish('/bad/large.json', {
          client_id: url,
          redirect_uris: [REDIRECT],
          pad: 'x'.repeat(70 * 1024),
        }),
    ],
    ['not JSON', 'text', () => publish('/bad/text.json', null, { body: 'hello' })],
    ['a missing document', 'missing', () => `${base}/bad/missing.json`],
  ])(
    'an unusable document (%s) fails authorization with invalid_client and no reason',
    async (_name, file, make) => {
      const url = make(`${base}/bad/${file}.json`);
      const res = await authorize(url);
      expect(res.status).toBe(401);
      expect(res.location).toBeNull();
      expect(JSON.parse(res.body)).toEqual({
        error: 'invalid_client',
        error_description: 'Client authentication failed',
        hint: 'Client authentication failed',
        message: 'Client authentication failed',
      });
    },
  );

  it('refuses URLs over 191 characters and plain http', async () => {
    const long = `${base}/${'a'.repeat(200)}.json`;
    served.set(`/${'a'.repeat(200)}.json`, {
      body: JSON.stringify({ client_id: long, redirect_uris: [REDIRECT] }),
    });
    expect((await authorize(long)).status).toBe(401);
    expect((await authorize(`http://localhost/doc.json`)).status).toBe(401);
  });

  it('one client address makes at most 30 document fetches an hour; cached documents are free (issue 34 item 6)', async () => {
    const from = async (address: string, clientId: string) => {
      const params = await authorizeQuery(clientId);
      const res = await fetch(`${issuer}/oauth/authorize?${params}`, {
        redirect: 'manual',
        headers: { accept: 'application/json', 'x-forwarded-for': address },
      });
      return {
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        body: await res.text(),
      };
    };
    const known = publish('/budget/known.json', null);
    served.set('/budget/known.json', {
      body: JSON.stringify({ client_id: known, redirect_uris: [REDIRECT] }),
    });
    // The attacker's documents: each a new URL, so each would be a new outbound request.
    const fetched = () => [...hits].filter(([p]) => p.startsWith('/budget/n')).length;
    const attacker = '2001:db8:34:6::1';
    const answers = [];
    for (let i = 0; i < 32; i++)
      answers.push(await from(i % 2 ? attacker : '2001:db8:34:6::2', `${base}/budget/n${i}.json`));
    expect(answers.slice(0, 30).map((a) => a.status)).toEqual(Array(30).fill(401));
    for (const refused of answers.slice(30)) {
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'temporarily_unavailable' });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    expect(fetched()).toBe(30);
    // Another /64 still gets its own; a document already cached costs no fetch and no budget.
    expect((await from('2001:db8:34:7::1', known)).status).toBe(303);
    expect((await from(attacker, known)).status).toBe(303);
  });
});
