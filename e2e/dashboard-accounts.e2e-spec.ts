import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { mailedLink } from './support/mailbox';
import { stack, unique } from './support/stack';

/**
 * Accounts as a person meets them (issue 38), in the Debian Chromium, one stack and one
 * browser: sign up, open the verification email from the development mailbox, create the help
 * center and publish a first article; reset the password from the email; turn on two-factor
 * sign-in and sign in with a code, then with a recovery code; require it of the site's team in
 * the site settings (refused until one's own is on); sign in to the reader site as a member,
 * the second factor asked on auth-server's page. axe on every new page.
 */
const PASSWORD = 'first-pass-38';
const NEW_PASSWORD = 'second-pass-38';
const url = (p: string) => `${stack.publicUrl}${p}`;

describe('accounts in a browser (issue 38)', () => {
  let browser: Browser;
  useBrowser((b) => (browser = b));
  const failures: string[] = [];

  async function axe(page: Page): Promise<void> {
    const result = await new AxeBuilder({ page }).analyze();
    failures.push(
      ...result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${page.url()}: ${v.impact} ${v.id} (${v.help})`),
    );
  }

  const fresh = async () =>
    (await browser.newContext({ locale: 'en', timezoneId: 'UTC' })).newPage();

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(url('/signin'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Opens the site settings of the site in the URL and saves the two-factor switch on. */
  async function requireTwoFactor(page: Page) {
    const siteId = Number(/\/sites\/(\d+)/.exec(page.url())?.[1]);
    await page.goto(url(`/app/sites/${siteId}/settings`));
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    const toggle = section.getByRole('switch', { name: /Require two-factor sign-in/ });
    await toggle.check();
    await section.getByRole('button', { name: 'Save' }).click();
    return toggle;
  }

  const email = `${unique('signup')}@example.test`;
  let secret = '';
  let recoveryCodes: string[] = [];
  let subdomain = '';

  it('signs up, verifies from the email, creates the help center and publishes an article', async () => {
    const page = await fresh();
    await page.goto(url('/signin/account/new'));
    await axe(page);
    await page.getByLabel('Your name').fill('Nora Founder');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The API's own message, next to the field.
    await page.locator('#error-password').getByText('at least 8 characters').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await axe(page);

    await page.goto(url(await mailedLink(email, '/signin/account/verify/')));
    await axe(page);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await page.getByRole('heading', { name: 'Create your help center' }).waitFor();
    await axe(page);
    subdomain = unique('first').toLowerCase();
    await page.getByLabel('Name').fill('Nora Help');
    await page.getByLabel('Subdomain').fill(subdomain);
    await page.getByRole('button', { name: 'Create help center' }).click();
    await page.waitForURL(/\/app\/sites\/\d+\/articles/);
    const siteId = Number(/\/sites\/(\d+)/.exec(page.url())?.[1]);

    await page.goto(url(`/app/sites/${siteId}/articles/new`));
    await page.getByLabel('Title', { exact: true }).fill('Welcome');
    await page.waitForURL(/\/articles\/\d+$/);
    await page.locator('.ProseMirror').first().click();
    await page.keyboard.type('Our first article.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published', { exact: true }).first().waitFor();
    const reader = await page.context().newPage();
    const res = await reader.goto(`${stack.readerUrl}/hc/${subdomain}`);
    expect(res?.status()).toBe(200);
    await reader.getByText('Welcome').first().waitFor();
    await page.context().close();
  });

  it('resets the password from the email', async () => {
    const page = await fresh();
    await page.goto(url('/signin'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await axe(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const link = await mailedLink(email, '/signin/password/reset/');
    expect(link).toMatch(/^\/signin\/password\/reset\/[\w-]{43}$/);
    await page.goto(url(link));
    await axe(page);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    // The link works once: opening it again gives a clear page.
    await page.goto(url(link));
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await axe(page);
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(/\/app\/sites\/\d+\/?$/);
    expect(page.url()).toContain('/app/sites/');
    // Requiring two-factor sign-in of the team needs it on one's own account first.
    const required = await requireTwoFactor(page);
    await page
      .getByRole('region', { name: 'Two-factor sign-in' })
      .getByText('Turn on two-factor sign-in for your own account first.')
      .waitFor();
    expect(await required.isChecked()).toBe(true);
    await page.reload();
    await page.getByRole('switch', { name: /Require two-factor sign-in/ }).waitFor();
    expect(await page.getByRole('switch', { name: /Require two-factor sign-in/ }).isChecked()).toBe(
      false,
    );
    await page.context().close();
  });

  it('turns on two-factor sign-in, then signs in with a code and with a recovery code', async () => {
    const page = await fresh();
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(/\/app\/sites\//);
    await page.goto(url('/app/account'));
    await axe(page);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    secret = (await page.locator('#totp-secret').textContent()) ?? '';
    await axe(page);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel('Authenticator code').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    recoveryCodes = await page.locator('.recovery-codes code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.context().close();

    const withCode = await fresh();
    await signIn(withCode, email, NEW_PASSWORD);
    await withCode.waitForURL(/\/signin\/dashboard\/two-factor$/);
    await axe(withCode);
    await withCode.getByLabel('Authenticator code').fill('000000');
    await withCode.getByRole('button', { name: 'Continue' }).click();
    await withCode.getByText('The code is not correct.').waitFor();
    // The next period's code: the current one was spent turning it on.
    await withCode
      .getByLabel('Authenticator code')
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await withCode.getByRole('button', { name: 'Continue' }).click();
    await withCode.waitForURL(/\/app\/sites\//);
    await withCode.context().close();

    const withRecovery = await fresh();
    await signIn(withRecovery, email, NEW_PASSWORD);
    await withRecovery.waitForURL(/\/two-factor$/);
    await withRecovery.getByLabel('Or a recovery code').fill(recoveryCodes[0]);
    await withRecovery.getByRole('button', { name: 'Continue' }).click();
    await withRecovery.waitForURL(/\/app\/sites\//);
    // With it on, the Owner requires it of everyone on the site.
    await requireTwoFactor(withRecovery);
    const section = withRecovery.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('status').getByText('Saved.').waitFor();
    await section.getByText('Every member of this site has two-factor sign-in on.').waitFor();
    await axe(withRecovery);
    await withRecovery.context().close();
    expect(failures).toEqual([]);
  });

  it('signs in to the reader site as a member: the second factor on auth-server’s page, then back', async () => {
    const page = await fresh();
    const site = `${stack.readerUrl}/hc/${subdomain}`;
    await page.goto(`${site}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/signin/member/two-factor'));
    await axe(page);
    // The recovery code the dashboard sign-in spent is refused; an unused one lets them in.
    await page.getByLabel('Or a recovery code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The code is not correct.').waitFor();
    await page.getByLabel('Or a recovery code').fill(recoveryCodes[1]);
    const back = page.waitForResponse((r) => r.url() === `${site}/signin/complete`);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back on the reader origin, the session opens and the browser goes where it was going.
    expect((await back).status()).toBe(303);
    await page.waitForURL(site);
    const cookies = await page.context().cookies(`${site}/`);
    expect(cookies.map((c) => c.name).some((n) => n.endsWith('hc_reader_session'))).toBe(true);
    await page.context().close();
    expect(failures).toEqual([]);
  });
});
