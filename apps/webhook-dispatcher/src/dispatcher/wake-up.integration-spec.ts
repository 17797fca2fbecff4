import { resetSettings } from '@hc/contracts';
import { writeWebhookEvent } from '@hc/events';
import {
  dispatcherPerFile,
  receiverWebhookRow,
  TestApp,
  testServices,
  WebhookReceiver,
  scopedSite,
} from '@hc/testing';
import { createWebhookDispatcher } from '../app.factory';
import { articleEvent } from '../testing/article-event';
import { DISPATCHER } from './dispatcher.options';

jest.setTimeout(60_000);

/**
 * Issue #28, push, not poll: with Redis configured, a committed event wakes the dispatcher at
 * once. The poll is stretched to 30 s here, so only the wake-up can deliver within seconds; with
 * the wake-up gone the same event waits for the poll (the safety net).
 */
describe('webhook dispatcher: a committed event wakes it (issue #28)', () => {
  // HC_REDIS_URL on: the wake-up's channel (the test takes it away later; it is put back after).
  const spec = dispatcherPerFile(() => createWebhookDispatcher(), {
    HC_REDIS_URL: testServices().redisUrl,
  });
  let d: TestApp;
  let receiver: WebhookReceiver;
  const poll = DISPATCHER.pollMs;
  const setPoll = (ms: number) => ((DISPATCHER as { pollMs: number }).pollMs = ms);

  beforeAll(() => {
    ({ app: d, receiver } = spec);
  });
  afterAll(() => setPoll(poll));

  it('delivers within a fraction of the (stretched) poll; without Redis the event waits for the poll', async () => {
    const site = await d.factory.site();
    await receiverWebhookRow(d.ds, site.id, receiver, '/pushed', {
      secret: 'secret-0123456789abcdef',
    });
    setPoll(30_000);
    // Let both loops fall asleep on the long poll.
    await new Promise((r) => setTimeout(r, 500));
    const fire = (id: number) =>
      d.ds.transaction((m) =>
        writeWebhookEvent(
          m,
          scopedSite(site),
          'article.updated',
          articleEvent(id, { title: 'Pushed', slug: 'pushed' }),
        ),
      );
    const started = Date.now();
    await fire(1);
    // A third of the poll: only the wake-up delivers this soon (5 s was too tight for a CI run
    // on a machine at load 20).
    await receiver.waitFor(() => receiver.for('/pushed').length === 1, 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);

    // Without Redis (no message is published), the next event waits for the poll.
    delete process.env.HC_REDIS_URL;
    resetSettings();
    await new Promise((r) => setTimeout(r, 500));
    await fire(2);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(receiver.for('/pushed')).toHaveLength(1);
  });
});
