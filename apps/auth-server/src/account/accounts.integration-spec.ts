import { resetSettings } from '@hc/contracts';
import { hashSessionToken } from '@hc/auth';
import {
  captureMail,
  FormClient,
  hiddenFields,
  MailCapture,
  startIssuer,
  TEST_PASSWORD,
  TestApp,
  TestUser,
} from '@hc/testing';
import { createAuthServer } from '../app.factory';

let addresses = 0;
const freshAddress = () => `10.38.${Math.floor(++addresses / 250)}.${addresses % 250}`;
let emails = 0;
const freshEmail = () => `person${++emails}.${Date.now()}@example.test`;

const NEW_PASSWORD = 'a-new-password-38';
const DEAD_LINK = 'This link no longer works';

/** Issue 38 items 1 and 9: sign-up, verification, reset, email and password changes, sessions. */
describe('accounts (issue 38)', () => {
  let auth: TestApp;
  let mail: MailCapture;

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
    mail = captureMail(auth.app);
  });
  afterAll(() => auth.close());

  const browser = () => new FormClient(auth.url, freshAddress());

  async function signedIn(email: string, password = TEST_PASSWORD): Promise<FormClient> {
    const client = browser();
    const res = await client.submit('/signin', '/signin', { email, password });
    expect({ status: res.status, location: res.location }).toEqual({
      status: 303,
      location: '/app',
    });
    return client;
  }

  async function count(sql: string, params: unknown[]): Promise<number> {
    return Number((await auth.ds.query(sql, params))[0].n);
  }

  const readerSession = async (userId: number) => {
    const site = await auth.factory.site();
    await auth.ds.query(
      'INSERT INTO reader_sessions (token_hash, site_id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      [
        hashSessionToken(`r-${userId}-${Date.now()}`),
        site.id,
        userId,
        new Date(Date.now() + 86_400_000),
        new Date(),
      ],
    );
  };

  /** Posts the button of a link's page (verification, email change). */
  const follow = async (client: FormClient, path: string) => client.submit(path, path, {});

  describe('sign-up and verification', () => {
    it('creates an unverified person, mails the link, and signs in once it is opened', async () => {
      const email = freshEmail();
      const client = browser();
      const res = await client.submit('/signin/account/new', '/signin/account/new', {
        name: 'Nora New',
        email,
        password: TEST_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.html).toContain('Check your email');
      const [row] = await auth.ds.query('SELECT id, email_verified FROM users WHERE email = ?', [
        email,
      ]);
      expect(Number(row.email_verified)).toBe(0);

      // Not signed in before the link is opened (the right password says so; no session).
      const early = await browser().submit('/signin', '/signin', {
        email,
        password: TEST_PASSWORD,
      });
      expect(early.status).toBe(403);
      expect(early.html).toContain('Confirm your email first');

      const link = mail.link(email, '/signin/account/verify/');
      // Opening the link changes nothing (mail scanners open links); its button does.
      const shown = await client.get(link);
      expect(shown.status).toBe(200);
      expect(shown.html).toContain('Confirm my email');
      expect(
        Number(
          (await auth.ds.query('SELECT email_verified FROM users WHERE id = ?', [row.id]))[0]
            .email_verified,
        ),
      ).toBe(0);
      const done = await follow(client, link);
      expect({ status: done.status, location: done.location }).toEqual({
        status: 303,
        location: '/app',
      });
      expect(client.cookie('hc_dashboard')).toBeTruthy();
      await signedIn(email);

      // Used once: the same link is dead, and says so without changing anything.
      const again = await follow(browser(), link);
      expect(again.status).toBe(410);
      expect(again.html).toContain(DEAD_LINK);
    });

    it('answers a taken email as a new one, and mails its owner instead of a link', async () => {
      const owner = await auth.factory.user();
      const res = await browser().submit('/signin/account/new', '/signin/account/new', {
        name: 'Someone',
        email: owner.email,
        password: 'not-the-owners-password',
      });
      expect(res.status).toBe(200);
      expect(res.html).toContain('Check your email');
      const [sent] = mail.to(owner.email);
      expect(sent.subject).toBe('You already have an account');
      expect(sent.text).not.toContain('/signin/account/verify/');
      // The owner's password is untouched.
      await signedIn(owner.email);
    });

    it('shows the API’s messages next to each field and creates nobody', async () => {
      const res = await browser().submit('/signin/account/new', '/signin/account/new', {
        name: '',
        email: 'not-an-email',
        password: 'short',
      });
      expect(res.status).toBe(422);
      expect(res.html).toMatch(
        /name="name"[^>]*aria-describedby="error-name"[^>]*><span class="field-error" id="error-name">The name field is required\./,
      );
      expect(res.html).toContain('The email field must be a valid email address.');
      expect(res.html).toContain('The password field must be at least 8 characters.');
      expect(await count('SELECT COUNT(*) AS n FROM users WHERE email = ?', ['not-an-email'])).toBe(
        0,
      );
    });

    it('refuses forged and expired verification links, changing nothing', async () => {
      const email = freshEmail();
      await browser().submit('/signin/account/new', '/signin/account/new', {
        name: 'Exp',
        email,
        password: TEST_PASSWORD,
      });
      const link = mail.link(email, '/signin/account/verify/');
      expect((await browser().get('/signin/account/verify/forged-token')).status).toBe(410);
      expect((await follow(browser(), '/signin/account/verify/forged-token')).status).toBe(410);
      const token = link.split('/').pop() as string;
      await auth.ds.query('UPDATE account_tokens SET expires_at = ? WHERE token_hash = ?', [
        new Date(Date.now() - 1000),
        hashSessionToken(token),
      ]);
      const expired = await browser().get(link);
      expect(expired.status).toBe(410);
      expect(expired.html).toContain(DEAD_LINK);
      expect(
        Number(
          (await auth.ds.query('SELECT email_verified FROM users WHERE email = ?', [email]))[0]
            .email_verified,
        ),
      ).toBe(0);
    });

    it.each(['invitation', 'closed'])('refuses sign-up when HC_SIGNUP=%s', async (mode) => {
      process.env.HC_SIGNUP = mode;
      resetSettings();
      try {
        const page = await browser().get('/signin/account/new');
        expect(page.status).toBe(403);
        expect(page.html).toContain(mode === 'closed' ? 'Sign-up is closed' : 'by invitation only');
        expect((await browser().get('/signin')).html).not.toContain('Create an account');
      } finally {
        delete process.env.HC_SIGNUP;
        resetSettings();
      }
    });
  });

  describe('password reset by email', () => {
    const ask = (client: FormClient, email: string) =>
      client.submit('/signin/password/forgot', '/signin/password/forgot', { email });

    it('answers alike for an unknown email, and mails only a known one', async () => {
      const user = await auth.factory.user();
      const unknown = freshEmail();
      const a = await ask(browser(), user.email);
      const b = await ask(browser(), unknown);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(b.html.replace(unknown, 'X')).toBe(a.html.replace(user.email, 'X'));
      expect(mail.to(unknown)).toEqual([]);
      expect(mail.link(user.email, '/signin/password/reset/')).toMatch(
        /^\/signin\/password\/reset\/\S+$/,
      );
    });

    it('sets the password once, ends every session of the person, and the link dies', async () => {
      const user = await auth.factory.user();
      const other = await signedIn(user.email);
      await readerSession(user.id);
      await ask(browser(), user.email);
      const link = mail.link(user.email, '/signin/password/reset/');
      const client = browser();
      const weak = await client.submit(link, link, { password: 'short' });
      expect(weak.status).toBe(422);
      expect(weak.html).toContain('The password field must be at least 8 characters.');
      const done = await client.submit(link, link, { password: NEW_PASSWORD });
      expect(done.status).toBe(200);
      expect(done.html).toContain('Password changed');
      expect(
        await count('SELECT COUNT(*) AS n FROM dashboard_sessions WHERE user_id = ?', [user.id]),
      ).toBe(0);
      expect(
        await count('SELECT COUNT(*) AS n FROM reader_sessions WHERE user_id = ?', [user.id]),
      ).toBe(0);
      expect((await other.get('/app/account')).status).toBe(303);
      await signedIn(user.email, NEW_PASSWORD);
      const old = await browser().submit('/signin', '/signin', {
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(old.status).toBe(422);
      // Single use: the link's page and its post both answer the dead-link page.
      expect((await browser().get(link)).status).toBe(410);
      const reused = await client.submit('/signin/password/forgot', link, {
        password: 'attacker-pass-1',
      });
      expect(reused.status).toBe(410);
      await signedIn(user.email, NEW_PASSWORD);
    });

    it('a link expires after one hour; a newer link replaces the older ones', async () => {
      const user = await auth.factory.user();
      await ask(browser(), user.email);
      const first = mail.link(user.email, '/signin/password/reset/');
      const [row] = await auth.ds.query(
        'SELECT created_at, expires_at FROM account_tokens WHERE token_hash = ?',
        [hashSessionToken(first.split('/').pop() as string)],
      );
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(3_600_000);
      await ask(browser(), user.email);
      const second = mail.link(user.email, '/signin/password/reset/');
      expect(second).not.toBe(first);
      expect((await browser().get(first)).status).toBe(410);
      await auth.ds.query('UPDATE account_tokens SET expires_at = ? WHERE token_hash = ?', [
        new Date(Date.now() - 1),
        hashSessionToken(second.split('/').pop() as string),
      ]);
      expect(
        (await browser().submit('/signin/password/forgot', second, { password: NEW_PASSWORD }))
          .status,
      ).toBe(410);
      await signedIn(user.email);
    });

    it('is throttled per recipient and per client address, alike for unknown emails', async () => {
      const user = await auth.factory.user();
      const unknown = freshEmail();
      for (const email of [user.email, unknown]) {
        for (let i = 0; i < 5; i++) expect((await ask(browser(), email)).status).toBe(200);
        const refused = await ask(browser(), email);
        expect(refused.status).toBe(429);
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(refused.html).toContain('Too many emails were asked for.');
      }
      expect(mail.to(user.email)).toHaveLength(5);
      const one = browser();
      let last = 0;
      for (let i = 0; i < 21; i++) last = (await ask(one, freshEmail())).status;
      expect(last).toBe(429);
    });
  });

  describe('the account page', () => {
    const account = async (client: FormClient, action: string, fields: Record<string, string>) =>
      client.submit('/app/account', action, fields);

    it('changes the password, ending the other sessions (dashboard and reader) but not this one', async () => {
      const user = await auth.factory.user();
      const other = await signedIn(user.email);
      const me = await signedIn(user.email);
      await readerSession(user.id);
      const wrong = await account(me, '/app/account/password', {
        current_password: 'wrong-password',
        password: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(422);
      expect(wrong.html).toContain('The password is not correct.');
      expect(
        await count('SELECT COUNT(*) AS n FROM dashboard_sessions WHERE user_id = ?', [user.id]),
      ).toBe(2);
      const res = await account(me, '/app/account/password', {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.html).toContain('Your password was changed. Your other sessions ended.');
      expect((await me.get('/app/account')).status).toBe(200);
      expect((await other.get('/app/account')).status).toBe(303);
      expect(
        await count('SELECT COUNT(*) AS n FROM reader_sessions WHERE user_id = ?', [user.id]),
      ).toBe(0);
      await signedIn(user.email, NEW_PASSWORD);
    });

    it('changes the display name, with the sign-up’s rules, only with this session’s form', async () => {
      const user = await auth.factory.user();
      const me = await signedIn(user.email);
      const empty = await account(me, '/app/account/profile', { name: '   ' });
      expect(empty.status).toBe(422);
      expect(empty.html).toContain('The name field is required.');
      const long = await account(me, '/app/account/profile', { name: 'x'.repeat(192) });
      expect(long.html).toContain('The name field must not be greater than 191 characters.');
      const saved = await account(me, '/app/account/profile', { name: ' Ada <Lovelace> ' });
      expect(saved.status).toBe(200);
      expect(saved.html).toContain('Your name was saved.');
      // Shown escaped, stored trimmed.
      expect(saved.html).toContain('Signed in as Ada &lt;Lovelace&gt;');
      const [row] = await auth.ds.query('SELECT name FROM users WHERE id = ?', [user.id]);
      expect(row.name).toBe('Ada <Lovelace>');
      // Another site's page cannot post it: without this session's token nothing changes.
      const forged = await fetch(`${auth.url}/app/account/profile`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `hc_dashboard=${me.cookie('hc_dashboard')}`,
        },
        body: new URLSearchParams({ name: 'Mallory' }).toString(),
      });
      expect(forged.status).toBe(403);
      const [after] = await auth.ds.query('SELECT name FROM users WHERE id = ?', [user.id]);
      expect(after.name).toBe('Ada <Lovelace>');
    });

    it('lists the sessions and ends another one, never someone else’s', async () => {
      const user = await auth.factory.user();
      const stranger = await auth.factory.user();
      const strangerClient = await signedIn(stranger.email);
      const other = await signedIn(user.email);
      const me = await signedIn(user.email);
      const page = await me.get('/app/account');
      const ids = [...page.html.matchAll(/data-session="([0-9a-f]{64})"/g)].map((m) => m[1]);
      expect(ids).toHaveLength(2);
      expect(page.html).toContain('This session');
      const [strangerId] = (
        await auth.ds.query('SELECT token_hash FROM dashboard_sessions WHERE user_id = ?', [
          stranger.id,
        ])
      ).map((r: { token_hash: string }) => r.token_hash);
      const csrf = hiddenFields(page.html, '/app/account/sign-out-everywhere').csrf;
      const refused = await account(me, `/app/account/sessions/${strangerId}/end`, { csrf });
      expect(refused.status).toBe(404);
      expect((await strangerClient.get('/app/account')).status).toBe(200);
      const currentId = hashSessionToken(decodeURIComponent(me.cookie('hc_dashboard') as string));
      expect(ids).toContain(currentId);
      const target = ids.find((id) => id !== currentId) as string;
      const self = await account(me, `/app/account/sessions/${currentId}/end`, { csrf });
      expect(self.status).toBe(422);
      const ended = await account(me, `/app/account/sessions/${target}/end`, {});
      expect(ended.status).toBe(200);
      expect(ended.html).toContain('The session ended.');
      expect((await other.get('/app/account')).status).toBe(303);
      expect((await me.get('/app/account')).status).toBe(200);
    });

    it('changes the email through a link sent to the new address', async () => {
      const user: TestUser = await auth.factory.user();
      const me = await signedIn(user.email);
      const taken = await auth.factory.user();
      const dup = await account(me, '/app/account/email', {
        email: taken.email,
        email_password: TEST_PASSWORD,
      });
      expect(dup.status).toBe(422);
      expect(dup.html).toContain('The email has already been taken.');
      const next = freshEmail();
      const res = await account(me, '/app/account/email', {
        email: next,
        email_password: TEST_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.html).toContain(`We sent a link to ${next}.`);
      expect(mail.to(user.email)).toEqual([]);
      const link = mail.link(next, '/signin/account/email/');
      const done = await follow(me, link);
      expect(done.status).toBe(200);
      expect(done.html).toContain(`Your account now uses ${next}.`);
      await signedIn(next);
      expect((await follow(me, link)).status).toBe(410);
    });
  });
});
