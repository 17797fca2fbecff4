import {
  createPublishedArticle,
  expectError,
  lastSiteEventId,
  siteEvents,
  TestApp,
  TestSession,
  TestSite,
  useTwoSites,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import { SitesService } from '../sites/sites.service';
import { CommentsService } from './comments.service';

/**
 * Issue 38 item 7: the dashboard's moderation queue. Delete and readers' emails exist only for
 * the dashboard session; `include_email=1` keeps failing for every credential (spec 4.9).
 */
describe('the comment moderation queue (issue 38 item 7)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, otherKey: string;
  let owner: TestSession, editor: TestSession, article: number, otherArticle: number;

  useTwoSites(createContentApi, {}, (s) => ({ t, site, other, key, otherKey } = s));
  beforeAll(async () => {
    owner = await t.factory.session(site.owner);
    const user = await t.factory.user();
    await t.factory.member(site, user, 'editor');
    editor = await t.factory.session(user);
    article = (
      await createPublishedArticle(t, key, { title: { en: 'A' }, content: { en: '<p>A</p>' } })
    ).id;
    otherArticle = (
      await createPublishedArticle(t, otherKey, { title: { en: 'B' }, content: { en: '<p>B</p>' } })
    ).id;
  });

  const reader = async (
    s: TestSite,
    articleId: number,
    text: string,
    email = 'rita@example.test',
  ) =>
    (
      await t.app
        .get(CommentsService)
        .postAsReader(await t.app.get(SitesService).requireSite(s.id), {
          articleId,
          name: 'Rita Reader',
          email,
          text,
        })
    ).id;
  const act = (body: unknown, session = editor, siteId = site.id) =>
    t.request('POST', '/v1/dashboard/comments/actions', { session, site: siteId, body });
  const statusOf = async (id: number) =>
    String((await t.ds.query('SELECT status FROM comments WHERE id = ?', [id]))[0].status);

  it('an Editor approves, unpublishes and deletes several comments in one request; each fails alone', async () => {
    const mark = await lastSiteEventId(t.ds, site);
    const a = await reader(site, article, 'First');
    const b = await reader(site, article, 'Second');
    const foreign = await reader(other, otherArticle, 'Elsewhere');
    expect(await statusOf(a)).toBe('pending');

    const approved = await act({ action: 'approve', ids: [a, b, foreign, a] });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({
      status: 'success',
      updated: [a, b],
      failed: [{ id: foreign, message: 'Comment not found.' }],
    });
    expect([await statusOf(a), await statusOf(b), await statusOf(foreign)]).toEqual([
      'published',
      'published',
      'pending',
    ]);
    expect((await act({ action: 'unpublish', ids: [b] })).body.updated).toEqual([b]);
    expect(await statusOf(b)).toBe('unpublished');
    expect((await act({ action: 'delete', ids: [a, b] })).body.updated).toEqual([a, b]);
    expect(await statusOf(a)).toBe('deleted');
    // A deleted comment cannot come back through approve.
    expect((await act({ action: 'approve', ids: [a] })).body.failed).toEqual([
      { id: a, message: 'A deleted comment cannot be approved or unpublished.' },
    ]);
    // Reader comments send no webhook event (spec 6).
    expect(await siteEvents(t.ds, site, mark)).toEqual([]);
  });

  it('bad actions and id lists are refused on the field', async () => {
    expect((await act({ action: 'purge', ids: [1] })).body.errors).toEqual({
      action: ['The selected action is invalid.'],
    });
    expect((await act({ action: 'approve', ids: [] })).body.errors).toEqual({
      ids: ['The ids field is required.'],
    });
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await act({ action: 'approve', ids: many })).body.errors).toEqual({
      ids: ['The ids field must not have more than 100 items.'],
    });
  });

  it('delete is session only: keys get 403 session_required and PATCH /comments keeps refusing it', async () => {
    const c = await reader(site, article, 'Keep me');
    expectError(
      await t.request('POST', '/v1/dashboard/comments/actions', {
        key,
        body: { action: 'delete', ids: [c] },
      }),
      403,
      'session_required',
    );
    for (const credential of [{ key }, { session: owner, site: site.id }]) {
      const res = await t.request('PATCH', `/v1/comments/${c}`, {
        ...credential,
        body: { action: 'delete' },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ action: ['The selected action is invalid.'] });
    }
    expect(await statusOf(c)).toBe('pending');
  });

  it('a Viewer or Translator cannot moderate (403 role_forbidden)', async () => {
    const c = await reader(site, article, 'Wait');
    for (const role of ['viewer', 'translator'] as const) {
      const user = await t.factory.user();
      await t.factory.member(site, user, role);
      const res = await act({ action: 'delete', ids: [c] }, await t.factory.session(user));
      expectError(res, 403, 'role_forbidden');
    }
    expect(await statusOf(c)).toBe('pending');
  });

  it('a member of site A cannot moderate site B by naming it in X-Service-Site', async () => {
    const c = await reader(other, otherArticle, 'Not yours');
    expectError(await act({ action: 'delete', ids: [c] }, owner, other.id), 403, 'site_forbidden');
    // Naming its own site, B's comment id is not found.
    expect((await act({ action: 'delete', ids: [c] }, owner)).body.failed).toEqual([
      { id: c, message: 'Comment not found.' },
    ]);
    expect(await statusOf(c)).toBe('pending');
  });

  it('readers’ emails: Owners and Admins in the dashboard only, recorded in the audit log', async () => {
    const c = await reader(site, article, 'Mail me', 'mail.me@example.test');
    const path = `/v1/dashboard/comments/${c}/email`;
    const shown = await t.request('GET', path, { session: owner, site: site.id });
    expect(shown.status).toBe(200);
    expect(shown.body.author).toEqual({
      comment_id: c,
      name: 'Rita Reader',
      email: 'mail.me@example.test',
    });
    const audit = await t.ds.query(
      `SELECT COUNT(*) AS n FROM outbox WHERE site_id = ? AND event = 'audit.recorded'
         AND JSON_VALUE(payload, '$.data.action') = 'comment.email_read'`,
      [site.id],
    );
    expect(Number(audit[0].n)).toBe(1);
    expectError(
      await t.request('GET', path, { session: editor, site: site.id }),
      403,
      'role_forbidden',
    );
    expectError(await t.request('GET', path, { key }), 403, 'session_required');
    const foreign = await reader(other, otherArticle, 'Hidden', 'hidden@example.test');
    const res = await t.request('GET', `/v1/dashboard/comments/${foreign}/email`, {
      session: owner,
      site: site.id,
    });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('hidden@example.test');
  });

  it('include_email=1 keeps answering 403 include_email_unavailable for every credential, the session included', async () => {
    for (const credential of [{ key }, { session: owner, site: site.id }]) {
      for (const path of ['/v1/comments', `/v1/articles/${article}/comments`]) {
        expectError(
          await t.request('GET', `${path}?include_email=1`, credential),
          403,
          'include_email_unavailable',
        );
      }
    }
    const list = await t.request('GET', '/v1/comments', { session: owner, site: site.id });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('@example.test');
  });

  it('with moderation off (comment settings), reader comments are published at once', async () => {
    const put = (moderate: boolean) =>
      t.request('PUT', '/v1/site/comment-settings', {
        session: owner,
        site: site.id,
        body: { moderate },
      });
    expect((await put(false)).status).toBe(200);
    expect(await statusOf(await reader(site, article, 'Straight in'))).toBe('published');
    expect((await put(true)).status).toBe(200);
    expect(await statusOf(await reader(site, article, 'Queued'))).toBe('pending');
  });
});
