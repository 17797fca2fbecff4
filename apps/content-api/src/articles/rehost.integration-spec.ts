import { TestApp, useSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('rehost_images on article writes (spec 2.3 rule 5)', () => {
  let t: TestApp, key: string;

  useSite(createContentApi, { languages: ['en', 'de'] }, (s) => ({ t, key } = s));

  it('copies data: images into the site storage and reports images; the same image in two languages is one copy', async () => {
    const img = `<p><img src="data:image/png;base64,${PNG}" alt="dot"></p>`;
    const res = await t.request('POST', '/v1/articles', {
      key,
      body: {
        title: { en: 'With image', de: 'Mit Bild' },
        content: { en: img, de: img },
        rehost_images: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.images).toEqual({ rehosted: 1, reused: 0, failed: [], failed_count: 0 });
    const src = /src="([^"]+)"/.exec(res.body.article.content.en)?.[1];
    expect(src).not.toContain('data:');
    expect(res.body.article.content.de).toContain(src);
    const again = await t.request('PATCH', `/v1/articles/${res.body.article.id}`, {
      key,
      body: { content: { en: img }, rehost_images: true },
    });
    expect(again.body.images).toEqual({ rehosted: 0, reused: 1, failed: [], failed_count: 0 });
  });

  it('an image that cannot be copied keeps its address and is listed in failed', async () => {
    const bad = '<img src="data:image/png;base64,bm90IGFuIGltYWdl">';
    const res = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Broken image' }, content: { en: bad }, rehost_images: true },
    });
    expect(res.body.images).toMatchObject({ rehosted: 0, reused: 0, failed_count: 1 });
    expect(res.body.images.failed[0]).toEqual({
      src: expect.stringContaining('data:image/png'),
      reason: expect.any(String),
    });
    expect(res.body.article.content.en).toBe(bad);
  });

  it('without rehost_images there is no images block and content is stored as sent', async () => {
    const img = `<img src="data:image/png;base64,${PNG}">`;
    const res = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Kept' }, content: { en: img } },
    });
    expect(res.body).not.toHaveProperty('images');
    expect(res.body.article.content.en).toBe(img);
  });

  it('bulk items carry their images result', async () => {
    const img = `<img src="data:image/png;base64,${PNG}">`;
    const res = await t.request('POST', '/v1/articles/bulk', {
      key,
      body: {
        articles: [
          { title: { en: 'B1' }, content: { en: img }, rehost_images: true },
          { title: { en: 'B2' } },
        ],
      },
    });
    expect(res.body.results[0].images).toMatchObject({ failed_count: 0 });
    expect(res.body.results[0].images.rehosted + res.body.results[0].images.reused).toBe(1);
    expect(res.body.results[1].images).toBeNull();
  });
});
