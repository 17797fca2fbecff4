import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { dashboardSession, edge, ownerWithKey, postArticle, stack } from './support/stack';

/**
 * Site settings and moderation in the dashboard (issue 38 items 5 and 7), as a person does it:
 * an Owner makes the site private and the reader site asks for sign-in; a reader comments on
 * the reader site, the Owner approves it in the queue, readers see it. axe on both screens.
 * The operations' documented answers are checked once with plain requests (openapi coverage).
 * One stack and one browser for the file.
 */
describe('site settings and moderation in the dashboard (issue 38 items 5 and 7)', () => {
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof ownerWithKey>>;
  let articlePath: string;
  let context: BrowserContext;
  let page: Page;
  const app = (p: string) => `${stack.publicUrl}/app/sites/${owner.site.id}${p}`;
  const readerPage = (p: string) => `${stack.readerUrl}${p}`;

  useBrowser((b) => (browser = b));
  beforeAll(async () => {
    owner = await ownerWithKey('Settings Docs');
    const res = await postArticle(owner.key, {
      title: { en: 'Reset a password' },
      content: { en: '<p>Open the account page.</p>' },
      published: true,
    });
    expect(res.status).toBe(201);
    articlePath = new URL(res.body.article._links.view.url).pathname;
    context = await browser.newContext({ viewport: { width: 1200, height: 800 }, locale: 'en' });
    page = await context.newPage();
    await page.goto(app('/settings'));
    await page.waitForURL(/\/signin\?return_to=/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Site settings', level: 1 }).waitFor();
  });
  afterAll(() => context?.close());

  async function seriousAxe(): Promise<string[]> {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${page.url()}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('answers every settings and moderation operation as documented; keys are refused', async () => {
    const as = {
      session: await dashboardSession(owner.email, owner.password),
      site: owner.site.id,
    };
    const settings = await edge('GET', '/v1/site/settings', as);
    expect(settings.body.settings).toMatchObject({ id: owner.site.id, password_set: false });
    expect(
      (await edge('PATCH', '/v1/site', { ...as, body: { name: 'Settings Docs' } })).status,
    ).toBe(200);
    // No TXT record exists for this name: refused on the field with the record to add.
    const domain = await edge('PUT', '/v1/site/domain', {
      ...as,
      body: { domain: 'help.example.invalid' },
    });
    expect(domain.body.errors.domain[0]).toMatch(/^(Add a TXT record|The DNS lookup)/);
    expect(
      (await edge('PUT', '/v1/site/visibility', { ...as, body: { visibility: 'public' } })).status,
    ).toBe(200);
    expect(
      (await edge('PUT', '/v1/site/ip-allowlist', { ...as, body: { ip_allowlist: [] } })).status,
    ).toBe(200);
    expect((await edge('GET', '/v1/site/comment-settings', as)).body.settings.moderate).toBe(true);
    expect(
      (await edge('PUT', '/v1/site/comment-settings', { ...as, body: { moderate: true } })).status,
    ).toBe(200);
    expect((await edge('GET', '/v1/site/interface-texts?lang=en', as)).status).toBe(200);
    const texts = await edge('PUT', '/v1/site/interface-texts/en', {
      ...as,
      body: { texts: { 'comments.title': null } },
    });
    expect(texts.status).toBe(200);
    const acted = await edge('POST', '/v1/dashboard/comments/actions', {
      ...as,
      body: { action: 'approve', ids: [4_000_000_000] },
    });
    expect(acted.body.failed).toEqual([{ id: 4_000_000_000, message: 'Comment not found.' }]);
    expect((await edge('GET', '/v1/dashboard/comments/4000000000/email', as)).status).toBe(404);
    const byKey = await edge('PUT', '/v1/site/visibility', {
      key: owner.key,
      body: { visibility: 'private' },
    });
    expect([byKey.status, byKey.body.code]).toEqual([403, 'session_required']);
  });

  it('sets the site private, and the reader site asks for sign-in', async () => {
    const reader = await browser.newContext({ locale: 'en' });
    const readerTab = await reader.newPage();
    expect((await readerTab.goto(readerPage(articlePath)))?.status()).toBe(200);

    await page.goto(app('/settings'));
    const section = page.getByRole('region', { name: 'Visibility' });
    await section.getByRole('radio', { name: 'Private' }).check();
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // A field the API refuses shows the API's own message next to it.
    const list = page.getByRole('region', { name: 'IP allow-list' });
    await list.getByRole('textbox').fill('not-an-address');
    await list.getByRole('button', { name: 'Save' }).click();
    await list.getByText('"not-an-address" is not an IP address or CIDR range.').waitFor();
    const failures = await seriousAxe();

    const gate = await readerTab.goto(readerPage(articlePath));
    expect(gate?.status()).toBe(401);
    await readerTab.getByRole('heading', { name: 'Sign in' }).waitFor();
    await reader.close();

    // Public again for the next test, before anything here can fail.
    await section.getByRole('radio', { name: 'Public' }).check();
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(failures).toEqual([]);
  });

  it('moderates a reader comment end to end: posted on the reader site, approved, shown', async () => {
    const reader = await browser.newContext({ locale: 'en' });
    const readerTab = await reader.newPage();
    // The site went public again at the end of the last test; the reader replicas learn of it
    // from the page-version feed a moment after the commit.
    let opened = await readerTab.goto(readerPage(articlePath));
    for (let i = 0; i < 40 && opened?.status() !== 200; i++) {
      await readerTab.waitForTimeout(250);
      opened = await readerTab.goto(readerPage(articlePath));
    }
    expect(opened?.status()).toBe(200);
    await readerTab.getByLabel('Your name').fill('Rita Reader');
    await readerTab.getByLabel('Your email (not shown)').fill('rita@example.test');
    await readerTab.getByLabel('Your comment').fill('This helped, thanks!');
    await readerTab.getByRole('button', { name: 'Post comment' }).click();
    await readerTab.getByText('Your comment will appear once it is approved.').waitFor();
    expect(await readerTab.getByText('This helped, thanks!').count()).toBe(0);

    await page.goto(app('/moderation'));
    await page.getByRole('heading', { name: 'Comments', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'This helped, thanks!' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Show the email of Rita Reader' }).click();
    await row.getByText('rita@example.test').waitFor();
    expect(await seriousAxe()).toEqual([]);
    await row.getByRole('button', { name: 'Approve the comment by Rita Reader' }).click();
    await page.getByText('1 comment approved.').waitFor();

    await readerTab.goto(readerPage(articlePath));
    await readerTab.getByText('This helped, thanks!').waitFor();
    await reader.close();
  });
});
