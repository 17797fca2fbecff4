import { scopedSite } from '@hc/testing';
import type { TestApp, TestSite } from '@hc/testing';
import { RehostService, REHOST_LIMIT_REASON } from './rehost.service';
import { form, makeImage, send, startImportApp, type ImageServer } from './testing/image-fixtures';

describe('images: rehosting article images (spec 2.3 rule 5)', () => {
  let t: TestApp;
  let server: ImageServer;
  let stop: () => Promise<void>;
  let site: TestSite, other: TestSite, rehost: RehostService, png: Buffer, jpeg: Buffer;

  beforeAll(async () => {
    png = await makeImage('png', 70);
    jpeg = await makeImage('jpeg', 71);
    const routes: Record<string, ReturnType<typeof send>> = {
      '/img/one.png': send(png, 'image/png'),
      '/img/two.jpg': send(jpeg, 'image/jpeg'),
      '/img/missing.png': send('no', 'text/plain', 404),
    };
    for (let i = 0; i < 27; i++)
      routes[`/many/${i}.png`] = send(await makeImage('png', 1000 + i), 'image/png');
    ({ server, t, site, stop } = await startImportApp(routes));
    other = await t.factory.site();
    rehost = t.app.get(RehostService);
  });
  afterAll(() => stop());

  it('copies off-site and data: images, rewrites their src, keeps the rest of the HTML as sent', async () => {
    const dataUrl = `data:image/png;base64,${(await makeImage('png', 72)).toString('base64')}`;
    const html =
      `<p>Intro</p><img class="a" src="${server.origin}/img/one.png" alt="One">` +
      `<img src='${server.origin}/img/two.jpg?x=1&amp;y=2'>` +
      `<img alt="inline" src="${dataUrl}"/>` +
      `<img src="/relative/local.png"><img src="${server.origin}/img/missing.png">` +
      `<img src="${server.origin}/img/one.png" title="again">`;
    const { html: out, summary } = await rehost.rehost(scopedSite(site), html);
    expect(summary).toEqual({
      rehosted: 3,
      reused: 0,
      failed: [{ src: `${server.origin}/img/missing.png`, reason: 'image returned HTTP 404' }],
      failed_count: 1,
    });
    const srcs = [...out.matchAll(/src=["']([^"']*)["']/g)].map((m) => m[1]);
    const base = `http://localhost:8080/v1/images/files/${site.uuid}/`;
    expect(srcs[0].startsWith(base)).toBe(true);
    expect(srcs[1].startsWith(base)).toBe(true);
    expect(srcs[2].startsWith(base)).toBe(true);
    expect(srcs[3]).toBe('/relative/local.png');
    expect(srcs[4]).toBe(`${server.origin}/img/missing.png`);
    expect(srcs[5]).toBe(srcs[0]);
    expect(out).toContain('<p>Intro</p><img class="a" src="');
    expect(out).toContain('" alt="One">');
    expect(out).toContain('title="again">');
    // The copies are listed by GET /images as rehosted copies.
    const key = await t.factory.key(site);
    const list = await t.request('GET', '/v1/images', { key });
    expect(list.body.images.map((i: { url: string }) => i.url).sort()).toEqual(
      [srcs[0], srcs[1], srcs[2]].sort(),
    );
    const rows = await t.ds.query('SELECT DISTINCT origin FROM images WHERE site_id = ?', [
      site.id,
    ]);
    expect(rows).toEqual([{ origin: 'rehost' }]);
  });

  it('reuses bytes the site already has, and leaves its own image URLs alone', async () => {
    const key = await t.factory.key(other);
    const up = await t.request('POST', '/v1/images', {
      key,
      raw: form([['file', { data: png, name: 'mine.png' }]]),
    });
    const html = `<img src="${server.origin}/img/one.png"><img src="${up.body.image.url}">`;
    const { html: out, summary } = await rehost.rehost(scopedSite(other), html);
    expect(summary).toEqual({ rehosted: 0, reused: 1, failed: [], failed_count: 0 });
    expect(out).toBe(`<img src="${up.body.image.url}"><img src="${up.body.image.url}">`);
  });

  it('copies at most 25 images per article; the others keep their address', async () => {
    const third = await t.factory.site();
    const html = Array.from(
      { length: 27 },
      (_, i) => `<img src="${server.origin}/many/${i}.png">`,
    ).join('');
    const { html: out, summary } = await rehost.rehost(scopedSite(third), html);
    expect(summary.rehosted).toBe(25);
    expect(summary.failed).toEqual([
      { src: `${server.origin}/many/25.png`, reason: REHOST_LIMIT_REASON },
      { src: `${server.origin}/many/26.png`, reason: REHOST_LIMIT_REASON },
    ]);
    expect(summary.failed_count).toBe(2);
    expect(out).toContain(`src="${server.origin}/many/26.png"`);
    expect(out).not.toContain(`src="${server.origin}/many/0.png"`);
  });

  it('covers every language of one article at once (one limit, one copy per image)', async () => {
    const fourth = await t.factory.site();
    const { content, summary } = await rehost.rehostContent(scopedSite(fourth), {
      en: `<img src="${server.origin}/img/two.jpg">`,
      de: `<p><img src="${server.origin}/img/two.jpg"></p>`,
    });
    expect(summary).toEqual({ rehosted: 1, reused: 0, failed: [], failed_count: 0 });
    expect(content.en).toMatch(
      new RegExp(`^<img src="http://localhost:8080/v1/images/files/${fourth.uuid}/`),
    );
    expect(content.de).toContain(content.en.slice(10, -2));
  });

  it('refuses private addresses and non-images with the import reasons; a data: SVG is not copied', async () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
    const html = `<img src="https://10.0.0.8/x.png"><img src="${svg}"><img src="https://no-such-host.invalid/y.png">`;
    const { html: out, summary } = await rehost.rehost(scopedSite(site), html);
    expect(out).toBe(html);
    expect(summary.failed.map((f) => f.reason)).toEqual([
      'host resolves to a private or reserved address',
      'not a JPEG, PNG, GIF or WebP image',
      'host could not be resolved',
    ]);
    expect(summary.failed[1].src.startsWith('data:image/svg+xml,')).toBe(true);
    expect(summary.failed_count).toBe(3);
  });
});
