import sharp from 'sharp';
import { WebhookReceiver } from '@hc/testing';
import { edge, ownerWithKey, postArticle } from './support/stack';

jest.setTimeout(120_000);

/** A site in `languages` with a read & write key of its owner (design API included). */
async function newSite(languages: string) {
  const { site, key } = await ownerWithKey('Editing', {
    siteFlags: ['--languages', languages, '--plan', 'catalyst', '--staging-preview'],
    keyFlags: ['--design'],
  });
  return { site, k: { key } };
}

/** Issue #25 through the edge: word diffs on compare, outdated translations on reads and lists. */
describe('editing beyond the anchors (#25)', () => {
  it('a staged publish of the default language marks the other one outdated; compare shows the word diff', async () => {
    const { k } = await newSite('en,de');
    const created = await postArticle(k.key, {
      title: { en: 'Setup', de: 'Einrichtung' },
      content: { en: '<p>Step <b>one</b>.</p>', de: '<p>Schritt eins.</p>' },
      published: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.article.id as number;
    const stageAndPublish = async (body: Record<string, unknown>) => {
      expect((await edge('PATCH', `/v1/articles/${id}/staged`, { ...k, body })).status).toBe(200);
      const res = await edge('POST', `/v1/articles/${id}/staged/publish`, { ...k, body: {} });
      expect(res.status).toBe(200);
      return res.body.article;
    };
    await stageAndPublish({ locale: 'de', title: 'Einrichtung', release_translation: true });
    const after = await stageAndPublish({ locale: 'en', content: '<p>Step <b>two</b>.</p>' });
    expect(after.outdated_translations).toEqual(['de']);
    const listed = await edge('GET', '/v1/articles?outdated=1', k);
    expect(listed.body.articles.map((a: { id: number }) => a.id)).toEqual([id]);

    const [version] = (await edge('GET', `/v1/articles/${id}/versions?locale=en`, k)).body.versions;
    const compare = await edge('GET', `/v1/articles/${id}/versions/${version.id}/compare`, k);
    expect(compare.status).toBe(200);
    expect(compare.body.comparison.changes).toEqual([
      expect.objectContaining({
        field: 'content',
        old: '<p>Step <b>one</b>.</p>',
        new: '<p>Step <b>two</b>.</p>',
        diff: [
          { op: 'equal', text: '<p>Step <b>' },
          { op: 'delete', text: 'one' },
          { op: 'insert', text: 'two' },
          { op: 'equal', text: '</b>.</p>' },
        ],
      }),
    ]);
  });

  it('dry runs of the two bulk imports and the design batch answer like the real calls and send nothing: no article, image, webhook or audit entry', async () => {
    const { k } = await newSite('en');
    const receiver = await WebhookReceiver.start();
    try {
      const reg = await edge('POST', '/v1/webhooks', { ...k, body: { url: receiver.url('/dry') } });
      expect(reg.status).toBe(201);
      receiver.secretFor('/dry', reg.body.webhook.secret);
      const articles = [
        { title: { en: 'Dry one' }, external_id: 'dry-1' },
        { title: { en: 'Dry two' }, external_id: 'dry-2', published: true },
      ];

      const dry = await edge('POST', '/v1/articles/bulk?dry_run=1', { ...k, body: { articles } });
      expect(dry.status).toBe(207);
      expect(dry.body).toMatchObject({
        dry_run: true,
        meta: { total: 2, created: 2, updated: 0, failed: 0 },
        results: [
          { status: 'created', article: { id: null, slug: { en: 'dry-one' } } },
          { status: 'created', article: { id: null, published: true } },
        ],
      });
      expect((await edge('GET', '/v1/articles', k)).body.articles).toEqual([]);

      const png = await sharp({
        create: { width: 2, height: 2, channels: 3, background: { r: 9, g: 8, b: 7 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('files[]', new Blob([png]), 'dry.png');
      form.append('dry_run', '1');
      const images = await edge('POST', '/v1/images/bulk', { ...k, raw: form });
      expect(images.status).toBe(207);
      expect(images.body).toMatchObject({
        dry_run: true,
        results: [{ status: 'created', image: { id: null, url: null, filename: 'dry.png' } }],
      });
      expect((await edge('GET', '/v1/images', k)).body.images).toEqual([]);

      const etag = (await edge('GET', '/v1/template', k)).body.template.draft.etag;
      const batch = await edge('PATCH', '/v1/template/draft', {
        ...k,
        body: { operations: [{ op: 'set', path: 'brand.name', value: 'Dry KB' }], dry_run: true },
      });
      expect(batch.status).toBe(200);
      expect(batch.body).toMatchObject({ dry_run: true, results: [{ operation: 0, op: 'set' }] });
      expect((await edge('GET', '/v1/template', k)).body.template.draft.etag).toBe(etag);

      // The real import: its two articles are the only webhooks and audit entries there are.
      const real = await edge('POST', '/v1/articles/bulk', { ...k, body: { articles } });
      expect(real.status).toBe(207);
      const ids = real.body.results.map((r: { article: { id: number } }) => r.article.id);
      await receiver.waitFor(() => receiver.for('/dry').length >= 2, 30_000, 'two deliveries');
      const audited = async () =>
        (await edge('GET', '/v1/audit?target_type=article', k)).body.entries as {
          target_id: string;
        }[];
      for (let i = 0; i < 100 && (await audited()).length < 2; i++) {
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 1000));
      const delivered = receiver.for('/dry');
      expect(delivered.map((d) => d.json.data.id).sort()).toEqual([...ids].sort());
      expect(delivered.every((d) => d.verified)).toBe(true);
      expect((await audited()).map((e) => Number(e.target_id)).sort()).toEqual([...ids].sort());
    } finally {
      await receiver.close();
    }
  });
});
