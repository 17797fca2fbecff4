import { resetSettings, runWithRequestId } from '@hc/contracts';
import { writeWebhookEvent } from '@hc/events';
import { configureLogging } from '@hc/http';
import {
  jsonLogCapture,
  quietQueue,
  receiverWebhookRow,
  sampleValue,
  scrape,
  startTestApp,
  TestApp,
  WebhookReceiver,
  scopedSite,
} from '@hc/testing';
import { createWebhookDispatcher } from '../app.factory';
import { articleEvent } from '../testing/article-event';

jest.setTimeout(60_000);

const data = articleEvent(5, {
  title: 'Observed',
  slug: 'observed',
  updated_at: '2026-01-31 23:59:59',
});

describe('dispatcher logs and metrics (issue 18)', () => {
  const { stream, lines } = jsonLogCapture();
  let d: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    process.env.HC_OUTBOUND_ALLOWLIST = receiver.host;
    process.env.HC_WEBHOOK_RETRY_DELAYS = '100ms,100ms';
    process.env.LOG_LEVEL = 'info';
    resetSettings();
    configureLogging({ service: 'webhook-dispatcher', stream });
    await quietQueue();
    d = await startTestApp(() => createWebhookDispatcher());
  });

  afterAll(async () => {
    await d.close();
    await receiver.close();
    for (const name of ['HC_OUTBOUND_ALLOWLIST', 'HC_WEBHOOK_RETRY_DELAYS', 'LOG_LEVEL']) {
      delete process.env[name];
    }
    resetSettings();
  });

  async function hook(siteId: number, path: string): Promise<void> {
    await receiverWebhookRow(d.ds, siteId, receiver, path, {
      secret: `secret-${path}-0123456789abcdef`,
    });
  }

  it('logs each delivery attempt with the id of the request that caused the event, never sending it', async () => {
    const site = await d.factory.site();
    await hook(site.id, '/observed');
    const before = await scrape(d.url);
    // As content-api does inside a request: the outbox row is written in the request's scope.
    await runWithRequestId('req-7f3a-from-the-api', () =>
      d.ds.transaction((m) => writeWebhookEvent(m, scopedSite(site), 'article.updated', data)),
    );
    await receiver.waitFor(() => receiver.for('/observed').length === 1);
    const deadline = Date.now() + 5_000;
    const attemptLine = () =>
      lines.find((l) => l.msg === 'webhook delivery attempt' && l.site_id === site.id);
    while (!attemptLine() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));

    expect(attemptLine()).toMatchObject({
      level: 'info',
      service: 'webhook-dispatcher',
      request_id: 'req-7f3a-from-the-api',
      event: 'article.updated',
      attempt: 1,
      outcome: 'delivered',
      status: 200,
    });
    // Spec 6 fixes the delivery: the request id is in neither its headers nor its body.
    const [got] = receiver.for('/observed');
    expect(JSON.stringify(got.headers)).not.toContain('req-7f3a');
    expect(got.body).not.toContain('req-7f3a');

    const after = await scrape(d.url);
    const delivered = { outcome: 'delivered', attempt: '1' };
    expect(sampleValue(after, 'hc_webhook_deliveries_total', delivered)).toBe(
      sampleValue(before, 'hc_webhook_deliveries_total', delivered) + 1,
    );
    expect(
      sampleValue(after, 'hc_webhook_delivery_duration_seconds_count', { outcome: 'delivered' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts failed attempts by attempt number and shows the retry queue', async () => {
    const site = await d.factory.site();
    await hook(site.id, '/failing');
    receiver.respond(({ path }) => ({ status: path === '/failing' ? 500 : 200 }));
    await d.ds.transaction((m) => writeWebhookEvent(m, scopedSite(site), 'article.updated', data));
    await receiver.waitFor(() => receiver.for('/failing').length === 3, 10_000, 'three attempts');
    const deadline = Date.now() + 5_000;
    let samples = await scrape(d.url);
    while (
      sampleValue(samples, 'hc_webhook_deliveries_total', { outcome: 'failed', attempt: '3' }) <
        1 &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 50));
      samples = await scrape(d.url);
    }
    for (const attempt of ['1', '2', '3']) {
      expect(
        sampleValue(samples, 'hc_webhook_deliveries_total', { outcome: 'failed', attempt }),
      ).toBeGreaterThanOrEqual(1);
    }
    expect(samples.some((s) => s.name === 'hc_webhook_retry_queue')).toBe(true);
    expect(samples.some((s) => s.name === 'hc_outbox_backlog')).toBe(true);
    expect(samples.some((s) => s.name === 'hc_outbox_oldest_age_seconds')).toBe(true);
    expect((await d.request('GET', '/health/ready')).body).toEqual({ status: 'ok' });
  });
});
