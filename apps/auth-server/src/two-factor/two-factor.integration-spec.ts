import { Secret, TOTP } from 'otpauth';
import {
  Browser,
  clientConfig,
  FormClient,
  hiddenFields,
  oc,
  registerClient,
  runAuthorization,
  startIssuer,
  TEST_PASSWORD,
  TestApp,
  TestUser,
} from '@hc/testing';
import { createAuthServer } from '../app.factory';

let addresses = 0;
const freshAddress = () => `10.39.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** The code an authenticator app shows for `secret`, `steps` 30 s periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Issue 38: two-factor sign-in with TOTP and recovery codes, attacked. */
describe('two-factor sign-in (issue 38)', () => {
  let auth: TestApp;

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
  });
  afterAll(() => auth.close());

  const browser = () => new FormClient(auth.url, freshAddress());
  const password = (client: FormClient, user: TestUser) =>
    client.submit('/signin', '/signin', { email: user.email, password: TEST_PASSWORD });
  const secondFactor = (client: FormClient, fields: Record<string, string>) =>
    client.submit('/signin/dashboard/two-factor', '/signin/dashboard/two-factor', fields);

  /** A person with two-factor on: their secret and recovery codes, enrolled on the account page. */
  async function enrolled(): Promise<{ user: TestUser; secret: string; codes: string[] }> {
    const user = await auth.factory.user();
    const client = browser();
    expect((await password(client, user)).location).toBe('/app');
    const started = await client.submit('/app/account', '/app/account/two-factor/start', {});
    expect(started.html).toContain('<svg');
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(started.html)?.[1] as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const [stored] = await auth.ds.query('SELECT totp_pending_secret FROM users WHERE id = ?', [
      user.id,
    ]);
    // Sealed at rest: the database holds no usable secret.
    expect(stored.totp_pending_secret).toMatch(/^enc:v1:/);
    expect(stored.totp_pending_secret).not.toContain(secret);
    const wrong = await client.submit('/app/account', '/app/account/two-factor/confirm', {
      code: '000000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('The code is not correct.');
    const on = await client.submit('/app/account', '/app/account/two-factor/confirm', {
      code: codeOf(secret),
    });
    expect(on.status).toBe(200);
    const codes = [...on.html.matchAll(/<li><code>([0-9a-f]{5}-[0-9a-f]{5})<\/code><\/li>/g)].map(
      (m) => m[1],
    );
    expect(codes).toHaveLength(10);
    const hashes = await auth.ds.query('SELECT code_hash FROM recovery_codes WHERE user_id = ?', [
      user.id,
    ]);
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(codes[0].replace('-', ''));
    return { user, secret, codes };
  }

  it('asks for a code after the password; the password alone opens no session', async () => {
    const { user, secret } = await enrolled();
    const client = browser();
    const first = await password(client, user);
    expect({ status: first.status, location: first.location }).toEqual({
      status: 303,
      location: '/signin/dashboard/two-factor',
    });
    expect(client.cookie('hc_dashboard')).toBeUndefined();
    const wrong = await secondFactor(client, { code: '123456' });
    expect(wrong.status).toBe(422);
    expect(client.cookie('hc_dashboard')).toBeUndefined();
    // The next period's code is accepted (clock drift), once.
    const code = codeOf(secret, 1);
    const done = await secondFactor(client, { code });
    expect({ status: done.status, location: done.location }).toEqual({
      status: 303,
      location: '/app',
    });
    expect(client.cookie('hc_dashboard')).toBeTruthy();
    // Replay: the same code, and the code of the current (earlier) period, are refused now.
    const again = browser();
    await password(again, user);
    expect((await secondFactor(again, { code })).status).toBe(422);
    expect((await secondFactor(again, { code: codeOf(secret) })).status).toBe(422);
    // Outside the window: two periods ahead is refused.
    expect((await secondFactor(again, { code: codeOf(secret, 3) })).status).toBe(422);
    expect(again.cookie('hc_dashboard')).toBeUndefined();
  });

  it('a recovery code signs in once', async () => {
    const { user, codes } = await enrolled();
    const client = browser();
    await password(client, user);
    const done = await secondFactor(client, { recovery_code: codes[3].toUpperCase() });
    expect(done.location).toBe('/app');
    const again = browser();
    await password(again, user);
    const reused = await secondFactor(again, { recovery_code: codes[3] });
    expect(reused.status).toBe(422);
    expect((await secondFactor(again, { recovery_code: codes[4] })).location).toBe('/app');
  });

  it('the step cannot be skipped: no pending password, a forged or another person’s cookie', async () => {
    const { user } = await enrolled();
    const stranger = browser();
    const bare = await stranger.get('/signin/dashboard/two-factor');
    expect({ status: bare.status, location: bare.location }).toEqual({
      status: 303,
      location: '/signin',
    });
    const client = browser();
    await password(client, user);
    const page = await client.get('/signin/dashboard/two-factor');
    // The pending cookie is signed: changing the person in it is refused.
    const cookie = client.cookie('hc_second_factor') as string;
    const [body, mac] = decodeURIComponent(cookie).split('.');
    const changed = JSON.parse(Buffer.from(body, 'base64url').toString());
    changed.userId = user.id + 1;
    const forged = `${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${mac}`;
    const res = await fetch(`${auth.url}/signin/dashboard/two-factor`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': client.address,
        cookie: `hc_second_factor=${encodeURIComponent(forged)}; hc_auth_forms=${client.cookie('hc_auth_forms')}`,
      },
      body: new URLSearchParams({
        ...hiddenFields(page.html, '/signin/dashboard/two-factor'),
        code: '000000',
      }).toString(),
    });
    expect({ status: res.status, location: res.headers.get('location') }).toEqual({
      status: 303,
      location: '/signin',
    });
  });

  it('throttles guessing: 10 wrong codes per person across addresses, then even the right code waits', async () => {
    const { user, secret } = await enrolled();
    for (let i = 0; i < 10; i++) {
      const client = browser();
      await password(client, user);
      expect((await secondFactor(client, { code: String(100000 + i) })).status).toBe(422);
    }
    const client = browser();
    await password(client, user);
    const refused = await secondFactor(client, { code: codeOf(secret, 1) });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(client.cookie('hc_dashboard')).toBeUndefined();
  });

  it('the OAuth consent sign-in asks for the second factor too', async () => {
    const { user, secret } = await enrolled();
    const redirectUri = 'http://127.0.0.1:4999/callback';
    const { client_id: clientId } = (
      await registerClient(auth.url, {
        redirect_uris: [redirectUri],
        client_name: 'Two-factor App',
      })
    ).body;
    const authorize = async () =>
      oc
        .buildAuthorizationUrl(await clientConfig(auth.url, clientId), {
          redirect_uri: redirectUri,
          scope: 'content.read',
          code_challenge: await oc.calculatePKCECodeChallenge(oc.randomPKCECodeVerifier()),
          code_challenge_method: 'S256',
          state: oc.randomState(),
        })
        .toString();
    const without = await runAuthorization(new Browser(), await authorize(), redirectUri, {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(without.callback).toBeUndefined();
    expect(without.page?.url).toMatch(/\/signin\/[^/]+\/two-factor$/);
    const withCode = await runAuthorization(new Browser(), await authorize(), redirectUri, {
      email: user.email,
      password: TEST_PASSWORD,
      secondFactor: () => ({ code: codeOf(secret, 1) }),
    });
    expect(withCode.consentPages.length + (withCode.callback ? 1 : 0)).toBeGreaterThan(0);
  });

  it('turning it off asks for the password', async () => {
    const { user, codes } = await enrolled();
    const client = browser();
    await password(client, user);
    await secondFactor(client, { recovery_code: codes[0] });
    const wrong = await client.submit('/app/account', '/app/account/two-factor/disable', {
      disable_password: 'nope-nope',
    });
    expect(wrong.status).toBe(422);
    const off = await client.submit('/app/account', '/app/account/two-factor/disable', {
      disable_password: TEST_PASSWORD,
    });
    expect(off.html).toContain('Two-factor sign-in is off.');
    expect((await password(browser(), user)).location).toBe('/app');
  });
});
