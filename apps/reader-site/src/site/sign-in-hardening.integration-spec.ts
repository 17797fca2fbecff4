import { hashPassword } from '@hc/auth';
import {
  addressPool,
  appPerFile,
  FormClient,
  jumpClock,
  TEST_PASSWORD,
  TestApp,
} from '@hc/testing';
import { createReaderSite } from '../app.factory';

/** A client address of its own per test, so budgets never mix between tests. */
const freshAddress = addressPool(16);

/** Issue #15 items 1 and 2 on the reader site's sign-in and site-password forms. */
describe('reader sign-in and site password: no oracle, throttled guessing (issue #15)', () => {
  const spec = appPerFile(createReaderSite);
  let t: TestApp;
  beforeAll(() => {
    t = spec.app;
  });

  async function privateSite() {
    const site = await t.factory.site();
    await t.ds.query("UPDATE sites SET visibility = 'private' WHERE id = ?", [site.id]);
    return { site, base: `/hc/${site.subdomain}` };
  }

  it('a non-member with the right password, a member with a wrong one and an unknown email answer alike', async () => {
    const { site, base } = await privateSite();
    const outsider = await t.factory.user();
    const signIn = (email: string, password: string) =>
      new FormClient(t.url, freshAddress()).submit(base, `${base}/signin`, { email, password });
    const nonMember = await signIn(outsider.email, TEST_PASSWORD);
    const wrong = await signIn(site.owner.email, 'not-the-password');
    const unknown = await signIn(`nobody-${Date.now()}@example.com`, TEST_PASSWORD);
    expect(nonMember.status).toBe(401);
    expect(nonMember.html).toContain('The email or password is not correct.');
    expect(nonMember.html).not.toContain('not a member');
    const strip = (html: string) => html.replace(/name="(_csrf|csrf[^"]*)" value="[^"]*"/g, '');
    for (const other of [wrong, unknown]) {
      expect(other.status).toBe(nonMember.status);
      expect(strip(other.html)).toBe(strip(nonMember.html));
    }
    const member = await new FormClient(t.url, freshAddress()).submit(base, `${base}/signin`, {
      email: site.owner.email,
      password: TEST_PASSWORD,
    });
    expect(member.status).toBe(303);
  });

  it('30 wrong passwords: refused from the 11th with 429 and Retry-After; allowed again after the window', async () => {
    const { site, base } = await privateSite();
    const client = new FormClient(t.url, freshAddress());
    const signIn = (password: string) =>
      client.submit(base, `${base}/signin`, { email: site.owner.email, password });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await signIn(`guess-${i}`));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    for (const refused of answers.slice(10)) {
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.html).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
    }
    expect((await signIn(TEST_PASSWORD)).status).toBe(429);
    // The same person's budget is shared by every site (one platform password).
    const second = await privateSite();
    const elsewhere = await client.submit(second.base, `${second.base}/signin`, {
      email: site.owner.email,
      password: TEST_PASSWORD,
    });
    expect(elsewhere.status).toBe(429);

    jumpClock(901_000);
    try {
      expect((await signIn(TEST_PASSWORD)).status).toBe(303);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a password-protected site throttles its password form the same way', async () => {
    const site = await t.factory.site();
    await t.ds.query("UPDATE sites SET visibility = 'password', password_hash = ? WHERE id = ?", [
      await hashPassword('site-secret'),
      site.id,
    ]);
    const base = `/hc/${site.subdomain}`;
    const client = new FormClient(t.url, freshAddress());
    const enter = (password: string) => client.submit(base, `${base}/password`, { password });
    for (let i = 0; i < 10; i++) {
      const res = await enter(`guess-${i}`);
      expect(res.status).toBe(401);
      expect(res.html).toContain('The password is not correct.');
    }
    const refused = await enter('site-secret');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    // Another reader's address is not locked out.
    const other = await new FormClient(t.url, freshAddress()).submit(base, `${base}/password`, {
      password: 'site-secret',
    });
    expect(other.status).toBe(303);
  });
});
