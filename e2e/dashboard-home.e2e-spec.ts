import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WebhookReceiver } from '@hc/testing';
import { useBrowser } from './support/browser';
import { axeFailures, eventually } from './support/dashboard';
import { edge, ownerWithKey, postArticle, stack, unique } from './support/stack';

/**
 * Home (issue 39 item 8), as an Owner lands on it: what changed lately, the drafts waiting and a
 * webhook whose receiver answers 500 (its delivery given up), each linked to its screen; the failing webhook opens its
 * delivery log filtered to the dropped deliveries (the filters in the URL). axe on both screens.
 */
describe('Home in the dashboard (issue 39 item 8)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;
  let owner: Awaited<ReturnType<typeof ownerWithKey>>;
  let hookId: number;

  useBrowser((b) => (browser = b));
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    receiver.respond(({ path }) => ({ status: path === '/broken' ? 500 : 200 }));
    owner = await ownerWithKey(unique('Home '));
    const { key } = owner;
    expect((await postArticle(key, { title: { en: 'Draft waiting' } })).status).toBe(201);
    const live = { title: { en: 'Published lately' }, published: true };
    expect((await postArticle(key, live)).status).toBe(201);
    const hook = await edge('POST', '/v1/webhooks', {
      key,
      body: { url: receiver.url('/broken') },
    });
    hookId = hook.body.webhook.id;
    expect((await edge('POST', `/v1/webhooks/${hookId}/test`, { key })).status).toBe(202);
    // The tests' retries come a second apart: the delivery is soon given up (dropped).
    await eventually(
      () => edge('GET', `/v1/webhooks/${hookId}/deliveries?status=dropped`, { key }),
      (res) => res.body.deliveries?.length > 0,
    );

    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    page = await context.newPage();
    await page.goto(`${stack.publicUrl}/app/`);
    await page.waitForURL(/\/signin\?return_to=/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  });
  afterAll(async () => {
    await context?.close();
    await receiver?.close();
  });

  it('lands on Home with the panels of an Owner, links them to their screens, and passes axe', async () => {
    await page.waitForURL(new RegExp(`/app/sites/${owner.site.id}/?$`));
    await page.getByRole('link', { name: 'Home', exact: true }).waitFor();
    const recent = page.getByRole('region', { name: 'Changed lately' });
    await recent.getByRole('link', { name: 'Published lately' }).waitFor();
    const drafts = page.getByRole('region', { name: 'Drafts' });
    await drafts.getByRole('link', { name: 'Draft waiting' }).waitFor();
    await page
      .getByRole('region', { name: 'Comments to moderate' })
      .getByText('No comment waits')
      .waitFor();
    const failing = page.getByRole('region', { name: 'Failing webhooks' });
    const broken = failing.getByRole('link', { name: receiver.url('/broken') });
    await broken.waitFor({ timeout: 15_000 });

    await page.mouse.move(0, 0);
    expect(await axeFailures(page)).toEqual([]);

    await broken.click();
    await page.waitForURL(new RegExp(`/webhooks\\?log=${hookId}&status=dropped$`));
    const log = page.getByRole('table', { name: 'Deliveries' });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await row.getByText('dropped', { exact: true }).waitFor();
    await row.getByText(/^#1 /).waitFor();
    await page.mouse.move(0, 0);
    expect(await axeFailures(page)).toEqual([]);
  });
});
