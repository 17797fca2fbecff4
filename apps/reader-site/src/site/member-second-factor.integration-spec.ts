import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { seal } from '@hc/data';
import { resetSettings } from '@hc/contracts';
import {
  addressPool,
  fixtureDatabaseUrl,
  FormClient,
  startIssuer,
  startTestApp,
  TEST_PASSWORD,
  TestApp,
} from '@hc/testing';
// The hand-off runs through both apps (reader-site asks, auth-server checks the code).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createAuthServer } from '../../../auth-server/src/app.factory';
import { createReaderSite } from '../app.factory';

const freshAddress = addressPool(38);
const SECRET = new Secret({ size: 20 }).base32;
const codeOf = (steps: number) =>
  new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
const RECOVERY = ['aaaaa-11111', 'bbbbb-22222'];
const TWO_FACTOR_PAGE = '/signin/member/two-factor';

/**
 * Issue 38: the second factor at the reader site's member sign-in. The reader site holds no
 * data key, so after the right password it hands the browser to auth-server's second-factor
 * page (the dashboard's check and budgets) and opens its session when the browser comes back.
 */
describe('reader member sign-in: the second factor, and sessions a password change ends (issue 38)', () => {
  let auth: TestApp, reader: TestApp;
  beforeAll(async () => {
    // reader-site runs as its own database user under `npm test` (HC_TEST_AS_APP_USERS);
    // auth-server, the other app here, with the worker's administrator as other apps a test
    // starts do (its own rights are checked by auth-server's files).
    const own = process.env.HC_DATABASE_URL;
    process.env.HC_DATABASE_URL = fixtureDatabaseUrl();
    resetSettings();
    try {
      auth = await startIssuer(createAuthServer);
    } finally {
      process.env.HC_DATABASE_URL = own;
      resetSettings();
    }
    reader = await startTestApp(createReaderSite);
  });
  afterAll(async () => {
    await reader.close();
    await auth.close();
  });

  /** A private site whose Owner has two-factor on (sealed secret, two recovery codes). */
  async function memberWithTwoFactor() {
    const site = await reader.factory.site();
    await reader.ds.query("UPDATE sites SET visibility = 'private' WHERE id = ?", [site.id]);
    await reader.ds.query(
      'UPDATE users SET totp_secret = ?, totp_enabled_at = ?, totp_last_step = 0 WHERE id = ?',
      [seal(SECRET, 'users.totp_secret'), new Date(), site.owner.id],
    );
    for (const code of RECOVERY)
      await reader.ds.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)', [
        site.owner.id,
        createHash('sha256').update(code.replace('-', '')).digest('hex'),
      ]);
    return { site, base: `/hc/${site.subdomain}` };
  }

  /** The password on the reader site: the hand-off to auth-server, its page opened there. */
  async function password(site: { owner: { email: string } }, base: string) {
    const address = freshAddress();
    const readerBrowser = new FormClient(reader.url, address);
    const authBrowser = new FormClient(auth.url, address);
    const first = await readerBrowser.submit(`${base}/signin`, `${base}/signin`, {
      email: site.owner.email,
      password: TEST_PASSWORD,
    });
    expect(first.status).toBe(303);
    const handOff = new URL(first.location as string);
    expect(handOff.origin).toBe(new URL(auth.url).origin);
    expect(handOff.pathname).toMatch(/^\/signin\/member\/[\w-]{43}$/);
    // The password alone opens no session.
    expect(readerBrowser.cookie('hc_reader_session')).toBeUndefined();
    const opened = await authBrowser.get(handOff.pathname);
    expect({ status: opened.status, location: opened.location }).toEqual({
      status: 303,
      location: TWO_FACTOR_PAGE,
    });
    return { readerBrowser, authBrowser, handOff: handOff.pathname };
  }
  const secondFactor = (browser: FormClient, fields: Record<string, string>) =>
    browser.submit(TWO_FACTOR_PAGE, TWO_FACTOR_PAGE, fields);
  const sessions = async (userId: number) =>
    Number(
      (
        await reader.ds.query('SELECT COUNT(*) AS n FROM reader_sessions WHERE user_id = ?', [
          userId,
        ])
      )[0].n,
    );

  it('asks the code, then signs the browser that typed the password in, once', async () => {
    const { site, base } = await memberWithTwoFactor();
    const { readerBrowser, authBrowser, handOff } = await password(site, base);
    const wrong = await secondFactor(authBrowser, { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('The code is not correct.');
    const done = await secondFactor(authBrowser, { code: codeOf(1) });
    expect(done.status).toBe(303);
    const back = new URL(done.location as string);
    expect(back.pathname).toBe(`${base}/signin/complete`);
    // auth-server opened no dashboard session on the way.
    expect(authBrowser.cookie('hc_dashboard')).toBeUndefined();
    // Another browser (no hand-off cookie) coming back gets nothing.
    const stranger = await new FormClient(reader.url, freshAddress()).get(back.pathname);
    expect(stranger.status).toBe(403);
    expect(await sessions(site.owner.id)).toBe(0);
    const signedIn = await readerBrowser.get(back.pathname);
    expect({ status: signedIn.status, location: signedIn.location }).toEqual({
      status: 303,
      location: base,
    });
    expect(readerBrowser.cookie('hc_reader_session')).toBeTruthy();
    expect((await readerBrowser.get(base)).status).toBe(200);
    expect(await sessions(site.owner.id)).toBe(1);
    // Everything is single use: the hand-off token and the return.
    const reopened = await new FormClient(auth.url, freshAddress()).get(handOff);
    expect(reopened.status).toBe(410);
    expect((await readerBrowser.get(back.pathname)).status).toBe(403);
    expect(await sessions(site.owner.id)).toBe(1);
  });

  it('takes a recovery code once', async () => {
    const { site, base } = await memberWithTwoFactor();
    const first = await password(site, base);
    const done = await secondFactor(first.authBrowser, { recovery_code: RECOVERY[0] });
    expect(done.status).toBe(303);
    expect((await first.readerBrowser.get(new URL(done.location as string).pathname)).status).toBe(
      303,
    );
    expect(first.readerBrowser.cookie('hc_reader_session')).toBeTruthy();
    const again = await password(site, base);
    const reused = await secondFactor(again.authBrowser, { recovery_code: RECOVERY[0] });
    expect(reused.status).toBe(422);
    expect(again.readerBrowser.cookie('hc_reader_session')).toBeUndefined();
  });

  it('throttles guessing across hand-offs and addresses: then even the right code waits', async () => {
    const { site, base } = await memberWithTwoFactor();
    for (let i = 0; i < 10; i++) {
      const { authBrowser } = await password(site, base);
      expect((await secondFactor(authBrowser, { code: String(100000 + i) })).status).toBe(422);
    }
    const { readerBrowser, authBrowser } = await password(site, base);
    const refused = await secondFactor(authBrowser, { code: codeOf(1) });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(readerBrowser.cookie('hc_reader_session')).toBeUndefined();
    expect(await sessions(site.owner.id)).toBe(0);
  });

  it('a password change ends the person’s reader member sessions (item 9)', async () => {
    const site = await reader.factory.site();
    await reader.ds.query("UPDATE sites SET visibility = 'private' WHERE id = ?", [site.id]);
    const base = `/hc/${site.subdomain}`;
    const address = freshAddress();
    const member = new FormClient(reader.url, address);
    const signIn = await member.submit(base, `${base}/signin`, {
      email: site.owner.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(303);
    expect((await member.get(base)).status).toBe(200);
    const dashboard = new FormClient(auth.url, address);
    await dashboard.submit('/signin', '/signin', {
      email: site.owner.email,
      password: TEST_PASSWORD,
    });
    const changed = await dashboard.submit('/app/account', '/app/account/password', {
      current_password: TEST_PASSWORD,
      password: 'another-pass-38',
    });
    expect(changed.status).toBe(200);
    // The reader site's next request finds no session: the gate asks for sign-in again.
    const after = await member.get(base);
    expect(after.status).toBe(401);
    expect(after.html).toContain('Sign in with your account.');
  });

  it('a forged or missing hand-off opens nothing', async () => {
    const browser = new FormClient(auth.url, freshAddress());
    expect((await browser.get(`/signin/member/${'x'.repeat(43)}`)).status).toBe(410);
    expect((await browser.get(TWO_FACTOR_PAGE)).status).toBe(410);
  });
});
