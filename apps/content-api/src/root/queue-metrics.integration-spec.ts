import {
  changeSetRow,
  commentEmailRow,
  sampleValue,
  scrape,
  TestApp,
  useTestApp,
} from '@hc/testing';
import { createContentApi } from '../app.factory';

describe('content-api queue depths in /metrics (issue 18)', () => {
  let t: TestApp;

  useTestApp(createContentApi, (app) => (t = app));

  it('shows change sets being published and comment emails waiting, on /metrics outside /v1', async () => {
    const site = await t.factory.site();
    const before = await scrape(t.url);
    // A set a worker is publishing right now, and an email due in an hour: neither is taken
    // by this app's workers during the test.
    const set = await changeSetRow(t.ds, site.id, { name: 'metrics', status: 'publishing' });
    const email = await commentEmailRow(t.ds, site.id, {
      commentId: 999999,
      kind: 'metrics-test',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    try {
      const after = await scrape(t.url);
      expect(sampleValue(after, 'hc_change_set_queue_depth')).toBe(
        sampleValue(before, 'hc_change_set_queue_depth') + 1,
      );
      expect(sampleValue(after, 'hc_email_queue_depth')).toBe(
        sampleValue(before, 'hc_email_queue_depth') + 1,
      );
      expect((await t.request('GET', '/v1/metrics')).status).not.toBe(200);
    } finally {
      await t.ds.query('DELETE FROM change_sets WHERE id = ?', [set]);
      await t.ds.query('DELETE FROM comment_emails WHERE id = ?', [email]);
    }
  });
});
