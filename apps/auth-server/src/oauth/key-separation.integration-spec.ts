import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { DataSource } from 'typeorm';
import { JwtTokenVerifier } from '@hc/auth';
import { resetSettings, settings } from '@hc/contracts';
import { connectApp, startIssuer, TEST_PASSWORD, TestApp } from '@hc/testing';
import { createAuthServer } from '../app.factory';

/**
 * What an API service's database user is granted (docs/security.md): the public key, the
 * token ledger and connection state of spec 5.2, and the people and sites they name. Nothing
 * on `oauth_secrets` (the private signing key and the cookie keys).
 */
const VERIFIER_TABLES = [
  'oauth_public_keys',
  'oauth_access_tokens',
  'oauth_connections',
  'users',
  'sites',
];

/** Issue #15 item 5: API services verify tokens with the public key only. */
describe('token verification without the private key (issue #15)', () => {
  let auth: TestApp;
  let restricted: DataSource;
  const user = `hc_verify_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const hosts = ['127.0.0.1', 'localhost'];

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
    const url = new URL(settings().databaseUrl);
    const database = url.pathname.slice(1);
    for (const host of hosts) {
      await auth.ds.query(`CREATE USER '${user}'@'${host}' IDENTIFIED BY '${password}'`);
      for (const table of VERIFIER_TABLES)
        await auth.ds.query(`GRANT SELECT ON \`${database}\`.\`${table}\` TO '${user}'@'${host}'`);
    }
    url.username = user;
    url.password = password;
    restricted = new DataSource({ type: 'mysql', url: url.toString(), poolSize: 2 });
    await restricted.initialize();
  });
  afterAll(async () => {
    await restricted?.destroy();
    for (const host of hosts) await auth.ds.query(`DROP USER IF EXISTS '${user}'@'${host}'`);
    await auth.close();
    resetSettings();
  });

  it('verifies a real access token as a database user that cannot read the private key', async () => {
    await expect(restricted.query('SELECT value FROM oauth_secrets')).rejects.toThrow(/denied/i);
    const site = await auth.factory.site();
    const c = await connectApp(auth.url, {
      email: site.owner.email,
      password: TEST_PASSWORD,
      scope: 'content.read',
      resource: settings().apiOrigin,
    });
    const verifier = new JwtTokenVerifier(restricted);
    const verified = await verifier.verify(c.tokens.access_token);
    expect(verified).toMatchObject({
      clientId: c.clientId,
      userId: site.owner.id,
      scopes: ['content.read'],
      siteIds: [site.id],
    });
    // A tampered signature and a token of another key are refused by the same verifier.
    expect(await verifier.verify(`${c.tokens.access_token.slice(0, -6)}AAAAAA`)).toBeNull();
    // Revocation is still checked per request (spec 5.2).
    await auth.ds.query('UPDATE oauth_access_tokens SET revoked_at = ? WHERE client_id = ?', [
      new Date(),
      c.clientId,
    ]);
    expect(await verifier.verify(c.tokens.access_token)).toBeNull();
  });

  it('the published key is exactly the JWKS key: one key, kid service-oidc-1, no private part', async () => {
    const jwks = (await auth.request('GET', '/oauth/jwks')).body as {
      keys: Record<string, string>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0].kid).toBe('service-oidc-1');
    const rows: { jwk: string }[] = await restricted.query('SELECT jwk FROM oauth_public_keys');
    expect(rows).toHaveLength(1);
    const published = JSON.parse(rows[0].jwk) as Record<string, string>;
    expect(published).toMatchObject({
      kid: 'service-oidc-1',
      n: jwks.keys[0].n,
      e: jwks.keys[0].e,
    });
    for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(published[part]).toBeUndefined();
  });

  it('reads the public key again after a signature failure, at most every 30 s', async () => {
    const site = await auth.factory.site();
    const c = await connectApp(auth.url, {
      email: site.owner.email,
      password: TEST_PASSWORD,
      scope: 'content.read',
    });
    const verifier = new JwtTokenVerifier(restricted);
    expect(await verifier.verifyClaims(c.tokens.access_token)).not.toBeNull(); // key now cached
    const [previous] = (await auth.ds.query('SELECT jwk FROM oauth_public_keys')) as {
      jwk: string;
    }[];
    // The key is replaced (a rotation): tokens of the new key verify once it is read again.
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'service-oidc-1', alg: 'RS256' };
    await auth.ds.query('UPDATE oauth_public_keys SET jwk = ?', [JSON.stringify(jwk)]);
    const signed = () =>
      new SignJWT({ scopes: [] })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
        .setJti('rotated')
        .setSubject(String(site.owner.id))
        .setIssuer(settings().authUrl)
        .setAudience(c.clientId)
        .setIssuedAt()
        .setNotBefore('0s')
        .setExpirationTime('1h')
        .sign(privateKey);
    try {
      // Within 30 s of the last read, a failure does not read again (forged tokens cost nothing).
      expect(await verifier.verifyClaims(await signed())).toBeNull();
      jest.useFakeTimers({
        doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
        now: Date.now() + 31_000,
      });
      expect(await verifier.verifyClaims(await signed())).toMatchObject({ jti: 'rotated' });
      // The old key's tokens now fail: the new key is the one in use.
      expect(await verifier.verifyClaims(c.tokens.access_token)).toBeNull();
    } finally {
      jest.useRealTimers();
      await auth.ds.query('UPDATE oauth_public_keys SET jwk = ?', [previous.jwk]);
    }
  });

  it('stores confidential client secrets hashed; the secret still authenticates', async () => {
    const { run } = await import('../cli');
    const out = (await run('oauth client create', {
      name: 'Hashed',
      'redirect-uri': 'http://127.0.0.1:4999/callback',
      confidential: true,
    })) as { client: { client_id: string; client_secret: string } };
    const rows: { payload: string | Record<string, unknown> }[] = await auth.ds.query(
      "SELECT payload FROM oauth_payloads WHERE model = 'Client' AND id = ?",
      [out.client.client_id],
    );
    const stored = JSON.stringify(rows[0].payload);
    expect(stored).not.toContain(out.client.client_secret);
    expect(stored).toContain('"client_secret_hash":"sha256:');
  });
});
