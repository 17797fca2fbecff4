// The REST API walked through the edge once per operation of docs/openapi.json (issue 21): each
// answer here, as everywhere in the e2e suite, is checked against the operation's schema by the
// fetch wrapper of support/openapi-contract.ts, so this file's job is to reach the operations the
// behaviour-focused e2e files do not, with the status each step should answer.
jest.setTimeout(180_000);
import sharp from 'sharp';
import { registerClient, WebhookReceiver } from '@hc/testing';
import type { TestSession } from '@hc/testing';
import {
  cli,
  dashboardSession,
  edge,
  ownerWithKey,
  postArticle,
  stack,
  unique,
} from './support/stack';
import { eventually } from './support/dashboard';

const png = (seed: number) =>
  sharp({
    create: { width: 2, height: 2, channels: 3, background: { r: seed, g: 9, b: 99 } },
  })
    .png()
    .toBuffer();

function form(entries: [string, string | Buffer][]): FormData {
  const f = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)]), `${name}.png`);
  }
  return f;
}

describe('every REST operation through the edge, checked against docs/openapi.json', () => {
  let k: { key: string };
  let siteId: number;
  let userId: number;
  let receiver: WebhookReceiver;
  let owner: { email: string; password: string };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    const made = await ownerWithKey('Contract', {
      siteFlags: ['--languages', 'en,de', '--plan', 'catalyst', '--staging-preview'],
      keyFlags: ['--design', '--notes'],
    });
    [siteId, userId, k] = [made.site.id, made.user.id, { key: made.key }];
    owner = { email: made.email, password: made.password };
  });
  afterAll(() => receiver.close());

  it('identity, account, analytics, translations, audit and export', async () => {
    for (const path of [
      '/v1/',
      '/v1/sites',
      '/v1/account',
      '/v1/analytics/summary',
      '/v1/analytics/content',
      '/v1/analytics/searches',
      '/v1/translations?lang=de',
      '/v1/audit',
      '/v1/export',
    ]) {
      const res = await edge('GET', path, k);
      expect([path, res.status]).toEqual([path, 200]);
    }
    expect((await edge('GET', '/v1/analytics/summary', { key: 'nope' })).status).toBe(401);
  });

  it('articles, bulk, feedback, comments, notes, staged changes and versions', async () => {
    const created = await postArticle(k.key, {
      title: { en: 'Contract', de: 'Vertrag' },
      content: { en: '<p>Alpha beta gamma.</p>', de: '<p>Alpha.</p>' },
      published: true,
      external_id: unique('ext'),
    });
    expect(created.status).toBe(201);
    const id = created.body.article.id as number;
    expect((await edge('GET', '/v1/articles', k)).status).toBe(200);
    expect((await edge('GET', `/v1/articles/${id}`, k)).status).toBe(200);
    expect((await edge('GET', '/v1/articles/999999999', k)).status).toBe(404);
    const patched = await edge('PATCH', `/v1/articles/${id}`, {
      ...k,
      body: { content: { en: '<p>Alpha beta delta.</p>' } },
    });
    expect(patched.status).toBe(200);
    const bulk = await edge('POST', '/v1/articles/bulk', {
      ...k,
      body: { articles: [{ title: { en: 'Bulk one' } }, { title: 7 }] },
    });
    expect(bulk.status).toBe(207);

    const feedback = await edge('POST', `/v1/articles/${id}/feedback`, {
      ...k,
      body: { rating: 'thumbs_up', lang: 'en' },
    });
    expect(feedback.status).toBe(200);
    const comment = await edge('POST', `/v1/articles/${id}/comments`, {
      ...k,
      body: { text: 'A comment from the API.' },
    });
    expect(comment.status).toBe(201);
    expect((await edge('GET', `/v1/articles/${id}/comments`, k)).status).toBe(200);
    expect((await edge('GET', '/v1/comments', k)).status).toBe(200);
    const moderated = await edge('PATCH', `/v1/comments/${comment.body.comment.id}`, {
      ...k,
      body: { action: 'unpublish' },
    });
    expect(moderated.status).toBe(200);

    const { note } = await cli('note add', {
      site: siteId,
      article: id,
      user: userId,
      quote: 'beta',
      text: 'Check this.',
    });
    expect((await edge('GET', `/v1/articles/${id}/notes`, k)).status).toBe(200);
    const reply = await edge('POST', `/v1/articles/${id}/notes/${note.id}/replies`, {
      ...k,
      body: { text: 'Checked.' },
    });
    expect(reply.status).toBe(201);
    const resolved = await edge('POST', `/v1/articles/${id}/notes/${note.id}/resolve`, {
      ...k,
      body: {},
    });
    expect(resolved.status).toBe(200);

    const staged = await edge('PATCH', `/v1/articles/${id}/staged`, {
      ...k,
      body: { locale: 'en', title: 'Contract, staged' },
    });
    expect(staged.status).toBe(200);
    expect((await edge('GET', `/v1/articles/${id}/staged`, k)).status).toBe(200);
    expect((await edge('GET', `/v1/articles/${id}/staged?locale=en`, k)).status).toBe(200);
    expect((await edge('GET', `/v1/articles/${id}/staged/compare?locale=en`, k)).status).toBe(200);
    expect((await edge('DELETE', `/v1/articles/${id}/staged?locale=en`, k)).status).toBe(200);
    expect((await edge('DELETE', `/v1/articles/${id}/staged`, k)).status).toBe(404);
    await edge('PATCH', `/v1/articles/${id}/staged`, { ...k, body: { locale: 'en', title: 'V2' } });
    const published = await edge('POST', `/v1/articles/${id}/staged/publish`, { ...k, body: {} });
    expect(published.status).toBe(200);

    const versions = await edge('GET', `/v1/articles/${id}/versions`, k);
    expect(versions.status).toBe(200);
    const version = versions.body.versions[versions.body.versions.length - 1].id as number;
    const compare = await edge('GET', `/v1/articles/${id}/versions/${version}/compare`, k);
    expect(compare.status).toBe(200);
    const restored = await edge('POST', `/v1/articles/${id}/versions/${version}/restore`, k);
    expect(restored.status).toBe(200);

    expect((await edge('DELETE', `/v1/articles/${id}`, k)).status).toBe(200);
  });

  it('categories and their order', async () => {
    const parent = await edge('POST', '/v1/categories', { ...k, body: { name: { en: 'Parent' } } });
    expect(parent.status).toBe(201);
    const child = await edge('POST', '/v1/categories', {
      ...k,
      body: { name: { en: 'Child' }, description: { en: 'Below.' } },
    });
    expect(child.status).toBe(201);
    expect((await edge('POST', '/v1/categories', { ...k, body: {} })).status).toBe(422);
    expect((await edge('GET', '/v1/categories', k)).status).toBe(200);
    const [p, c] = [parent.body.category.id as number, child.body.category.id as number];
    expect(
      (await edge('PATCH', `/v1/categories/${c}`, { ...k, body: { icon: 'book' } })).status,
    ).toBe(200);
    expect(
      (await edge('PUT', '/v1/categories/order', { ...k, body: { order: [c, p] } })).status,
    ).toBe(200);
    const art = await postArticle(k.key, { title: { en: 'In parent' }, category_id: p });
    const order = await edge('PUT', `/v1/categories/${p}/articles/order`, {
      ...k,
      body: { order: [art.body.article.id] },
    });
    expect(order.status).toBe(200);
    const removed = await edge('DELETE', `/v1/categories/${p}?on_orphan=uncategorize`, k);
    expect(removed.status).toBe(200);
  });

  it('images: upload, import refusal, bulk, upload URLs, files, list, read and delete', async () => {
    const upload = await edge('POST', '/v1/images', {
      ...k,
      raw: form([
        ['file', await png(1)],
        ['alt_text', 'One'],
      ]),
    });
    expect(upload.status).toBe(201);
    const again = await edge('POST', '/v1/images', { ...k, raw: form([['file', await png(1)]]) });
    expect(again.status).toBe(200);
    const refused = await edge('POST', '/v1/images', {
      ...k,
      body: { source_url: 'http://insecure.example/x.png' },
    });
    expect(refused.status).toBe(422);
    const bulk = await edge('POST', '/v1/images/bulk', {
      ...k,
      raw: form([['files[]', await png(2)]]),
    });
    expect(bulk.status).toBe(207);
    const issued = await edge('POST', '/v1/images/uploads', k);
    expect(issued.status).toBe(200);
    const url = new URL(issued.body.upload_url as string);
    const viaUrl = await edge('POST', url.pathname + url.search, {
      raw: form([['file', await png(3)]]),
    });
    expect(viaUrl.status).toBe(201);
    const used = await edge('POST', url.pathname + url.search, {
      raw: form([['file', await png(4)]]),
    });
    expect(used.status).toBe(410);

    const image = upload.body.image as { id: number; url: string };
    const file = await edge('GET', new URL(image.url).pathname, { json: false });
    expect(file.status).toBe(200);
    expect((await edge('GET', '/v1/images', k)).status).toBe(200);
    expect((await edge('GET', `/v1/images/${image.id}`, k)).status).toBe(200);
    expect((await edge('DELETE', `/v1/images/${image.id}`, k)).status).toBe(200);
  });

  it('webhooks and their delivery log', async () => {
    const reg = await edge('POST', '/v1/webhooks', { ...k, body: { url: receiver.url('/oa') } });
    expect(reg.status).toBe(201);
    receiver.secretFor('/oa', reg.body.webhook.secret);
    const hook = reg.body.webhook.id as number;
    expect((await edge('GET', '/v1/webhooks', k)).status).toBe(200);
    await edge('POST', '/v1/categories', { ...k, body: { name: { en: 'Announced' } } });
    let deliveries = await edge('GET', `/v1/webhooks/${hook}/deliveries`, k);
    for (let i = 0; i < 100 && deliveries.body.deliveries?.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      deliveries = await edge('GET', `/v1/webhooks/${hook}/deliveries`, k);
    }
    expect(deliveries.status).toBe(200);
    const delivery = deliveries.body.deliveries[0].id as string | number;
    expect((await edge('GET', `/v1/webhooks/${hook}/deliveries/${delivery}`, k)).status).toBe(200);
    const redo = await edge('POST', `/v1/webhooks/${hook}/deliveries/${delivery}/redeliver`, k);
    expect(redo.status).toBe(202);
    // Issue 39: the test event, for this webhook only.
    expect((await edge('POST', `/v1/webhooks/${hook}/test`, k)).status).toBe(202);
    expect((await edge('DELETE', `/v1/webhooks/${hook}`, k)).status).toBe(200);
    const standard = await edge('POST', '/v1/webhooks/standard', {
      ...k,
      body: { url: receiver.url('/oa-standard') },
    });
    expect(standard.status).toBe(201);
    expect(standard.body.webhook.signature_scheme).toBe('standard');
  });

  it('change sets (API keys only)', async () => {
    const art = await postArticle(k.key, { title: { en: 'Set' }, published: true });
    const id = art.body.article.id as number;
    await edge('PATCH', `/v1/articles/${id}/staged`, {
      ...k,
      body: { locale: 'en', title: 'Set 2' },
    });
    const set = await edge('POST', '/v1/change-sets', { ...k, body: { name: 'Release' } });
    expect(set.status).toBe(201);
    const setId = set.body.change_set.id as number;
    const items = await edge('POST', `/v1/change-sets/${setId}/items`, {
      ...k,
      body: { items: [{ article_id: id, locale: 'en' }] },
    });
    expect(items.status).toBe(207);
    expect((await edge('GET', '/v1/change-sets', k)).status).toBe(200);
    expect((await edge('GET', `/v1/change-sets/${setId}`, k)).status).toBe(200);
    const publish = await edge('POST', `/v1/change-sets/${setId}/publish`, { ...k, body: {} });
    expect(publish.status).toBe(202);
    expect((await edge('GET', '/v1/change-sets', { token: 'not-a-key' })).status).toBe(401);
  });

  it('the OAuth endpoints of spec 4.13 outside the oauth flow file: JWKS, userinfo, refusals', async () => {
    const jwks = await edge('GET', '/oauth/jwks');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0].kid).toBe('service-oidc-1');
    for (const method of ['GET', 'POST']) {
      const info = await edge(method, '/oauth/userinfo', { token: 'not-a-token' });
      expect(info.status).toBe(401);
      expect(info.body.error).toBe('invalid_token');
    }
    const grant = await edge('POST', '/oauth/token', {
      raw: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', client_id: 'x' }),
    });
    expect([400, 401]).toContain(grant.status);
    const reg = await registerClient(stack.publicUrl, { redirect_uris: ['myapp://callback'] });
    expect(reg.status).toBe(400);
  });

  it('the design API: template, draft, schema, themes, apply, publish, versions, restore', async () => {
    const template = await edge('GET', '/v1/template', k);
    expect(template.status).toBe(200);
    expect((await edge('GET', '/v1/template/draft', k)).status).toBe(200);
    expect((await edge('GET', '/v1/template/draft?section=brand', k)).status).toBe(200);
    expect((await edge('GET', '/v1/template/schema', k)).status).toBe(200);
    const themes = await edge('GET', '/v1/template/themes', k);
    expect(themes.status).toBe(200);
    const theme = themes.body.themes[1].key as string;
    expect((await edge('GET', `/v1/template/themes/${theme}`, k)).status).toBe(200);
    const preview = await edge('GET', `/v1/template/themes/${theme}/preview.svg`, { json: false });
    expect(preview.status).toBe(200);
    const shot = await edge('GET', `/v1/template/themes/${theme}/screenshots/article.svg`, {
      json: false,
    });
    expect(shot.status).toBe(200);
    const applied = await edge('POST', `/v1/template/themes/${theme}/apply`, {
      ...k,
      body: { sections: ['theme.colors'] },
    });
    expect(applied.status).toBe(200);
    const patched = await edge('PATCH', '/v1/template/draft', {
      ...k,
      body: { operations: [{ op: 'set', path: 'brand.tagline', value: 'Answers' }] },
    });
    expect(patched.status).toBe(200);
    const stale = await edge('PATCH', '/v1/template/draft', {
      ...k,
      body: { etag: 'stale', operations: [{ op: 'set', path: 'brand.tagline', value: 'x' }] },
    });
    expect(stale.status).toBe(412);
    const published = await edge('POST', '/v1/template/publish', {
      ...k,
      body: { message: 'First' },
    });
    expect(published.status).toBe(200);
    expect((await edge('POST', '/v1/template/publish', { ...k, body: {} })).status).toBe(409);
    await edge('PATCH', '/v1/template/draft', {
      ...k,
      body: { operations: [{ op: 'set', path: 'brand.tagline', value: 'Later' }] },
    });
    expect((await edge('POST', '/v1/template/draft/discard', { ...k, body: {} })).status).toBe(200);
    const versions = await edge('GET', '/v1/template/versions', k);
    expect(versions.status).toBe(200);
    const restore = await edge(
      'POST',
      `/v1/template/versions/${versions.body.versions[0].id}/restore`,
      { ...k, body: {} },
    );
    expect(restore.status).toBe(200);
  });

  it('the dashboard session: bootstrap, dashboard-only operations, sign-out (issue 37)', async () => {
    const session: TestSession = await dashboardSession(owner.email, owner.password);
    const as = { session, site: siteId };
    const me = await edge('GET', '/v1/session', { session });
    expect(me.status).toBe(200);
    expect(me.body.data.sites.map((s: { id: number }) => s.id)).toContain(siteId);
    expect((await edge('GET', '/v1/session', k)).status).toBe(403);
    expect((await edge('GET', '/v1/articles', as)).status).toBe(200);
    const made = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        edge('POST', '/v1/articles', { ...as, body: { title: { en: title, de: title } } }),
      ),
    );
    const [a, b, c] = made.map((r) => r.body.article as { id: number; revision: number });
    const search = await edge('GET', '/v1/articles?team_search=three', as);
    expect(search.body.articles.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const stale = await edge('PATCH', `/v1/articles/${a.id}`, {
      ...as,
      body: { title: { en: 'Late' }, base_revision: a.revision + 5 },
    });
    expect(stale.status).toBe(409);
    const preview = await edge('POST', '/v1/previews', {
      ...as,
      body: { article_id: a.id, lang: 'en', copy: 'live' },
    });
    expect(preview.status).toBe(201);
    const shown = await fetch(`${stack.readerUrl}${new URL(preview.body.data.url).pathname}`);
    expect([shown.status, await shown.text()]).toEqual([200, expect.stringContaining('One')]);
    const release = await edge('POST', `/v1/articles/${a.id}/translations/de/release`, as);
    expect(release.status).toBe(200);
    await edge('DELETE', '/v1/trash', as); // what the articles step above left there
    const actions = await edge('POST', '/v1/dashboard/articles/actions', {
      ...as,
      body: { action: 'trash', ids: [a.id, b.id, c.id] },
    });
    expect(actions.body.data.updated).toHaveLength(3);
    expect((await edge('GET', '/v1/trash', as)).body.meta.items_count).toBe(3);
    expect((await edge('POST', `/v1/trash/${a.id}/restore`, as)).status).toBe(200);
    expect((await edge('DELETE', `/v1/trash/${b.id}`, as)).status).toBe(200);
    expect((await edge('DELETE', '/v1/trash', as)).body.deleted).toBe(1);
    expect((await edge('GET', '/v1/dashboard/images', as)).status).toBe(200); // issue 39
    const exported = await edge('POST', '/v1/dashboard/exports', as);
    expect(exported.status).toBe(202);
    expect((await edge('GET', '/v1/dashboard/exports', as)).status).toBe(200);
    const exportPath = `/v1/dashboard/exports/${exported.body.export.id}`;
    await eventually(
      () => edge('GET', exportPath, as),
      (r) => r.body.export.state === 'done',
    );
    expect((await edge('GET', `${exportPath}/download`, as)).status).toBe(200);
    // Connected apps (issue 38): auth-server's JSON behind the dashboard's screen; the flow
    // itself (share, disconnect) is e2e/oauth's.
    const connections = '/app/account/connections';
    expect((await edge('GET', connections, { session })).status).toBe(200);
    const cookieOnly = { headers: { cookie: `hc_dashboard=${session.cookie}` } };
    expect((await edge('GET', connections, cookieOnly)).status).toBe(401);
    const nobody = `${connections}/${session.userId}/no-such-app`;
    const sites = { session, body: { site_ids: [siteId] } };
    expect((await edge('PUT', `${nobody}/sites`, sites)).status).toBe(404);
    expect((await edge('DELETE', nobody, { session })).status).toBe(404);
    expect((await edge('POST', '/v1/session/signout', { session })).status).toBe(200);
    expect((await edge('GET', '/v1/session', { session })).status).toBe(401);
  });

  it('review before publishing: ask, decide, schedule, the site setting (issue 39)', async () => {
    const as = { session: await dashboardSession(owner.email, owner.password), site: siteId };
    const email = `${unique('reviewer')}@example.com`;
    const { user } = await cli('user create', { email, password: 'long-enough-1' });
    await cli('member add', { site: siteId, user: user.id, role: 'admin' });
    const reviewer = { session: await dashboardSession(email, 'long-enough-1'), site: siteId };
    expect((await edge('GET', '/v1/review-settings', as)).status).toBe(200);
    const setting = await edge('PUT', '/v1/review-settings', {
      ...as,
      body: { require_approval: false },
    });
    expect(setting.status).toBe(200);
    expect((await edge('GET', '/v1/reviews/reviewers', as)).status).toBe(200);
    const draft = await postArticle(k.key, { title: { en: 'To review' }, published: false });
    const ask = () =>
      edge('POST', '/v1/reviews', {
        ...as,
        body: { article_id: draft.body.article.id, reviewer_id: user.id, message: 'Please.' },
      });
    const first = await ask();
    expect(first.status).toBe(201);
    const path = `/v1/reviews/${first.body.review.id}`;
    expect((await edge('GET', '/v1/reviews?list=waiting', reviewer)).status).toBe(200);
    expect((await edge('GET', path, as)).status).toBe(200);
    const back = await edge('POST', `${path}/send-back`, { ...reviewer, body: { comment: 'No.' } });
    expect(back.status).toBe(200);
    const second = `/v1/reviews/${(await ask()).body.review.id}`;
    expect((await edge('POST', `${second}/approve`, { ...reviewer, body: {} })).status).toBe(200);
    const later = new Date(Date.now() + 30 * 86400_000).toISOString();
    const scheduled = await edge('POST', `${second}/schedule`, {
      ...as,
      body: { publish_at: later },
    });
    expect(scheduled.status).toBe(200);
    expect(
      (await edge('POST', `${second}/schedule`, { ...as, body: { publish_at: null } })).status,
    ).toBe(200);
  });

  // Last: it hands the site to another Owner.
  it('synonyms, notes, keys, the team and its invitations, two-factor, a first site (issues 38 and 40)', async () => {
    expect((await edge('GET', '/v1/search/synonyms', k)).status).toBe(200);
    const synonyms = await edge('PUT', '/v1/search/synonyms', {
      ...k,
      body: { groups: [['invoice', 'bill']] },
    });
    expect(synonyms.status).toBe(200);
    const as = { session: await dashboardSession(owner.email, owner.password), site: siteId };
    const noted = await postArticle(k.key, {
      title: { en: 'Noted' },
      content: { en: '<p>Pay an invoice.</p>' },
    });
    const note = await edge('POST', `/v1/articles/${noted.body.article.id}/notes`, {
      ...as,
      body: { text: 'Say which invoice.', quote: 'invoice' },
    });
    expect(note.status).toBe(201);
    // Keys: made, listed and revoked by an Owner's session.
    const key = await edge('POST', '/v1/keys', {
      ...as,
      body: { name: 'Contract', scope: 'read' },
    });
    expect(key.status).toBe(201);
    expect((await edge('GET', '/v1/keys', as)).status).toBe(200);
    expect((await edge('DELETE', `/v1/keys/${key.body.key.id}`, as)).status).toBe(200);
    // The team: an invitation resent, looked up and taken with a forged link, revoked.
    expect((await edge('GET', '/v1/team/members', as)).status).toBe(200);
    const invited = await edge('POST', '/v1/team/invitations', {
      ...as,
      body: { email: `${unique('invited')}@example.com`, role: 'editor' },
    });
    expect(invited.status).toBe(201);
    const invitation = invited.body.invitation.id as number;
    expect((await edge('POST', `/v1/team/invitations/${invitation}/resend`, as)).status).toBe(200);
    expect((await edge('GET', '/v1/team/invitations', as)).status).toBe(200);
    const forged = { site_id: siteId, token: 'forged-token' };
    expect((await edge('POST', '/v1/invitations/lookup', { body: forged })).status).toBe(404);
    expect(
      (
        await edge('POST', '/v1/invitations/accept', {
          body: { ...forged, name: 'Nobody', password: 'long-enough-1' },
        })
      ).status,
    ).toBe(404);
    expect((await edge('POST', '/v1/invitations/join', { ...as, body: forged })).status).toBe(404);
    expect((await edge('DELETE', `/v1/team/invitations/${invitation}`, as)).status).toBe(200);
    // A member's role changed, another removed, then the site handed over.
    const member = async (role: string) => {
      const email = `${unique(role)}@example.com`;
      const { user } = await cli('user create', { email, password: 'long-enough-1' });
      await cli('member add', { site: siteId, user: user.id, role });
      return { id: user.id as number, email };
    };
    const [editor, leaving] = [await member('editor'), await member('viewer')];
    const changed = await edge('PATCH', `/v1/team/members/${editor.id}`, {
      ...as,
      body: { role: 'admin' },
    });
    expect(changed.status).toBe(200);
    expect((await edge('DELETE', `/v1/team/members/${leaving.id}`, as)).status).toBe(200);
    expect(
      (await edge('PUT', '/v1/site/two-factor', { ...as, body: { required: false } })).status,
    ).toBe(200);
    const handed = await edge('POST', '/v1/team/transfer', { ...as, body: { user_id: editor.id } });
    expect(handed.status).toBe(200);
    // A person without a site makes their first one (sign-up's last step).
    const newcomer = `${unique('first')}@example.com`;
    await cli('user create', { email: newcomer, password: 'long-enough-1' });
    const first = await edge('POST', '/v1/session/sites', {
      session: await dashboardSession(newcomer, 'long-enough-1'),
      body: { name: 'First', subdomain: unique('first') },
    });
    expect(first.status).toBe(201);
  });
});
