import {
  createPublishedArticle,
  expectInsufficientScope,
  expectNotFound,
  expectSuccess,
  siteEventCount,
  startTestApp,
  TestApp,
  TestSite,
  TestTokens,
  TestUser,
} from '@hc/testing';
import { run } from '../cli';
import { DOMAIN_MODULES } from '../domain.modules';

const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

/** Bearer tokens for this file (end-to-end tests use auth-server's real ones). */
const tokens = new TestTokens('notes');
const createWithTokens = tokens.app([...DOMAIN_MODULES]);
const token = (userId: number, siteIds: number[], scopes: string[]) =>
  tokens.issue(userId, siteIds, scopes);

const NOTES_FORBIDDEN = {
  status: 'error',
  code: 'notes_forbidden',
  message:
    'Team notes need a credential with team-notes access, held by a person who has team-notes access on this site.',
};

describe('team notes (spec 4.9, 2.10, 5.1, 5.2)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, readNotesKey: string;
  let noNotesKey: string, otherKey: string, article: number, otherArticle: number, editor: TestUser;

  const EN =
    '<p>Open the <strong>settings</strong> page and click   Save.</p><p>Then sign out.</p>';
  const DE = '<p>Öffnen Sie die Einstellungen.</p>';

  const addNote = async (
    quote: string,
    text: string,
    lang = 'en',
    user = site.owner,
    articleId = article,
  ) =>
    (
      (await run('note add', {
        site: String(site.id),
        article: String(articleId),
        user: String(user.id),
        lang,
        quote,
        text,
      })) as { note: { id: number; anchor: { mark_id: string; quote: string } } }
    ).note;
  const notes = (query = '', k: string | { token: string } = key, articleId = article) =>
    t.request(
      'GET',
      `/v1/articles/${articleId}/notes${query}`,
      typeof k === 'string' ? { key: k } : k,
    );
  const reply = (
    noteId: number,
    body: unknown,
    k: string | { token: string } = key,
    articleId = article,
  ) =>
    t.request('POST', `/v1/articles/${articleId}/notes/${noteId}/replies`, {
      ...(typeof k === 'string' ? { key: k } : k),
      body,
    });
  const resolve = (noteId: number, k: string | { token: string } = key, articleId = article) =>
    t.request(
      'POST',
      `/v1/articles/${articleId}/notes/${noteId}/resolve`,
      typeof k === 'string' ? { key: k } : k,
    );
  const storedContent = async (lang: string) =>
    (
      await t.ds.query(
        'SELECT content FROM article_translations WHERE article_id = ? AND lang = ?',
        [article, lang],
      )
    )[0].content as string;

  beforeAll(async () => {
    t = await startTestApp(createWithTokens);
    site = await t.factory.site({ languages: ['en', 'de'] });
    other = await t.factory.site();
    key = await t.factory.key(site, { notes: true });
    readNotesKey = await t.factory.key(site, { scope: 'read', notes: true });
    noNotesKey = await t.factory.key(site);
    otherKey = await t.factory.key(other, { notes: true });
    editor = await t.factory.user({ name: 'Eddie Editor' });
    await t.factory.member(site, editor, 'editor', true);
    article = (
      await createPublishedArticle(t, key, {
        title: { en: 'Settings', de: 'Einstellungen' },
        content: { en: EN, de: DE },
      })
    ).id;
    otherArticle = (
      await t.request('POST', '/v1/articles', {
        key: otherKey,
        body: { title: { en: 'Other' }, content: { en: '<p>x</p>' } },
      })
    ).body.article.id;
  });
  afterAll(() => t.close());

  describe('hc note add', () => {
    it('anchors a thread on the quote and writes the highlight markup; reads strip it', async () => {
      const before = await t.request('GET', `/v1/articles/${article}`, { key });
      const events = await siteEventCount(t.ds, site);
      const note = await addNote('settings page', 'Is this still the name?');
      expect(note).toMatchObject({
        note: 'Is this still the name?',
        anchor: { mark_id: expect.stringMatching(/^note-[0-9a-f]{12}$/), quote: 'settings page' },
        author: { id: site.owner.id, name: site.owner.name, avatar: null },
        resolved: false,
        replies: [],
        lang: 'en',
      });
      const stored = await storedContent('en');
      const mark = `<mark data-hc-note="${note.anchor.mark_id}">`;
      expect(stored).toContain(`${mark}settings</mark>`);
      expect(stored).toContain(`${mark} page</mark>`);
      const after = await t.request('GET', `/v1/articles/${article}`, { key });
      expect(after.body.article.content.en).not.toContain('data-hc-note');
      expect(after.body.article.content.en).toBe(before.body.article.content.en);
      expect(after.body.article.updated_at).toBe(before.body.article.updated_at);
      const eventsAfter = await siteEventCount(t.ds, site);
      expect(eventsAfter).toBe(events);
    });

    it('finds a quote across collapsed whitespace and in another language', async () => {
      const spaced = await addNote('click Save', 'Button renamed?');
      expect(await storedContent('en')).toContain(
        `<mark data-hc-note="${spaced.anchor.mark_id}">click   Save</mark>`,
      );
      const de = await addNote('Einstellungen', 'Übersetzung prüfen', 'de');
      expect(await storedContent('de')).toContain(
        `<mark data-hc-note="${de.anchor.mark_id}">Einstellungen</mark>`,
      );
    });

    it('refuses a quote that is not in that language’s content, with a clear error', async () => {
      await expect(addNote('sign out', 'x', 'de')).rejects.toMatchObject({
        body: { errors: { quote: ['The quote was not found in the article\'s "de" content.'] } },
      });
      await expect(addNote('nowhere to be found', 'x')).rejects.toMatchObject({
        body: { errors: { quote: ['The quote was not found in the article\'s "en" content.'] } },
      });
      await expect(addNote('settings', 'x', 'fr')).rejects.toMatchObject({
        body: { errors: { lang: [`Article ${article} has no content in "fr".`] } },
      });
    });

    it('refuses a person without team-notes access, a non-member, another site’s article', async () => {
      const viewer = await t.factory.user();
      await t.factory.member(site, viewer, 'viewer', false);
      await expect(addNote('settings', 'x', 'en', viewer)).rejects.toMatchObject({
        body: {
          errors: { user: [`User ${viewer.id} has no team-notes access on site ${site.id}.`] },
        },
      });
      await expect(addNote('settings', 'x', 'en', other.owner)).rejects.toMatchObject({
        body: { errors: { user: [`User ${other.owner.id} is not a member of site ${site.id}.`] } },
      });
      await expect(addNote('x', 'x', 'en', site.owner, otherArticle)).rejects.toMatchObject({
        body: { message: 'Article not found.' },
      });
    });
  });

  describe('GET /articles/{id}/notes', () => {
    let open: number;
    let resolved: number;
    beforeAll(async () => {
      open = (await addNote('Then sign out', 'Open thread', 'en', editor)).id;
      resolved = (await addNote('Open the', 'To be resolved')).id;
      expect((await resolve(resolved)).status).toBe(200);
    });

    it('lists open threads with the fields of 2.10 and meta', async () => {
      const res = await notes('?lang=en');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['article', 'meta', 'notes', 'status']);
      expect(res.body.article).toEqual({
        id: article,
        title: { de: 'Einstellungen', en: 'Settings' },
      });
      const ids = res.body.notes.map((n: { id: number }) => n.id);
      expect(ids).toContain(open);
      expect(ids).not.toContain(resolved);
      expect(res.body.notes.every((n: { lang: string }) => n.lang === 'en')).toBe(true);
      expect(res.body.meta).toEqual({
        threads_count: ids.length,
        open_count: ids.length,
        includes_resolved: false,
      });
      const thread = res.body.notes.find((n: { id: number }) => n.id === open);
      expect(thread).toEqual({
        id: open,
        note: 'Open thread',
        anchor: { mark_id: expect.any(String), quote: 'Then sign out' },
        author: { id: editor.id, name: 'Eddie Editor', avatar: null },
        resolved: false,
        resolved_at: null,
        lang: 'en',
        replies: [],
        created_at: expect.stringMatching(FORMAT_B),
        updated_at: expect.stringMatching(FORMAT_B),
        _links: {
          reply: {
            method: 'POST',
            url: `http://localhost:8080/v1/articles/${article}/notes/${open}/replies`,
          },
          resolve: {
            method: 'POST',
            url: `http://localhost:8080/v1/articles/${article}/notes/${open}/resolve`,
          },
        },
      });
    });

    it('include_resolved=1 adds resolved threads', async () => {
      const res = await notes('?lang=en&include_resolved=1');
      const found = res.body.notes.find((n: { id: number }) => n.id === resolved);
      expect(found).toMatchObject({ resolved: true, resolved_at: expect.stringMatching(FORMAT_B) });
      expect(res.body.meta.includes_resolved).toBe(true);
      expect(res.body.meta.threads_count).toBe(res.body.notes.length);
      expect(res.body.meta.open_count).toBe(res.body.notes.length - 1);
      expect((await notes('?include_resolved=yes')).status).toBe(422);
      // spec 4.1 rule 7: the words fail too; 0 and an empty value read as "open only".
      const word = await notes('?include_resolved=true');
      expect([word.status, word.body.errors]).toEqual([
        422,
        { include_resolved: ['The include resolved field must be true or false.'] },
      ]);
      for (const q of ['?include_resolved=0', '?include_resolved=']) {
        const open = await notes(q);
        expect([open.status, open.body.meta.includes_resolved]).toEqual([200, false]);
      }
    });

    it('lang is unchecked: a typo gives an empty list; without lang every language is listed', async () => {
      const typo = await notes('?lang=enn');
      expect(typo.status).toBe(200);
      expect(typo.body.notes).toEqual([]);
      expect(typo.body.meta).toEqual({ threads_count: 0, open_count: 0, includes_resolved: false });
      const all = await notes();
      expect(new Set(all.body.notes.map((n: { lang: string }) => n.lang))).toEqual(
        new Set(['en', 'de']),
      );
    });

    it('answers 404 for unknown and foreign articles', async () => {
      const res = await notes('', key, otherArticle);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Article not found.');
    });

    it('never appears in comment lists', async () => {
      const list = await t.request('GET', '/v1/comments?limit=100', { key });
      expect(list.text).not.toContain('Open thread');
      const threads = await t.request('GET', `/v1/articles/${article}/comments`, { key });
      expect(threads.body.meta).toEqual({ threads_count: 0, comments_count: 0 });
    });
  });

  describe('replies and resolve', () => {
    let thread: number;
    beforeAll(async () => {
      thread = (await addNote('Open the', 'Reply here')).id;
    });

    it('adds a reply: {status, message, note} with the reply in replies; not idempotent', async () => {
      const res = await reply(thread, { text: ' First <b>reply</b> ' });
      expectSuccess(res, 201, {
        message: 'Reply added.',
        note: expect.any(Object),
      });
      expect(res.body.note.id).toBe(thread);
      expect(res.body.note.replies).toEqual([
        {
          id: expect.any(Number),
          note: 'First <b>reply</b>',
          author: { id: site.owner.id, name: site.owner.name, avatar: null },
          created_at: expect.stringMatching(FORMAT_B),
        },
      ]);
      const again = await reply(thread, { text: ' First <b>reply</b> ' });
      expect(again.body.note.replies).toHaveLength(2);
    });

    it.each([
      ['no text', {}, 'The text field is required.'],
      ['blank text', { text: '  ' }, 'The text field is required.'],
      [
        '5,001 characters',
        { text: 'x'.repeat(5001) },
        'The text field must not be greater than 5000 characters.',
      ],
    ])('refuses %s with 422', async (_, body, message) => {
      const res = await reply(thread, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ text: [message] });
    });

    it('accepts 5,000 characters', async () => {
      expect((await reply(thread, { text: 'y'.repeat(5000) })).status).toBe(201);
    });

    it('answers 404 Note not found. for unknown notes and notes of another article', async () => {
      const second = (
        await t.request('POST', '/v1/articles', {
          key,
          body: { title: { en: 'Second' }, content: { en: '<p>Second text</p>' } },
        })
      ).body.article.id;
      for (const [noteId, articleId] of [
        [999999, article],
        [thread, second],
      ]) {
        const r = await reply(noteId, { text: 'x' }, key, articleId);
        expectNotFound(r, 'Note not found.');
        expect((await resolve(noteId, key, articleId)).status).toBe(404);
      }
    });

    it('resolves: {status, message, id}; resolving again answers the same', async () => {
      const res = await resolve(thread);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: 'Note resolved.', id: thread });
      expect((await resolve(thread)).body).toEqual({
        status: 'success',
        message: 'Note resolved.',
        id: thread,
      });
      const list = await notes('?lang=en');
      expect(list.body.notes.map((n: { id: number }) => n.id)).not.toContain(thread);
    });

    it('sends no webhook events', async () => {
      const before = await siteEventCount(t.ds, site);
      const n = (await addNote('Open the', 'quiet')).id;
      await reply(n, { text: 'quiet reply' });
      await resolve(n);
      const after = await siteEventCount(t.ds, site);
      expect(after).toBe(before);
    });
  });

  describe('access', () => {
    let thread: number;
    beforeAll(async () => {
      thread = (await addNote('Open the', 'Access checks')).id;
    });

    it('a key created without team-notes access gets 403 notes_forbidden, reads and writes', async () => {
      for (const res of [
        await notes('', noNotesKey),
        await reply(thread, { text: 'x' }, noNotesKey),
        await resolve(thread, noNotesKey),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual(NOTES_FORBIDDEN);
      }
    });

    it('a Read only notes key reads; its replies and resolves get insufficient_scope', async () => {
      expect((await notes('', readNotesKey)).status).toBe(200);
      for (const res of [
        await reply(thread, { text: 'x' }, readNotesKey),
        await resolve(thread, readNotesKey),
      ]) {
        expectInsufficientScope(res, 'notes.write');
      }
    });

    it('checks the key creator’s current access: losing notes access or membership gives notes_forbidden', async () => {
      const admin = await t.factory.user();
      await t.factory.member(site, admin, 'admin', true);
      const adminKey = await t.factory.key(site, { notes: true, user: admin });
      expect((await notes('', adminKey)).status).toBe(200);
      await run('member update', {
        site: String(site.id),
        user: String(admin.id),
        'notes-access': 'false',
      });
      expect((await notes('', adminKey)).body).toEqual(NOTES_FORBIDDEN);
      await run('member update', {
        site: String(site.id),
        user: String(admin.id),
        'notes-access': 'true',
      });
      expect((await reply(thread, { text: 'back again' }, adminKey)).status).toBe(201);
      await run('member remove', { site: String(site.id), user: String(admin.id) });
      expect((await notes('', adminKey)).body).toEqual(NOTES_FORBIDDEN);
    });

    it('OAuth tokens need notes.read / notes.write and the person’s notes access', async () => {
      const reader = { token: token(site.owner.id, [site.id], ['notes.read']) };
      const writer = { token: token(site.owner.id, [site.id], ['notes.read', 'notes.write']) };
      const contentOnly = {
        token: token(site.owner.id, [site.id], ['content.read', 'content.write']),
      };
      expect((await notes('', reader)).status).toBe(200);
      const denied = await reply(thread, { text: 'x' }, reader);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('This action requires the notes.write scope.');
      expect((await reply(thread, { text: 'via token' }, writer)).status).toBe(201);
      const none = await notes('', contentOnly);
      expectInsufficientScope(none, 'notes.read');
      const viewer = await t.factory.user();
      await t.factory.member(site, viewer, 'viewer', false);
      const noAccess = { token: token(viewer.id, [site.id], ['notes.read', 'notes.write']) };
      expect((await notes('', noAccess)).body).toEqual(NOTES_FORBIDDEN);
    });

    it('another site’s key sees none of these notes (404 on the article)', async () => {
      expect((await notes('', otherKey)).status).toBe(404);
      expect((await reply(thread, { text: 'x' }, otherKey)).status).toBe(404);
      expect((await resolve(thread, otherKey)).status).toBe(404);
    });
  });
});
