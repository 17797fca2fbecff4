import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startBuiltApp } from '@hc/testing';
import { useBrowser } from './support/browser';
import { axeFailures, eventually, PASSWORD, signedIn } from './support/dashboard';
import { dashboardSession, edge, hc, ownerWithKey, stack, unique } from './support/stack';

/**
 * Review before publishing in a real browser (issue 39 item 7): an Admin turns the requirement
 * on in the site settings; a writer's Publish is refused with the reason, the writer asks the
 * Admin for review, the Admin approves from the Reviews screen, and the writer's Publish then
 * works. An approved draft scheduled an hour ahead is published by a content-api whose review
 * clock the test moves two hours on (the stack's own scheduler, on the real clock, leaves it).
 */
describe('review before publishing in the dashboard (issue 39 item 7)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  useBrowser((b) => (browser = b));
  afterAll(() => Promise.all(contexts.map((c) => c.close())));

  const person = async (siteId: number, name: string, role: string) => {
    const email = `${unique(role)}@example.test`;
    const { user } = await hc(
      'user',
      'create',
      ...['--email', email, '--name', name, '--password', PASSWORD],
    );
    await hc('member', 'add', '--site', String(siteId), '--user', String(user.id), '--role', role);
    const { context, page } = await signedIn(browser, email);
    contexts.push(context);
    return { id: user.id as number, email, page };
  };
  const published = async (key: string, id: number) =>
    (await edge('GET', `/v1/articles/${id}`, { key })).body.article.published as boolean;
  const newDraft = async (page: Page, siteId: number, title: string) => {
    await page.goto(`${stack.publicUrl}/app/sites/${siteId}/articles/new`);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.waitForURL(/\/articles\/\d+$/);
    await page.getByTestId('save-state').getByText('Saved').waitFor();
    return Number(/\/articles\/(\d+)$/.exec(page.url())?.[1]);
  };
  const askFor = async (page: Page, reviewer: string) => {
    await page.getByRole('button', { name: 'Ask for review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for review' });
    await dialog.getByLabel('Reviewer').selectOption({ label: reviewer });
    await dialog.getByLabel('Message').fill('Is the tone right?');
    await dialog.getByRole('button', { name: 'Ask for review' }).click();
    await page.getByText('Review requested').waitFor();
  };

  it('a required review blocks a writer’s publish until an Admin approves; a scheduled publish happens when the clock moves', async () => {
    const { site, key } = await ownerWithKey('Reviewed site');
    const admin = await person(site.id, 'Ada Admin', 'admin');
    const writer = await person(site.id, 'Wendy Writer', 'editor');

    // The Admin turns the requirement on in the site settings.
    await admin.page.goto(`${stack.publicUrl}/app/sites/${site.id}/settings`);
    const section = admin.page.getByRole('region', { name: 'Review before publishing' });
    await section.getByRole('switch', { name: /Require an approved review/ }).check();
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').getByText('Saved.').waitFor();

    // The writer's publish is refused with the reason.
    const id = await newDraft(writer.page, site.id, 'Refund policy');
    await writer.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await writer.page
      .getByText('This site requires an approved review before publishing.', { exact: false })
      .first()
      .waitFor();
    expect(await published(key, id)).toBe(false);
    await askFor(writer.page, 'Ada Admin (admin)');

    // The Admin finds it waiting on the Reviews screen and approves it.
    await admin.page.goto(`${stack.publicUrl}/app/sites/${site.id}/reviews`);
    const row = admin.page.getByRole('row').filter({ hasText: 'Refund policy' });
    await row.getByText('Wendy Writer').waitFor();
    expect(await axeFailures(admin.page)).toEqual([]);
    await admin.page.getByLabel(/Comment/).fill('Clear and kind.');
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Approved', { exact: true }).first().waitFor();

    // Now the writer's publish goes through.
    await writer.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await eventually(
      () => published(key, id),
      (p) => p,
    );

    // A second draft, approved, scheduled an hour ahead from the editor's review drawer.
    const later = await newDraft(writer.page, site.id, 'Holiday hours');
    await askFor(writer.page, 'Ada Admin (admin)');
    const adminApi = { session: await dashboardSession(admin.email, PASSWORD), site: site.id };
    const waiting = await edge('GET', '/v1/reviews?list=waiting', adminApi);
    const review = waiting.body.reviews.find(
      (r: { article: { id: number } }) => r.article.id === later,
    );
    expect(
      (await edge('POST', `/v1/reviews/${review.id}/approve`, { ...adminApi, body: {} })).status,
    ).toBe(200);
    await writer.page.reload();
    await writer.page.getByRole('button', { name: 'Review', exact: true }).click();
    const drawer = writer.page.getByRole('dialog', { name: 'Review' });
    const inAnHour = new Date(Date.now() + 3600_000);
    const local = new Date(inAnHour.getTime() - inAnHour.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await drawer.getByLabel('Publish at').fill(local);
    await drawer.getByRole('button', { name: 'Schedule publish' }).click();
    await drawer.getByText(/^Scheduled for /).waitFor();
    expect(await axeFailures(writer.page)).toEqual([]);

    // The stack's scheduler runs on the real clock: an hour early, nothing happens.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await published(key, later)).toBe(false);
    // A second content-api whose review clock runs two hours ahead publishes it, once.
    const ahead = await startBuiltApp('content-api', {
      ...stack.env,
      HC_TEST_REVIEW_CLOCK_OFFSET_MS: String(2 * 3600_000),
    });
    try {
      await eventually(
        () => published(key, later),
        (p) => p,
        30_000,
      );
    } finally {
      ahead.kill('SIGTERM');
    }
    const done = await edge('GET', `/v1/reviews/${review.id}`, adminApi);
    expect(done.body.review).toMatchObject({ status: 'published' });
  });
});
