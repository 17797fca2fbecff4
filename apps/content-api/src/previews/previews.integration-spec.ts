import { startTestApp, STAGING_SITE, TestApp, TestSession, TestSite, useSite } from '@hc/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createReaderSite } from '../../../reader-site/src/app.factory';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { liveDesign } from '../../../reader-site/src/testing/reader-fixtures';
import { createContentApi } from '../app.factory';

/**
 * Issue 37 item 5: the preview hand-off. content-api hands out a 60-second, single-use URL on the
 * reader origin; reader-site spends it and renders the draft or staged copy with the site's
 * design, framable only by the dashboard's origin.
 */
describe('preview hand-off (issue 37)', () => {
  let t: TestApp, site: TestSite, key: string, reader: TestApp;
  let session: TestSession;

  useSite(createContentApi, { ...STAGING_SITE }, async (s) => {
    ({ t, site, key } = s);
    session = await t.factory.session(site.owner);
    reader = await startTestApp(createReaderSite);
  });
  afterAll(() => reader?.close());

  const handoff = (body: unknown) =>
    t.request('POST', '/v1/previews', { session, site: site.id, body });
  /** Opens the hand-off URL's path on the reader app (the URL names the configured reader origin). */
  const open = (url: string) => reader.request('GET', new URL(url).pathname, { json: false });

  it('renders the draft once, framable only by the dashboard; a second open is 410', async () => {
    const draft = await t.request('POST', '/v1/articles', {
      key,
      body: {
        title: { en: 'Secret draft' },
        content: { en: '<p>Draft body <aside data-hc-internal-note>team only</aside></p>' },
      },
    });
    const res = await handoff({ article_id: draft.body.article.id, lang: 'en', copy: 'live' });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/\/_preview\/[\w-]{43}$/);
    const expires = Date.parse(res.body.data.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(50_000);
    expect(expires).toBeLessThanOrEqual(61_000);

    const page = await open(res.body.data.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Secret draft');
    expect(page.text).toContain('Draft body');
    expect(page.text).not.toContain('team only');
    const csp = page.headers.get('content-security-policy') as string;
    expect(csp).toContain('frame-ancestors http://localhost:8080');
    expect(csp).not.toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('private, no-store');

    const again = await open(res.body.data.url);
    expect(again.status).toBe(410);
    // The draft itself stays unreadable on the reader site.
    const direct = await reader.request(
      'GET',
      `/hc/${site.subdomain}/articles/${draft.body.article.id}`,
      { json: false },
    );
    expect(direct.status).toBe(404);
    expect(direct.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('renders the staged copy of a published article', async () => {
    const live = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Live title' }, published: true },
    });
    const id = live.body.article.id;
    await t.request('PATCH', `/v1/articles/${id}/staged`, {
      key,
      body: { locale: 'en', title: 'Staged title', content: '<p>Staged body</p>' },
    });
    const res = await handoff({ article_id: id, lang: 'en', copy: 'staged' });
    const page = await open(res.body.data.url);
    expect(page.text).toContain('Staged title');
    expect(page.text).toContain('Staged body');
    expect((await handoff({ article_id: id, lang: 'de', copy: 'staged' })).status).toBe(404);
  });

  it('is bound to its site, expires, and refuses keys, unknown articles and foreign languages', async () => {
    const a = await t.request('POST', '/v1/articles', { key, body: { title: { en: 'Bound' } } });
    const id = a.body.article.id;
    // Another site's path with this site's token: not this site's hand-off, and not spent.
    const other = await t.factory.site();
    const res = await handoff({ article_id: id, lang: 'en' });
    const token = new URL(res.body.data.url).pathname.split('/').pop();
    expect(
      (await reader.request('GET', `/hc/${other.subdomain}/_preview/${token}`, { json: false }))
        .status,
    ).toBe(410);
    expect((await open(res.body.data.url)).status).toBe(200);
    // Expired: 60 seconds passed.
    const late = await handoff({ article_id: id, lang: 'en' });
    await t.ds.query('UPDATE preview_handoffs SET expires_at = ? WHERE used_at IS NULL', [
      new Date(Date.now() - 1000),
    ]);
    expect((await open(late.body.data.url)).status).toBe(410);
    expect(
      (await reader.request('GET', `/hc/${site.subdomain}/_preview/nope`, { json: false })).status,
    ).toBe(410);

    expect(
      (await t.request('POST', '/v1/previews', { key, body: { article_id: id, lang: 'en' } })).body
        .code,
    ).toBe('session_required');
    expect((await handoff({ article_id: 999999999, lang: 'en' })).status).toBe(404);
    expect((await handoff({ article_id: id, lang: 'fr' })).status).toBe(422);
    expect((await handoff({ article_id: id, lang: 'en', copy: 'draft' })).status).toBe(422);
  });

  it('two opens at once: exactly one gets the page (the URL is spent by a conditional write)', async () => {
    const a = await t.request('POST', '/v1/articles', { key, body: { title: { en: 'Race' } } });
    const res = await handoff({ article_id: a.body.article.id, lang: 'en' });
    const statuses = await Promise.all([open(res.body.data.url), open(res.body.data.url)]);
    expect(statuses.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  describe('the design draft (issue 39)', () => {
    const doc = (title: string) => ({
      pages: {
        home: {
          layout: 'full',
          regions: {
            hero: {
              components: [
                { id: 'h', type: 'Hero', config: { title }, visibleOn: 'all', children: [] },
              ],
            },
            main: { components: [] },
          },
        },
      },
    });

    it('renders the draft once, framable by the dashboard only; the live page never is', async () => {
      await liveDesign(t.ds, site.id, doc('Live hero'), doc('Draft hero'));
      const editor = await t.factory.user();
      await t.factory.member(site, editor, 'editor');
      const res = await t.request('POST', '/v1/previews/design', {
        session: await t.factory.session(editor),
        site: site.id,
        body: {},
      });
      expect(res.status).toBe(201);
      expect(res.body.data.url).toMatch(/\/_preview\/[\w-]{43}$/);
      const page = await open(res.body.data.url);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Draft hero');
      expect(page.text).toContain('Draft preview');
      expect(page.text).not.toContain('Live hero');
      expect(page.headers.get('content-security-policy')).toContain(
        'frame-ancestors http://localhost:8080',
      );
      expect(page.headers.get('x-frame-options')).toBeNull();
      expect((await open(res.body.data.url)).status).toBe(410);
      // Attack: the normal pages of the site (home, the draft query) stay unframable elsewhere.
      for (const path of [`/hc/${site.subdomain}`, `/hc/${site.subdomain}?preview=draft`]) {
        const normal = await reader.request('GET', path, { json: false });
        const csp = normal.headers.get('content-security-policy') as string;
        expect(csp.match(/frame-ancestors [^;]*/g)).toEqual(["frame-ancestors 'self'"]);
        expect(normal.text).not.toContain('Draft hero');
      }
    });

    it('shows the contact and not-found pages; refuses other pages, keys and non-designers', async () => {
      const design = (body: unknown, as = session) =>
        t.request('POST', '/v1/previews/design', { session: as, site: site.id, body });
      const notFound = await design({ page: 'notFound' });
      expect((await open(notFound.body.data.url)).status).toBe(404);
      const contactPage = await design({ page: 'contact' });
      expect((await open(contactPage.body.data.url)).status).toBe(200);
      expect((await design({ page: 'article' })).status).toBe(422);
      for (const role of ['viewer', 'translator'] as const) {
        const person = await t.factory.user();
        await t.factory.member(site, person, role);
        const refused = await design({}, await t.factory.session(person));
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('design_forbidden');
      }
      const byKey = await t.request('POST', '/v1/previews/design', { key, body: {} });
      expect(byKey.body.code).toBe('session_required');
    });
  });
});
