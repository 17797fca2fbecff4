import {
  auditEventsAfter,
  createPublishedArticle,
  expectError,
  lastOutboxId,
  STAGING_SITE,
  TestApp,
  TestSession,
  TestSite,
  TestTokens,
  TestUser,
  useTestApp,
} from '@hc/testing';
import type { RequestOptions } from '@hc/testing';
import { DOMAIN_MODULES } from '../domain.modules';
import { ReviewClock } from './review-clock';
import { ReviewScheduler } from './review-scheduler.worker';
import {
  APPROVAL_STALE,
  NOT_THE_REVIEWER,
  OWN_REQUEST,
  REVIEW_REQUIRED,
  REVIEWER_INVALID,
} from './review.service';

const tokens = new TestTokens('review');

/**
 * Issue 39 item 7: review before publishing. A writer asks a named reviewer; the reviewer
 * approves or sends back; a site may require approval before a person publishes in the
 * dashboard (keys and tokens keep the spec's rules); an approved change is published at its
 * time, once, however many schedulers run.
 */
describe('review before publishing (issue 39)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string;
  let owner: TestSession, writer: TestUser, writerSession: TestSession;
  let admin: TestUser, adminSession: TestSession, editor2Session: TestSession;
  let viewer: TestUser, editor2: TestUser, otherOwner: TestSession;
  let seq = 0;

  useTestApp(tokens.app([...DOMAIN_MODULES]), async (app) => {
    t = app;
    site = await t.factory.site(STAGING_SITE);
    other = await t.factory.site(STAGING_SITE);
    key = await t.factory.key(site);
    owner = await t.factory.session(site.owner);
    otherOwner = await t.factory.session(other.owner);
    writer = await t.factory.user({ name: 'Wendy Writer' });
    await t.factory.member(site, writer, 'editor', true);
    writerSession = await t.factory.session(writer);
    admin = await t.factory.user({ name: 'Ada Admin' });
    await t.factory.member(site, admin, 'admin', true);
    adminSession = await t.factory.session(admin);
    editor2 = await t.factory.user({ name: 'Eve Editor' });
    await t.factory.member(site, editor2, 'editor', true);
    editor2Session = await t.factory.session(editor2);
    viewer = await t.factory.user({ name: 'Vic Viewer' });
    await t.factory.member(site, viewer, 'viewer', true);
  });

  afterEach(() => jest.restoreAllMocks());

  const as = (session: TestSession, siteId = site.id) => ({ session, site: siteId });
  const call = (method: string, path: string, who: RequestOptions, body?: unknown) =>
    t.request(method, `/v1${path}`, { ...who, body });
  const require = (value: boolean) =>
    call('PUT', '/review-settings', as(owner), { require_approval: value });
  const staged = async () => {
    const article = await createPublishedArticle(t, key, { title: { en: `Live ${++seq}` } });
    const res = await t.request('PATCH', `/v1/articles/${article.id}/staged`, {
      key,
      body: { locale: 'en', title: `Staged ${seq}` },
    });
    expect(res.status).toBe(200);
    return article.id as number;
  };
  const ask = (articleId: number, reviewer = admin.id, who = writerSession) =>
    call('POST', '/reviews', as(who), { article_id: articleId, reviewer_id: reviewer });
  const publishStaged = (id: number, who: RequestOptions) =>
    t.request('POST', `/v1/articles/${id}/staged/publish`, { ...who, body: {} });
  const liveTitle = async (id: number) =>
    (await t.request('GET', `/v1/articles/${id}`, { key })).body.article.title.en as string;
  const updatedEvents = async (id: number) =>
    Number(
      (
        await t.ds.query(
          `SELECT COUNT(*) AS n FROM outbox WHERE site_id = ? AND event = 'article.updated'
            AND JSON_EXTRACT(payload, '$.data.id') = ?`,
          [site.id, id],
        )
      )[0].n,
    );

  it('a writer asks a named reviewer, who is emailed and sees it waiting; only a member who publishes may be named', async () => {
    const id = await staged();
    const res = await ask(id);
    expect(res.status).toBe(201);
    expect(res.body.review).toMatchObject({
      subject: 'article',
      article: { id, title: `Live ${seq}` },
      requester: { id: writer.id, name: 'Wendy Writer' },
      reviewer: { id: admin.id, name: 'Ada Admin' },
      status: 'pending',
    });
    const waiting = await call('GET', '/reviews?list=waiting', as(adminSession));
    expect(waiting.body.reviews.map((r: { id: number }) => r.id)).toContain(res.body.review.id);
    expect((await call('GET', '/reviews?list=waiting', as(writerSession))).body.reviews).toEqual(
      [],
    );
    const [mail] = await t.ds.query(
      `SELECT recipient_email, subject FROM comment_emails WHERE kind = ?`,
      [`review:request:${res.body.review.id}`],
    );
    expect(mail).toEqual({
      recipient_email: admin.email,
      subject: `Wendy Writer asks for your review of "Live ${seq}"`,
    });

    for (const [reviewer, message] of [
      [viewer.id, REVIEWER_INVALID],
      [other.owner.id, REVIEWER_INVALID],
      [writer.id, 'Name someone else: nobody reviews their own changes.'],
    ] as const) {
      const refused = await ask(id, reviewer);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ reviewer_id: [message] });
    }
    const reviewers = await call('GET', '/reviews/reviewers', as(writerSession));
    const ids = (list: { id: number }[]) => list.map((p) => p.id).sort((a, b) => a - b);
    expect(ids(reviewers.body.reviewers)).toEqual(ids([site.owner, writer, admin, editor2]));
  });

  it('a writer cannot approve their own request; another editor who is not the reviewer cannot decide it', async () => {
    const review = (await ask(await staged())).body.review;
    expectError(
      await call('POST', `/reviews/${review.id}/approve`, as(writerSession), {}),
      403,
      'review_forbidden',
      OWN_REQUEST,
    );
    expectError(
      await call('POST', `/reviews/${review.id}/send-back`, as(editor2Session), {
        comment: 'No',
      }),
      403,
      'review_forbidden',
      NOT_THE_REVIEWER,
    );
    const back = await call('POST', `/reviews/${review.id}/send-back`, as(adminSession), {
      comment: 'Shorter title, please.',
    });
    expect(back.body.review).toMatchObject({
      status: 'sent_back',
      comment: 'Shorter title, please.',
      decided_by: { id: admin.id, name: 'Ada Admin' },
    });
    expectError(
      await call('POST', `/reviews/${review.id}/approve`, as(adminSession), {}),
      409,
      'review_closed',
    );
  });

  it('keeps every site to itself: another site’s owner neither reads nor decides, and keys and tokens are refused', async () => {
    const review = (await ask(await staged())).body.review;
    expectError(
      await call('GET', `/reviews/${review.id}`, as(otherOwner, other.id)),
      404,
      'not_found',
      'Review not found.',
    );
    expectError(
      await call('POST', `/reviews/${review.id}/approve`, as(otherOwner, other.id), {}),
      404,
      'not_found',
    );
    // The other site's owner naming this site in the header is not a member of it.
    expect((await call('GET', `/reviews/${review.id}`, as(otherOwner, site.id))).status).toBe(403);
    expect((await call('GET', '/reviews', as(otherOwner, other.id))).body.reviews).toEqual([]);
    // An article of another site is not found from this one.
    const foreign = await t.factory.key(other);
    const theirs = await createPublishedArticle(t, foreign, { title: { en: 'Theirs' } });
    expect((await ask(theirs.id)).status).toBe(404);
    expectError(await call('GET', '/reviews', { key }), 403, 'session_required');
    expectError(
      await call('PUT', '/review-settings', as(writerSession), { require_approval: false }),
      403,
      'role_forbidden',
    );
  });

  it('a required review blocks a writer’s dashboard publish until an Admin approves; keys and tokens publish as the spec says', async () => {
    expect((await require(true)).body.settings).toEqual({ require_approval: true });
    try {
      const id = await staged();
      const n = seq;
      const blocked = await publishStaged(id, as(writerSession));
      expectError(blocked, 403, 'review_required', REVIEW_REQUIRED);
      expect(await liveTitle(id)).toBe(`Live ${n}`);

      // The API keeps spec 4.5: a key, and the writer's own OAuth token, publish at once.
      const viaKey = await staged();
      expect((await publishStaged(viaKey, { key })).status).toBe(200);
      const viaToken = await staged();
      const token = tokens.issue(writer.id, [site.id], ['content.read', 'content.write']);
      expect((await publishStaged(viaToken, { token })).status).toBe(200);
      expect(await liveTitle(viaToken)).toBe(`Staged ${seq}`);

      const review = (await ask(id)).body.review;
      const mark = await lastOutboxId(t.ds);
      const approved = await call('POST', `/reviews/${review.id}/approve`, as(adminSession), {
        comment: 'Looks good.',
      });
      expect(approved.body.review).toMatchObject({ status: 'approved', comment: 'Looks good.' });
      const published = await publishStaged(id, as(writerSession));
      expect(published.status).toBe(200);
      expect(await liveTitle(id)).toBe(`Staged ${n}`);
      expect(
        (await call('GET', `/reviews/${review.id}`, as(writerSession))).body.review,
      ).toMatchObject({ status: 'published', published_at: expect.any(String) });
      // The audit log: who approved, who published.
      const entries = (await auditEventsAfter(t.ds, mark)).filter((e) => e.site_id === site.id);
      expect(entries.map((e) => [e.action, e.target_id, e.actor.user_id])).toEqual([
        ['review.approve', String(review.id), admin.id],
        ['staged.publish', String(id), writer.id],
      ]);

      // An Owner or Admin publishes without a review.
      const byAdmin = await staged();
      expect((await publishStaged(byAdmin, as(adminSession))).status).toBe(200);
    } finally {
      await require(false);
    }
  });

  it('an approval covers what was approved: a draft edited afterwards needs a new review, and changes sent with the publish are refused', async () => {
    await require(true);
    try {
      const created = await call('POST', '/articles', as(writerSession), {
        title: { en: 'Draft to review' },
        published: false,
      });
      const id = created.body.article.id as number;
      expectError(
        await call('POST', '/articles', as(writerSession), {
          title: { en: 'Straight out' },
          published: true,
        }),
        403,
        'review_required',
      );
      const review = (await ask(id)).body.review;
      await call('POST', `/reviews/${review.id}/approve`, as(adminSession), {});
      let revision = created.body.article.revision as number;
      const edited = await call('PATCH', `/articles/${id}`, as(writerSession), {
        title: { en: 'Edited after approval' },
        base_revision: revision,
      });
      revision = edited.body.article.revision;
      expectError(
        await call('PATCH', `/articles/${id}`, as(writerSession), {
          published: true,
          base_revision: revision,
        }),
        403,
        'review_required',
        APPROVAL_STALE,
      );
      const again = (await ask(id)).body.review;
      await call('POST', `/reviews/${again.id}/approve`, as(adminSession), {});
      expectError(
        await call('PATCH', `/articles/${id}`, as(writerSession), {
          published: true,
          title: { en: 'Sneaked in' },
          base_revision: revision,
        }),
        403,
        'review_required',
      );
      const ok = await call('PATCH', `/articles/${id}`, as(writerSession), {
        published: true,
        base_revision: revision,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.article.published).toBe(true);
    } finally {
      await require(false);
    }
  });

  it('the list’s publish action needs an approval for each draft it publishes', async () => {
    await require(true);
    try {
      const draft = async () =>
        (
          await call('POST', '/articles', as(writerSession), {
            title: { en: `Bulk ${++seq}` },
            published: false,
          })
        ).body.article.id as number;
      const approve = async (id: number) => {
        const review = (await ask(id)).body.review;
        await call('POST', `/reviews/${review.id}/approve`, as(adminSession), {});
      };
      const publish = (ids: number[]) =>
        call('POST', '/dashboard/articles/actions', as(writerSession), { action: 'publish', ids });
      const [a, b] = [await draft(), await draft()];
      await approve(a);
      expectError(await publish([a, b]), 403, 'review_required', REVIEW_REQUIRED);
      await approve(b);
      const done = await publish([a, b]);
      expect(done.status).toBe(200);
      expect([...done.body.data.updated].sort()).toEqual([a, b].sort());
    } finally {
      await require(false);
    }
  });

  it('a scheduled publish happens at its time, once, with two schedulers running', async () => {
    const clock = t.app.get(ReviewClock);
    const start = new Date();
    let now = start;
    jest.spyOn(clock, 'now').mockImplementation(() => now);
    const id = await staged();
    const review = (await ask(id)).body.review;
    await call('POST', `/reviews/${review.id}/approve`, as(adminSession), {});
    const at = new Date(start.getTime() + 3600_000);
    expect(
      (
        await call('POST', `/reviews/${review.id}/schedule`, as(writerSession), {
          publish_at: new Date(start.getTime() - 1000).toISOString(),
        })
      ).body.errors,
    ).toEqual({ publish_at: ['The publish time must be in the future.'] });
    const scheduled = await call('POST', `/reviews/${review.id}/schedule`, as(writerSession), {
      publish_at: at.toISOString(),
    });
    expect(scheduled.body.review).toMatchObject({ status: 'scheduled' });

    const first = t.app.get(ReviewScheduler);
    const second = Object.assign(
      Object.create(ReviewScheduler.prototype),
      first,
    ) as ReviewScheduler;
    const events = await updatedEvents(id);
    expect(await Promise.all([first.drain(), second.drain()])).toEqual([0, 0]);
    expect(await liveTitle(id)).toBe(`Live ${seq}`);

    const mark = await lastOutboxId(t.ds);
    now = new Date(at.getTime() + 1000);
    const handled = await Promise.all([first.drain(), second.drain(), first.drain()]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await liveTitle(id)).toBe(`Staged ${seq}`);
    expect(await updatedEvents(id)).toBe(events + 1);
    expect(
      (await call('GET', `/reviews/${review.id}`, as(adminSession))).body.review,
    ).toMatchObject({ status: 'published' });
    // Recorded as the write of the person who scheduled it.
    const entries = (await auditEventsAfter(t.ds, mark)).filter((e) => e.site_id === site.id);
    expect(entries.map((e) => [e.action, e.actor.user_id])).toEqual([
      ['staged.publish', writer.id],
      ['review.publish', writer.id],
    ]);
  });

  it('a scheduled draft is published at its time as a draft publish is, article.published included', async () => {
    const clock = t.app.get(ReviewClock);
    let now = new Date();
    jest.spyOn(clock, 'now').mockImplementation(() => now);
    const created = await call('POST', '/articles', as(writerSession), {
      title: { en: 'Scheduled draft' },
      published: false,
    });
    const id = created.body.article.id as number;
    const review = (await ask(id)).body.review;
    await call('POST', `/reviews/${review.id}/approve`, as(adminSession), {});
    await call('POST', `/reviews/${review.id}/schedule`, as(writerSession), {
      publish_at: new Date(now.getTime() + 60_000).toISOString(),
    });
    const events = async () =>
      Number(
        (
          await t.ds.query(
            `SELECT COUNT(*) AS n FROM outbox WHERE site_id = ? AND event = 'article.published'
              AND JSON_EXTRACT(payload, '$.data.id') = ?`,
            [site.id, id],
          )
        )[0].n,
      );
    expect(await events()).toBe(0);
    now = new Date(now.getTime() + 61_000);
    expect(await t.app.get(ReviewScheduler).drain()).toBe(1);
    expect((await t.request('GET', `/v1/articles/${id}`, { key })).body.article.published).toBe(
      true,
    );
    expect(await events()).toBe(1);
  });

  it('a scheduled change edited after its approval is not published', async () => {
    const clock = t.app.get(ReviewClock);
    let now = new Date();
    jest.spyOn(clock, 'now').mockImplementation(() => now);
    const id = await staged();
    const review = (await ask(id)).body.review;
    await call('POST', `/reviews/${review.id}/approve`, as(adminSession), {});
    await call('POST', `/reviews/${review.id}/schedule`, as(writerSession), {
      publish_at: new Date(now.getTime() + 60_000).toISOString(),
    });
    await t.request('PATCH', `/v1/articles/${id}/staged`, {
      key,
      body: { locale: 'en', title: 'Changed after approval' },
    });
    now = new Date(now.getTime() + 120_000);
    expect(await t.app.get(ReviewScheduler).drain()).toBe(1);
    expect(await liveTitle(id)).toBe(`Live ${seq}`);
    expect(
      (await call('GET', `/reviews/${review.id}`, as(adminSession))).body.review,
    ).toMatchObject({ status: 'failed', failure: 'changed_since_approval' });
  });
});
