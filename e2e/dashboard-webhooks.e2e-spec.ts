import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WebhookReceiver } from '@hc/testing';
import { useBrowser } from './support/browser';
import { axeFailures } from './support/dashboard';
import { createSite, hc, stack, unique } from './support/stack';

/**
 * Webhooks in the dashboard (issue 39 item 3), as an Owner uses them: register a webhook at a
 * local receiver (the secret shown once), send a test event, see the attempt in the delivery
 * log, redeliver it; both arrive signed with that secret. axe on the screen. One stack, one
 * browser.
 */
describe('webhooks in the dashboard (issue 39 item 3)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;
  let site: { id: number };

  useBrowser((b) => (browser = b));
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    const email = `${unique('hooks')}@example.test`;
    const password = 'secret-pass-1';
    const { user } = await hc(
      'user',
      'create',
      ...['--email', email, '--name', 'Hana Hooks', '--password', password],
    );
    site = await createSite(user.id, unique('Hooked '));
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    page = await context.newPage();
    await page.goto(`${stack.publicUrl}/app/sites/${site.id}/webhooks`);
    await page.waitForURL(/\/signin\?return_to=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await receiver?.close();
  });

  it('registers, sends a test event, shows the attempt, redelivers it, and passes axe', async () => {
    await page.getByLabel(/^URL/).fill(receiver.url('/dash'));
    await page.getByRole('button', { name: 'Register' }).click();
    const secret = (await page.getByTestId('new-webhook-secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(16);
    receiver.secretFor('/dash', secret);
    await page.keyboard.press('Escape');
    const hooks = page.getByRole('table', { name: 'Webhooks' });
    await hooks.getByRole('cell', { name: receiver.url('/dash'), exact: true }).waitFor();

    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor(() => receiver.for('/dash').length === 1, 20_000, 'the test event');
    const [got] = receiver.for('/dash');
    expect(got.verified).toBe(true);
    expect(got.json).toMatchObject({ event: 'webhook.test', site_id: site.id });
    const log = page.getByRole('table', { name: 'Deliveries' });
    const delivered = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await delivered.filter({ hasText: 'delivered' }).first().waitFor({ timeout: 15_000 });
    await delivered.getByText(/#1 .* 200 · \d+ ms/).waitFor();

    await page.mouse.move(0, 0); // no hover state under the pointer
    expect(await axeFailures(page)).toEqual([]);

    await delivered.first().getByRole('button', { name: 'Redeliver' }).click();
    await receiver.waitFor(() => receiver.for('/dash').length === 2, 20_000, 'the redelivery');
    const [, again] = receiver.for('/dash');
    expect(again.verified).toBe(true);
    expect(again.body).toBe(got.body);
    await log.getByText(/redelivery of #\d+/).waitFor({ timeout: 15_000 });

    // The log's filters live in the URL: a reload shows the same filtered page.
    const section = page.getByRole('region', { name: /^Deliveries of webhook / });
    await section.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'failed', exact: true }).click();
    await page.waitForURL(/\?log=\d+&status=failed$/);
    const none = page.getByText('No delivery with this status and event in the last 7 days.');
    await none.waitFor();
    await page.reload();
    await none.waitFor();
    await section.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'delivered', exact: true }).click();
    await log.getByRole('row').filter({ hasText: 'webhook.test' }).first().waitFor();
  });
});
