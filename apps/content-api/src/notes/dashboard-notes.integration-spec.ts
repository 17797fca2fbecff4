import {
  captureMail,
  expectError,
  expectInsufficientScope,
  expectValidationErrors,
  siteEventCount,
  TestApp,
  TestSession,
  TestSite,
  TestUser,
  useTestApp,
} from '@hc/testing';
import type { MailCapture } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { CommentEmailsWorker } from '../comments/comment-emails.worker';
import { MENTION_MAILS_PER_HOUR } from './note-mentions';

/**
 * Issue 38 item 8: the dashboard starts team-note threads on selected text (session only,
 * team-notes access), replies and resolves; `@Name` mentions email the members named.
 */
describe('team notes in the dashboard (issue 38)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, otherKey: string;
  let owner: TestSession, ann: TestUser, annSession: TestSession, bob: TestUser;
  let mailbox: MailCapture;

  const CONTENT = '<p>Click Save. Then click Save again.</p><p>Fish &lt;b&gt; chips</p>';

  useTestApp(createContentApi, async (app) => {
    t = app;
    // Every email the app sends (the worker polls in the background too) lands here.
    mailbox = captureMail(t.app);
    site = await t.factory.site({ languages: ['en', 'de'] });
    other = await t.factory.site({ languages: ['en', 'de'] });
    key = await t.factory.key(site, { notes: true });
    otherKey = await t.factory.key(other);
    owner = await t.factory.session(site.owner);
    ann = await t.factory.user({ name: 'Ann Lee' });
    await t.factory.member(site, ann, 'editor', true);
    annSession = await t.factory.session(ann);
    bob = await t.factory.user({ name: 'Bob' });
    await t.factory.member(site, bob, 'editor', false);
  });

  const article = async (k = key, content = CONTENT) => {
    const res = await t.request('POST', '/v1/articles', {
      key: k,
      body: {
        title: { en: 'Saving', de: 'Speichern' },
        content: { en: content, de: '<p>Hallo</p>' },
      },
    });
    expect(res.status).toBe(201);
    return res.body.article.id as number;
  };
  const start = (id: number, body: unknown, session = owner, siteId = site.id) =>
    t.request('POST', `/v1/articles/${id}/notes`, { session, site: siteId, body });
  const stored = async (id: number, lang = 'en') =>
    (
      await t.ds.query(
        'SELECT content FROM article_translations WHERE article_id = ? AND lang = ?',
        [id, lang],
      )
    )[0].content as string;
  const mails = async () =>
    (await t.ds.query(
      `SELECT recipient_email, subject, body FROM comment_emails WHERE kind LIKE 'mention:%' ORDER BY id`,
    )) as { recipient_email: string; subject: string; body: string }[];

  it('anchors the selected repetition of the quote; readers and keys never see it; no event', async () => {
    const id = await article();
    const events = await siteEventCount(t.ds, site);
    const res = await start(id, { lang: 'en', quote: 'Save', occurrence: 1, text: 'Which one?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Note added.',
      note: { note: 'Which one?', anchor: { quote: 'Save' }, resolved: false, lang: 'en' },
    });
    const markId = res.body.note.anchor.mark_id;
    expect(await stored(id)).toBe(
      `<p>Click Save. Then click <mark data-hc-note="${markId}">Save</mark> again.</p><p>Fish &lt;b&gt; chips</p>`,
    );
    const read = (await t.request('GET', `/v1/articles/${id}`, { key })).body.article.content.en;
    expect(read).toContain('<p>Click Save. Then click Save again.</p>');
    expect(read).not.toContain('mark');
    expect(await siteEventCount(t.ds, site)).toBe(events);
    const listed = await t.request('GET', `/v1/articles/${id}/notes?lang=en`, {
      session: annSession,
      site: site.id,
    });
    expect(listed.body.notes.map((n: { id: number }) => n.id)).toEqual([res.body.note.id]);
  });

  it('replies and resolves through the session; resolved threads show with include_resolved', async () => {
    const id = await article();
    const note = (await start(id, { quote: 'chips', text: 'Typo?' })).body.note;
    const reply = await t.request('POST', `/v1/articles/${id}/notes/${note.id}/replies`, {
      session: annSession,
      site: site.id,
      body: { text: 'Fixed.' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.note.replies.map((r: { note: string }) => r.note)).toEqual(['Fixed.']);
    const resolved = await t.request('POST', `/v1/articles/${id}/notes/${note.id}/resolve`, {
      session: owner,
      site: site.id,
    });
    expect(resolved.body).toEqual({ status: 'success', message: 'Note resolved.', id: note.id });
    const path = `/v1/articles/${id}/notes`;
    expect((await t.request('GET', path, { session: owner, site: site.id })).body.notes).toEqual(
      [],
    );
    const all = await t.request('GET', `${path}?include_resolved=1`, {
      session: owner,
      site: site.id,
    });
    expect(all.body.notes).toMatchObject([{ id: note.id, resolved: true }]);
  });

  it('keys and tokens cannot start a thread (403 session_required), even with notes access', async () => {
    const id = await article();
    expectError(
      await t.request('POST', `/v1/articles/${id}/notes`, {
        key,
        body: { quote: 'Save', text: 'x' },
      }),
      403,
      'session_required',
    );
  });

  it('people without notes access get notes_forbidden on every note route; a Viewer with it only reads', async () => {
    const id = await article();
    const note = (await start(id, { quote: 'Click', text: 'Hm' })).body.note;
    const bobSession = await t.factory.session(bob);
    const as = { session: bobSession, site: site.id };
    for (const [method, path, body] of [
      ['GET', `/v1/articles/${id}/notes`, undefined],
      ['POST', `/v1/articles/${id}/notes`, { quote: 'Click', text: 'x' }],
      ['POST', `/v1/articles/${id}/notes/${note.id}/replies`, { text: 'x' }],
      ['POST', `/v1/articles/${id}/notes/${note.id}/resolve`, undefined],
    ] as const)
      expectError(await t.request(method, path, { ...as, body }), 403, 'notes_forbidden');
    const viewer = await t.factory.user();
    await t.factory.member(site, viewer, 'viewer', true);
    const viewing = { session: await t.factory.session(viewer), site: site.id };
    expect((await t.request('GET', `/v1/articles/${id}/notes`, viewing)).status).toBe(200);
    expectInsufficientScope(
      await t.request('POST', `/v1/articles/${id}/notes`, {
        ...viewing,
        body: { quote: 'Click', text: 'x' },
      }),
      'notes.write',
    );
  });

  it('bad input: the fields answer 422 with their messages and nothing is written', async () => {
    const id = await article();
    const before = await stored(id);
    expectValidationErrors(await start(id, {}), {
      text: ['The text field is required.'],
      quote: ['The quote field is required.'],
    });
    expectValidationErrors(await start(id, { quote: 'Save', text: 'x', occurrence: -1 }), {
      occurrence: ['The occurrence field must be at least 0.'],
    });
    expectValidationErrors(await start(id, { quote: 'Save', text: 'x'.repeat(5001) }), {
      text: ['The text field must not be greater than 5000 characters.'],
    });
    expectValidationErrors(await start(id, { quote: 'Nowhere', text: 'x' }), {
      quote: [`The quote was not found in the article's "en" content.`],
    });
    expectValidationErrors(await start(id, { quote: 'Save', occurrence: 2, text: 'x' }), {
      quote: [`The quote was not found in the article's "en" content.`],
    });
    expectValidationErrors(await start(id, { quote: 'Save', lang: 'fr', text: 'x' }), {
      lang: [`Article ${id} has no content in "fr".`],
    });
    expect(await stored(id)).toBe(before);
    expect(
      (await t.ds.query('SELECT id FROM note_threads WHERE article_id = ?', [id])).length,
    ).toBe(0);
  });

  it('attacks: another site’s article is not found; X-Service-Site of a site one is not on is refused', async () => {
    const id = await article();
    const theirs = await article(otherKey);
    expectError(await start(theirs, { quote: 'Save', text: 'x' }), 404, 'not_found');
    expect(await stored(theirs)).toBe(CONTENT);
    expectError(
      await start(id, { quote: 'Save', text: 'x' }, owner, other.id),
      403,
      'site_forbidden',
    );
    expectError(
      await t.request('GET', `/v1/articles/${theirs}/notes`, { session: owner, site: other.id }),
      403,
      'site_forbidden',
    );
  });

  it('hostile HTML in a note and in a quote stays text: stored and answered as written, anchored escaped', async () => {
    const id = await article();
    const hostile = '<img src=x onerror="alert(document.cookie)"><script>alert(1)</script>';
    const res = await start(id, { quote: 'Fish <b> chips', text: hostile });
    expect(res.status).toBe(201);
    expect(res.body.note.note).toBe(hostile);
    const markId = res.body.note.anchor.mark_id;
    expect(await stored(id)).toContain(
      `<p><mark data-hc-note="${markId}">Fish &lt;b&gt; chips</mark></p>`,
    );
    expectValidationErrors(await start(id, { quote: '<p>Click', text: 'x' }), {
      quote: [`The quote was not found in the article's "en" content.`],
    });
  });

  it('mentions email the named members with notes access, never the author or others; a budget per recipient', async () => {
    const id = await article();
    await t.ds.query(`DELETE FROM comment_emails WHERE kind LIKE 'mention:%'`);
    const note = (
      await start(id, { quote: 'Click', text: '@Ann Lee please check, cc @Bob and @Test Person' })
    ).body.note;
    const sent = await mails();
    expect(sent.map((m) => m.recipient_email)).toEqual([ann.email]);
    expect(sent[0].subject).toBe('Test Person mentioned you in a team note on "Saving"');
    expect(sent[0].body).toContain('@Ann Lee please check');
    expect(sent[0].body).toContain(`/app/sites/${site.id}/articles/${id}`);
    await t.request('POST', `/v1/articles/${id}/notes/${note.id}/replies`, {
      session: annSession,
      site: site.id,
      body: { text: '@ann lee noted; @test person done' },
    });
    expect((await mails()).map((m) => m.recipient_email)).toEqual([ann.email, site.owner.email]);
    // The mailer sends them (the comment email worker), as plain text.
    await t.app.get(CommentEmailsWorker).drain();
    for (const end = Date.now() + 10_000; mailbox.to(site.owner.email).length === 0;) {
      if (Date.now() > end) throw new Error('the mention emails were not sent');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(mailbox.to(ann.email)).toEqual([
      {
        to: { name: 'Ann Lee', address: ann.email },
        subject: 'Test Person mentioned you in a team note on "Saving"',
        text: expect.stringContaining('@Ann Lee please check'),
      },
    ]);
    expect(mailbox.to(site.owner.email)[0].subject).toBe(
      'Ann Lee mentioned you in a team note on "Saving"',
    );
    await t.ds.query(
      `INSERT INTO comment_emails (site_id, comment_id, kind, recipient_email, recipient_name, subject, body, attempts, next_attempt_at, created_at)
       SELECT ?, 0, CONCAT('mention:x', seq, ':u0'), ?, 'Ann', 's', 'b', 0, NOW(3), NOW(3)
         FROM seq_1_to_${MENTION_MAILS_PER_HOUR}`,
      [site.id, ann.email],
    );
    await start(id, { quote: 'chips', text: 'Again @Ann Lee' });
    expect((await mails()).filter((m) => m.recipient_email === ann.email)).toHaveLength(
      MENTION_MAILS_PER_HOUR + 1,
    );
  });
});
