import {
  articleStatsRow,
  expectCountsTowardWrites,
  expectNotFound,
  expectSuccess,
  lastSiteEventId,
  siteEvents,
  testSiteId,
  useTwoSites,
} from '@hc/testing';
import type { TestApp, TestSite } from '@hc/testing';
import { aiDraft, internalNote, noteMark } from '@hc/content';
import { bumpArticleCounter } from '@hc/data';
import { createContentApi } from '../app.factory';

const FORMAT_A = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

describe('articles (spec 2.3, 3.1, 4.4)', () => {
  let t: TestApp, site: TestSite, key: string, other: TestSite, otherKey: string;

  const post = (body: unknown, k = key) => t.request('POST', '/v1/articles', { key: k, body });
  const patch = (id: number, body: unknown, k = key) =>
    t.request('PATCH', `/v1/articles/${id}`, { key: k, body });
  const events = async (s: TestSite, afterId = 0) =>
    (await siteEvents(t.ds, s, afterId)).map(({ id, event, payload }) => ({ id, event, payload }));
  const lastEventId = (s: TestSite) => lastSiteEventId(t.ds, s);

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] } },
    (s) => ({ t, site, key, other, otherKey } = s),
  );

  describe('create', () => {
    it('answers 201 with action created and every field of 2.3 in the formats of 2.1', async () => {
      const res = await post({
        title: { en: 'Reset your password', de: 'Passwort zurücksetzen' },
        content: { en: '<p>Click reset.</p>', de: '<p>Klicken.</p>' },
        metadata: { title: { en: 'Reset' }, description: { en: 'How to reset' } },
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('success');
      expect(res.body.action).toBe('created');
      expect(res.body).not.toHaveProperty('images');
      const a = res.body.article;
      expect(a).toEqual({
        id: expect.any(Number),
        external_id: null,
        title: { en: 'Reset your password', de: 'Passwort zurücksetzen' },
        slug: { en: 'reset-your-password', de: 'passwort-zuruecksetzen' },
        content: { en: '<p>Click reset.</p>', de: '<p>Klicken.</p>' },
        author: { id: site.owner.id, name: site.owner.name, avatar: null },
        category_id: null,
        categories: [],
        type: null,
        published: false,
        has_staged_changes: false,
        staged_locales: [],
        staged_updated_at: null,
        visibility: 'public',
        share_token: null,
        views: null,
        audio_file: null,
        metadata: { title: { en: 'Reset' }, description: { en: 'How to reset' } },
        ratings: { thumbs_up: 0, thumbs_down: 0, love: 0 },
        published_translations: ['en'],
        outdated_translations: [],
        shared_with: [],
        created_at: expect.stringMatching(FORMAT_A),
        updated_at: expect.stringMatching(FORMAT_A),
        _links: {
          view: {
            method: 'GET',
            url: `http://localhost:8081/hc/${site.subdomain}/articles/${a.id}-reset-your-password`,
          },
        },
      });
      const read = await t.request('GET', `/v1/articles/${a.id}`, { key });
      expect(read.status).toBe(200);
      expect(read.body.article.type).toBe('article');
      expect(read.body.article.views).toBe(0);
    });

    it('sends article.created for a draft and article.published for a published create (spec 3.1, 6)', async () => {
      const before = await lastEventId(site);
      const draft = await post({ title: { en: 'Draft one' } });
      const live = await post({ title: { en: 'Live one' }, published: true });
      const sent = await events(site, before);
      expect(sent.map((e: { event: string }) => e.event)).toEqual([
        'article.created',
        'article.published',
      ]);
      expect(sent[0].payload).toEqual({
        helpcenter_id: site.uuid,
        data: {
          type: 'article',
          id: draft.body.article.id,
          category_id: null,
          title: 'Draft one',
          slug: 'draft-one',
          published: false,
          visibility: 'public',
          locale: 'en',
          updated_at: draft.body.article.updated_at,
        },
      });
      expect(sent[1].payload.data).toMatchObject({ id: live.body.article.id, published: true });
    });

    it('without the JSON content type a create fails as if empty: 400 title required (spec 4.1 rule 4)', async () => {
      const res = await t.request('POST', '/v1/articles', {
        key,
        raw: JSON.stringify({ title: { en: 'x' } }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.title).toEqual(['The title field is required.']);
    });

    it('a create with an empty or blank title fails with 500 (rule 4)', async () => {
      for (const title of [{ en: '   ' }, {}, '']) {
        const res = await post({ title });
        expect(res.status).toBe(500);
      }
      const html = await t.request('POST', '/v1/articles', {
        key,
        body: { title: { en: ' ' } },
        json: false,
      });
      expect(html.status).toBe(500);
      expect(html.headers.get('content-type')).toContain('text/html');
    });

    it('refuses a language the site lacks with 400 and the exact message (spec 2.1)', async () => {
      for (const body of [
        { title: { en: 'x', fr: 'y' } },
        { title: { en: 'x' }, content: { es: 'z' } },
        { title: { en: 'x' }, metadata: { title: { xx: 'z' } } },
      ]) {
        const res = await post(body);
        expect(res.status).toBe(400);
        const code = Object.keys(
          (body as any).content ?? (body as any).metadata?.title ?? { fr: 1 },
        )[0];
        expect(res.body.message).toBe(
          `Unsupported language key "${code === 'en' ? 'fr' : code}" provided.`,
        );
      }
      const patched = await patch((await post({ title: { en: 'lang' } })).body.article.id, {
        title: { 'pt-BR': 'x' },
      });
      expect(patched.status).toBe(400);
      expect(patched.body.message).toBe('Unsupported language key "pt-BR" provided.');
    });

    it('needs a title in every language sent', async () => {
      const res = await post({ title: { en: 'x' }, content: { de: 'Inhalt' } });
      expect(res.status).toBe(422);
      expect(res.body.status).toBe('validation_error');
      expect(res.body.errors.title[0]).toContain('de');
    });

    it('makes slugs from the title, valid and unique per site and language (rule 1)', async () => {
      const a = await post({ title: { en: 'Same Title!', de: 'Gleich' } });
      const b = await post({ title: { en: 'Same Title!', de: 'Anders' } });
      const c = await post({ title: { en: 'x' }, slug: { en: 'My Custom Slug' } });
      const d = await post({ title: { en: 'Same Title!' } }, otherKey);
      expect(a.body.article.slug.en).toBe('same-title');
      expect(b.body.article.slug.en).toBe('same-title-2');
      expect(c.body.article.slug.en).toBe('my-custom-slug');
      expect(d.body.article.slug.en).toBe('same-title');
      const renamed = await patch(a.body.article.id, { title: { en: 'Another title' } });
      expect(renamed.body.article.slug.en).toBe('same-title');
      expect(renamed.body.article.title.en).toBe('Another title');
    });

    it('external_id makes POST an upsert: 201 created, then 200 updated (rule 2)', async () => {
      const first = await post({
        title: { en: 'Imported' },
        external_id: 'ext-1',
        content: { en: '<p>v1</p>' },
      });
      expect(first.status).toBe(201);
      expect(first.body.action).toBe('created');
      const again = await post({ title: { en: 'Imported v2' }, external_id: 'ext-1' });
      expect(again.status).toBe(200);
      expect(again.body.action).toBe('updated');
      expect(again.body.article.id).toBe(first.body.article.id);
      expect(again.body.article.title.en).toBe('Imported v2');
      expect(again.body.article.content.en).toBe('<p>v1</p>');
      expect(again.body.article.type).toBe('article');
      const elsewhere = await post({ title: { en: 'Imported' }, external_id: 'ext-1' }, otherKey);
      expect(elsewhere.status).toBe(201);
    });

    it('refuses an external_id that belongs to another article', async () => {
      await post({ title: { en: 'Holder' }, external_id: 'taken-1' });
      const mine = await post({ title: { en: 'Mine' } });
      const res = await patch(mine.body.article.id, { external_id: 'taken-1' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: 'That external_id already belongs to another article.',
        errors: { external_id: ['That external_id already belongs to another article.'] },
      });
    });

    it('accepts external_id up to 191 characters, ignores an empty one', async () => {
      const ok = await post({ title: { en: 'long id' }, external_id: 'x'.repeat(191) });
      expect(ok.status).toBe(201);
      expect(ok.body.article.external_id).toHaveLength(191);
      const tooLong = await post({ title: { en: 'long id' }, external_id: 'y'.repeat(192) });
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.errors.external_id).toEqual([
        'The external id field must not be greater than 191 characters.',
      ]);
      const empty = await post({ title: { en: 'no id' }, external_id: '' });
      expect(empty.status).toBe(201);
      expect(empty.body.article.external_id).toBeNull();
    });

    it('limits the SEO title to 60 and description to 160 characters', async () => {
      const ok = await post({
        title: { en: 'seo' },
        metadata: { title: { en: 't'.repeat(60) }, description: { en: 'd'.repeat(160) } },
      });
      expect(ok.status).toBe(201);
      const bad = await post({
        title: { en: 'seo' },
        metadata: { title: { en: 't'.repeat(61) }, description: { en: 'd'.repeat(161) } },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        'metadata.title.en': [
          'The metadata.title.en field must not be greater than 60 characters.',
        ],
        'metadata.description.en': [
          'The metadata.description.en field must not be greater than 160 characters.',
        ],
      });
    });

    it('creating as link_only saves it public with a share token (rule 3)', async () => {
      const res = await post({ title: { en: 'Secret link' }, visibility: 'link_only' });
      expect(res.body.article.visibility).toBe('public');
      expect(res.body.article.share_token).toEqual(expect.any(String));
    });

    it('link_only sticks when updated together with published = true (rule 3)', async () => {
      const draft = await post({ title: { en: 'Link only later' } });
      const alone = await patch(draft.body.article.id, { visibility: 'link_only' });
      expect(alone.body.article.visibility).toBe('public');
      const res = await patch(draft.body.article.id, { visibility: 'link_only', published: true });
      expect(res.status).toBe(200);
      expect(res.body.article).toMatchObject({ visibility: 'link_only', published: true });
      expect(res.body.article.share_token).toEqual(alone.body.article.share_token);
    });

    it('takes type, author, shared_with and categories; refuses strangers and foreign categories', async () => {
      const editor = await t.factory.user({ name: 'Eddie Editor' });
      await t.factory.member(site, editor, 'editor');
      const stranger = await t.factory.user();
      const cat = (
        await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Cat' } } })
      ).body.category;
      const foreignCat = (
        await t.request('POST', '/v1/categories', {
          key: otherKey,
          body: { name: { en: 'Theirs' } },
        })
      ).body.category;
      const res = await post({
        title: { en: 'Typed' },
        type: 'faq',
        author_id: editor.id,
        shared_with: [editor.id],
        category_id: cat.id,
        visibility: 'private',
      });
      expect(res.status).toBe(201);
      expect(res.body.article).toMatchObject({
        author: { id: editor.id, name: 'Eddie Editor', avatar: null },
        shared_with: [editor.id],
        category_id: cat.id,
        categories: [cat.id],
        visibility: 'private',
      });
      const read = await t.request('GET', `/v1/articles/${res.body.article.id}`, { key });
      expect(read.body.article.type).toBe('faq');
      expect(
        (await post({ title: { en: 'x' }, author_id: stranger.id })).body.errors.author_id,
      ).toEqual(['The selected author id is invalid.']);
      expect((await post({ title: { en: 'x' }, shared_with: [stranger.id] })).status).toBe(422);
      const foreign = await post({ title: { en: 'x' }, category_id: foreignCat.id });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe('The selected category id is invalid.');
      expect((await post({ title: { en: 'x' }, type: 'blog' })).status).toBe(422);
      expect((await post({ title: { en: 'x' }, visibility: '' })).body.errors.visibility).toEqual([
        'The selected visibility is invalid.',
      ]);
    });
  });

  describe('read, update, delete', () => {
    it('GET of an unknown or foreign id answers 404 Article not found.', async () => {
      const theirs = await post({ title: { en: 'Theirs' } }, otherKey);
      for (const id of [theirs.body.article.id, 999999999, 'abc']) {
        const res = await t.request('GET', `/v1/articles/${id}`, { key });
        expectNotFound(res, 'Article not found.');
      }
    });

    it('PATCH changes only the fields sent; other languages are kept', async () => {
      const a = await post({
        title: { en: 'Original', de: 'Original DE' },
        content: { en: '<p>en</p>', de: '<p>de</p>' },
        metadata: { title: { en: 'SEO' } },
        type: 'faq',
      });
      const res = await patch(a.body.article.id, { content: { de: '<p>neu</p>' } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.article).toMatchObject({
        title: { en: 'Original', de: 'Original DE' },
        content: { en: '<p>en</p>', de: '<p>neu</p>' },
        metadata: { title: { en: 'SEO' } },
        type: 'faq',
        published: false,
      });
      const cleared = await patch(a.body.article.id, {
        content: { de: '' },
        metadata: { title: { en: '' } },
      });
      expect(cleared.body.article.content.de).toBe('');
      expect(cleared.body.article.metadata.title).toEqual({});
    });

    it('an article read can be written back unchanged', async () => {
      const cat = (
        await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Round trip' } } })
      ).body.category;
      const a = await post({
        title: { en: 'Round trip', de: 'Hin und zurück' },
        content: { en: '<p>x</p>', de: '<p>y</p>' },
        category_id: cat.id,
        metadata: { description: { en: 'SEO' } },
        published: true,
      });
      const read = (await t.request('GET', `/v1/articles/${a.body.article.id}`, { key })).body
        .article;
      const res = await patch(read.id, read);
      expect(res.status).toBe(200);
      const { updated_at: _u1, ...before } = read;
      const { updated_at: _u2, ...after } = res.body.article;
      expect(after).toEqual(before);
    });

    it('PATCH with a non-boolean published answers 422 shape (c)', async () => {
      const a = await post({ title: { en: 'Bool' } });
      for (const published of ['yes', 1, 'true']) {
        const res = await patch(a.body.article.id, { published });
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          message: 'The published field must be true or false.',
          errors: { published: ['The published field must be true or false.'] },
        });
      }
    });

    it('PATCH invalid input without Accept: application/json answers 302 to the API origin', async () => {
      const a = await post({ title: { en: 'Redirect' } });
      const res = await t.request('PATCH', `/v1/articles/${a.body.article.id}`, {
        key,
        body: { published: 'x' },
        json: false,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('http://localhost:8080');
    });

    it('PATCH and DELETE of an unknown or foreign id answer the HTML 404 (spec 4.1 rule 3)', async () => {
      const theirs = await post({ title: { en: 'Not yours' } }, otherKey);
      for (const [method, id] of [
        ['PATCH', theirs.body.article.id],
        ['DELETE', theirs.body.article.id],
        ['PATCH', 987654321],
        ['DELETE', 'nope'],
      ]) {
        const res = await t.request(method as string, `/v1/articles/${id}`, {
          key,
          body: method === 'PATCH' ? { title: { en: 'x' } } : undefined,
        });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('text/html');
      }
      const still = await t.request('GET', `/v1/articles/${theirs.body.article.id}`, {
        key: otherKey,
      });
      expect(still.body.article.title.en).toBe('Not yours');
    });

    it('publishing a draft sends article.published; unpublishing sends article.updated (spec 3.1)', async () => {
      const a = await post({ title: { en: 'Lifecycle' } });
      const before = await lastEventId(site);
      await patch(a.body.article.id, { published: true });
      await patch(a.body.article.id, { title: { en: 'Lifecycle 2' } });
      await patch(a.body.article.id, { published: false });
      const sent = await events(site, before);
      expect(sent.map((e: { event: string }) => e.event)).toEqual([
        'article.published',
        'article.updated',
        'article.updated',
      ]);
      expect(sent[1].payload.data.title).toBe('Lifecycle 2');
      expect(sent[2].payload.data.published).toBe(false);
    });

    it('the event category_id is null when the article is in several categories (spec 6)', async () => {
      const c1 = (await t.request('POST', '/v1/categories', { key, body: { name: { en: 'E1' } } }))
        .body.category;
      const c2 = (await t.request('POST', '/v1/categories', { key, body: { name: { en: 'E2' } } }))
        .body.category;
      const before = await lastEventId(site);
      const one = await post({ title: { en: 'one cat' }, category_id: c1.id });
      const two = await post({ title: { en: 'two cats' }, categories: [c1.id, c2.id] });
      expect(two.body.article).toMatchObject({ category_id: c1.id, categories: [c1.id, c2.id] });
      const sent = await events(site, before);
      expect(
        sent.find((e: any) => e.payload.data.id === one.body.article.id)!.payload.data.category_id,
      ).toBe(c1.id);
      expect(
        sent.find((e: any) => e.payload.data.id === two.body.article.id)!.payload.data.category_id,
      ).toBeNull();
    });

    it('DELETE moves the article to the Trash with a format-B deleted_at and sends article.deleted', async () => {
      const a = await post({ title: { en: 'Doomed' }, published: true });
      const before = await lastEventId(site);
      const res = await t.request('DELETE', `/v1/articles/${a.body.article.id}`, { key });
      expectSuccess(res, 200, {
        message: expect.any(String),
        article: { id: a.body.article.id, deleted_at: expect.stringMatching(FORMAT_B) },
      });
      const sent = await events(site, before);
      expect(sent.map((e: { event: string }) => e.event)).toEqual(['article.deleted']);
      expect(sent[0].payload.data).toMatchObject({
        id: a.body.article.id,
        published: true,
        title: 'Doomed',
      });
      expect((await t.request('GET', `/v1/articles/${a.body.article.id}`, { key })).status).toBe(
        404,
      );
      expect((await t.request('DELETE', `/v1/articles/${a.body.article.id}`, { key })).status).toBe(
        404,
      );
      const list = await t.request('GET', '/v1/articles?limit=100', { key });
      expect(list.body.articles.map((x: { id: number }) => x.id)).not.toContain(a.body.article.id);
    });

    it('GET /articles/{id} counts toward the 120 writes per minute', async () => {
      const k = await t.factory.key(site);
      const a = await post({ title: { en: 'Counted' } }, k);
      await expectCountsTowardWrites(
        () => t.request('GET', `/v1/articles/${a.body.article.id}`, { key: k }),
        1,
      );
    });

    it('bumpArticleCounter adds views and ratings without an event or a new updated_at, only on its own site', async () => {
      const a = (await post({ title: { en: 'Bumped' } })).body.article;
      const before = await lastEventId(site);
      await bumpArticleCounter(t.ds.manager, testSiteId(site), a.id, 'thumbs_up');
      await bumpArticleCounter(t.ds.manager, testSiteId(site), a.id, 'thumbs_up');
      await bumpArticleCounter(t.ds.manager, testSiteId(site), a.id, 'love');
      await bumpArticleCounter(t.ds.manager, testSiteId(site), a.id, 'views', 3);
      await bumpArticleCounter(t.ds.manager, testSiteId(other), a.id, 'thumbs_down');
      const read = (await t.request('GET', `/v1/articles/${a.id}`, { key })).body.article;
      expect(read.ratings).toEqual({ thumbs_up: 2, thumbs_down: 0, love: 1 });
      expect(read.views).toBe(3);
      expect(read.updated_at).toBe(a.updated_at);
      expect(await events(site, before)).toEqual([]);
    });

    it('reports views and ratings from the counters', async () => {
      const a = await post({ title: { en: 'Rated' } });
      const id = a.body.article.id;
      await articleStatsRow(t.ds, site.id, id, { views: 7, thumbsUp: 3, thumbsDown: 1, love: 2 });
      const read = await t.request('GET', `/v1/articles/${id}`, { key });
      expect(read.body.article.views).toBe(7);
      expect(read.body.article.ratings).toEqual({ thumbs_up: 3, thumbs_down: 1, love: 2 });
    });
  });

  describe('Markdown and internal markup (spec 2.1)', () => {
    it('converts content_format=markdown on create, update and leaves html alone', async () => {
      const md =
        '| a | b |\n|---|---|\n| 1 | 2 |\n\n```sh\nnpm i\n```\n\n- [x] done\n\n<div class="raw">kept</div>\n\n[bad](javascript:alert(1))';
      const a = await post({
        title: { en: 'MD', de: 'MD' },
        content: { en: md, de: '# Titel' },
        content_format: 'markdown',
      });
      const html = a.body.article.content.en;
      expect(html).toContain('<table>');
      expect(html).toContain('<code class="language-sh">');
      expect(html).toContain('type="checkbox"');
      expect(html).toContain('<div class="raw">kept</div>');
      expect(html).not.toContain('javascript:');
      expect(html).toContain('bad');
      expect(a.body.article.content.de).toBe('<h1>Titel</h1>');
      const upd = await patch(a.body.article.id, {
        content: { en: '**bold**' },
        content_format: 'markdown',
      });
      expect(upd.body.article.content.en).toBe('<p><strong>bold</strong></p>');
      const plain = await patch(a.body.article.id, { content: { en: '**not md**' } });
      expect(plain.body.article.content.en).toBe('**not md**');
    });

    it('reads leave out internal notes, AI drafts and team-note highlights; a write removes them', async () => {
      const a = await post({
        title: { en: 'Notes', de: 'Notizen' },
        content: { en: '<p>x</p>', de: '<p>y</p>' },
      });
      const id = a.body.article.id;
      const stored = `<p>Press ${noteMark('m-1', 'Save')} now.</p>${internalNote('<p>ask legal</p>')}${aiDraft('<p>AI text</p>')}`;
      await t.ds.query('UPDATE article_translations SET content = ? WHERE article_id = ?', [
        stored,
        id,
      ]);
      const read = await t.request('GET', `/v1/articles/${id}`, { key });
      expect(read.body.article.content).toEqual({
        en: '<p>Press Save now.</p>',
        de: '<p>Press Save now.</p>',
      });
      const list = await t.request('GET', '/v1/articles?limit=100', { key });
      expect(list.body.articles.find((x: { id: number }) => x.id === id).content.en).toBe(
        '<p>Press Save now.</p>',
      );
      await patch(id, { content: { en: read.body.article.content.en } });
      const rows = await t.ds.query(
        'SELECT lang, content FROM article_translations WHERE article_id = ? ORDER BY lang',
        [id],
      );
      expect(rows.find((r: { lang: string }) => r.lang === 'en').content).toBe(
        '<p>Press Save now.</p>',
      );
      const sneaky = await patch(id, { content: { en: `<p>${noteMark('fake', 'hi')}</p>` } });
      expect(sneaky.body.article.content.en).toBe('<p>hi</p>');
      expect(
        (
          await t.ds.query(
            'SELECT content FROM article_translations WHERE article_id = ? AND lang = ?',
            [id, 'en'],
          )
        )[0].content,
      ).toBe('<p>hi</p>');
    });
  });

  describe('unreleased translations (spec 2.1)', () => {
    it('a second language stays unreleased; published_translations lists released codes', async () => {
      const a = await post({ title: { en: 'Released' } });
      const withDe = await patch(a.body.article.id, { title: { de: 'Unveröffentlicht' } });
      expect(withDe.body.article.title).toEqual({ en: 'Released', de: 'Unveröffentlicht' });
      expect(withDe.body.article.published_translations).toEqual(['en']);
    });

    it('an empty title in a language map clears that language', async () => {
      const a = await post({ title: { en: 'Keep', de: 'Weg' }, content: { de: '<p>x</p>' } });
      const res = await patch(a.body.article.id, { title: { de: '' } });
      expect(res.body.article.title).toEqual({ en: 'Keep' });
      expect(res.body.article.content).toEqual({ en: '' });
      const last = await patch(a.body.article.id, { title: { en: '' } });
      expect(last.status).toBe(422);
    });
  });
});
