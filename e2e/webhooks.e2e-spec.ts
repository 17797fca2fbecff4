// Webhooks through the running stack (issue #5): registration on the content API, changes made
// through the API and the operator CLI, deliveries by the webhook-dispatcher process, signatures
// checked by an independent library (@octokit/webhooks-methods, inside WebhookReceiver).
jest.setTimeout(120_000);
import { WebhookReceiver } from '@hc/testing';
import { edge, hc, ownerWithKey } from './support/stack';

describe('webhooks end to end (spec 4.8, 6)', () => {
  let receiver: WebhookReceiver;
  let key: string;
  let siteId: number;
  let uuid: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    const made = await ownerWithKey('Hooks');
    [siteId, uuid, key] = [made.site.id, made.site.uuid, made.key];
  });
  afterAll(() => receiver.close());

  /** Waits for `n` deliveries at a path and returns their event names in `data.updated_at` order. */
  async function events(p: string, n: number) {
    await receiver.waitFor(() => receiver.for(p).length >= n, 30_000, `${n} deliveries at ${p}`);
    return receiver.for(p);
  }

  it('delivers every event of the table fired by its action, signed, and none for non-events', async () => {
    const reg = await edge('POST', '/v1/webhooks', {
      key,
      body: { url: receiver.url('/all'), events: ['article.created'] },
    });
    expect(reg.status).toBe(201);
    receiver.secretFor('/all', reg.body.webhook.secret);

    const fired: string[] = [];
    const article = await edge('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Hello / Grüße' }, content: { en: '<p>x</p>' } },
    });
    expect(article.status).toBe(201);
    fired.push('article.created');
    const id = article.body.article.id as number;
    expect(
      (await edge('PATCH', `/v1/articles/${id}`, { key, body: { published: true } })).status,
    ).toBe(200);
    fired.push('article.published');
    expect(
      (await edge('PATCH', `/v1/articles/${id}`, { key, body: { title: { en: 'Hello again' } } }))
        .status,
    ).toBe(200);
    fired.push('article.updated');
    const live = await edge('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Live' }, published: true },
    });
    expect(live.status).toBe(201);
    fired.push('article.published');
    expect((await edge('DELETE', `/v1/articles/${id}`, { key })).status).toBe(200);
    fired.push('article.deleted');

    const category = await edge('POST', '/v1/categories', { key, body: { name: { en: 'FAQ' } } });
    expect(category.status).toBe(201);
    fired.push('category.created');
    const cid = category.body.category.id as number;
    expect(
      (await edge('PATCH', `/v1/categories/${cid}`, { key, body: { name: { en: 'Questions' } } }))
        .status,
    ).toBe(200);
    fired.push('category.updated');
    expect((await edge('DELETE', `/v1/categories/${cid}`, { key })).status).toBe(200);
    fired.push('category.deleted');

    // Reordering articles in a category through the API sends nothing (spec 6).
    const shelf = await edge('POST', '/v1/categories', { key, body: { name: { en: 'Shelf' } } });
    fired.push('category.created');
    const onShelf: number[] = [];
    for (const title of ['One', 'Two']) {
      const res = await edge('POST', '/v1/articles', {
        key,
        body: { title: { en: title }, category_id: shelf.body.category.id },
      });
      expect(res.status).toBe(201);
      onShelf.push(res.body.article.id);
      fired.push('article.created');
    }
    const reorder = await edge('PUT', `/v1/categories/${shelf.body.category.id}/articles/order`, {
      key,
      body: { order: [...onShelf].reverse() },
    });
    expect(reorder.status).toBe(200);

    // Non-events: reads, and a webhook listing.
    await edge('GET', '/v1/articles', { key });
    await edge('GET', '/v1/webhooks', { key });

    await hc('site', 'update', '--site', String(siteId), '--visibility', 'private');
    fired.push('site.updated');

    const got = await events('/all', fired.length);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.for('/all')).toHaveLength(fired.length);
    expect(got.map((g) => g.headers['x-service-event']).sort()).toEqual([...fired].sort());
    for (const g of got) {
      expect(g.verified).toBe(true);
      expect(g.json).toMatchObject({
        event: g.headers['x-service-event'],
        site_id: siteId,
        helpcenter_id: uuid,
      });
      expect(g.json.data.type).toBe(g.json.event.split('.')[0]);
      expect(g.headers['content-type']).toBe('application/json');
    }
    const titles = got.filter((g) => g.json.data.id === id).map((g) => g.json.data.title);
    expect(titles).toContain('Hello / Grüße');
    expect(got.find((g) => g.json.data.title === 'Hello / Grüße')!.body).toContain(
      '"title":"Hello / Grüße"',
    );

    const list = await edge('GET', '/v1/webhooks', { key });
    expect(list.body.webhooks[0].last_delivered_at).toMatch(/\+00:00$/);
  });

  it('retries a failing receiver with the same body and signature, then stops after DELETE', async () => {
    const reg = await edge('POST', '/v1/webhooks', { key, body: { url: receiver.url('/flaky') } });
    receiver.secretFor('/flaky', reg.body.webhook.secret);
    receiver.respond(({ path, count }) => ({
      status: path === '/flaky' && count === 1 ? 500 : 200,
    }));
    await hc('site', 'update', '--site', String(siteId), '--visibility', 'public');
    const [a, b] = await events('/flaky', 2);
    expect(b.body).toBe(a.body);
    expect(b.headers['x-service-signature']).toBe(a.headers['x-service-signature']);
    expect(b.headers['x-service-delivery']).not.toBe(a.headers['x-service-delivery']);
    expect(b.verified).toBe(true);
    receiver.respond(() => ({ status: 200 }));

    expect((await edge('DELETE', `/v1/webhooks/${reg.body.webhook.id}`, { key })).status).toBe(200);
    const before = receiver.for('/all').length;
    await hc('site', 'update', '--site', String(siteId), '--suspended');
    await events('/all', before + 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.for('/flaky')).toHaveLength(2);
  });
});
