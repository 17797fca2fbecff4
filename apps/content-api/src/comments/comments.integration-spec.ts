import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { resetSettings } from '@hc/contracts';
import {
  createPublishedArticle,
  expectError,
  expectInsufficientScope,
  expectNotFound,
  expectSuccess,
  expectValidationErrors,
  siteEventCount,
  startTestApp,
  TestApp,
  TestSite,
  testSiteId,
  TestTokens,
} from '@hc/testing';
import { run } from '../cli';
import { DOMAIN_MODULES } from '../domain.modules';
import { SitesService } from '../sites/sites.service';
import { CommentEmailsRepository } from './comment-emails.repository';
import { CommentEmailsWorker } from './comment-emails.worker';
import { CommentsService } from './comments.service';
import type { OutgoingEmail } from '@hc/http';

/** Bearer tokens for this file (end-to-end tests use auth-server's real ones). */
const tokens = new TestTokens('comments');
const createWithTokens = tokens.app([...DOMAIN_MODULES]);
const token = (userId: number, siteIds: number[], scopes: string[]) =>
  tokens.issue(userId, siteIds, scopes);

const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP receiver: enough of RFC 5321 for nodemailer to hand over a message. */
async function smtpReceiver(): Promise<{ server: Server; port: number; mails: Mail[] }> {
  const mails: Mail[] = [];
  const server = createServer((sock: Socket) => {
    sock.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Mail = { from: '', to: [], data: '' };
    sock.write('220 test ESMTP\r\n');
    sock.on('data', (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            sock.write('250 OK queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') sock.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') sock.write('250 OK\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          sock.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          sock.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          sock.end('221 bye\r\n');
        } else sock.write('502 5.5.1 Unrecognized command\r\n');
      }
    });
    sock.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, mails };
}

/** The Subject header, unfolded and with RFC 2047 Q-encoded words decoded. */
function subjectOf(data: string): string {
  const raw = /^Subject: (.*(?:\n[ \t].*)*)/m.exec(data)?.[1] ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
      Buffer.from(
        q
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 8000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting');
}

describe('reader comments (spec 4.9, 4.2, 2.10)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, readKey: string, otherKey: string;
  let article: number, article2: number, otherArticle: number;
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
  const saved = { smtp: process.env.HC_SMTP_URL, from: process.env.HC_EMAIL_FROM };

  const createArticle = async (
    k: string,
    title: Record<string, string>,
    content: Record<string, string>,
  ) => (await createPublishedArticle(t, k, { title, content })).id as number;
  /** POSTs a comment on an article (an id, or any text for the path) as the key’s creator. */
  const postComment = (articleId: number | string, body: unknown, k = key) =>
    t.request('POST', `/v1/articles/${articleId}/comments`, { key: k, body });
  const siteContext = (s: TestSite) => t.app.get(SitesService).requireSite(s.id);
  const readerComment = async (
    s: TestSite,
    articleId: number,
    input: { name?: string; email?: string; text: string; lang?: string; parentId?: number },
  ) =>
    t.app.get(CommentsService).postAsReader(await siteContext(s), {
      articleId,
      name: input.name ?? 'Rita Reader',
      email: input.email ?? 'rita@example.test',
      text: input.text,
      lang: input.lang,
      parentId: input.parentId,
      ip: '203.0.113.9',
    });
  const list = (query = '', k = key) => t.request('GET', `/v1/comments${query}`, { key: k });

  beforeAll(async () => {
    smtp = await smtpReceiver();
    process.env.HC_SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.HC_EMAIL_FROM = 'Help Center <help@example.test>';
    resetSettings();
    t = await startTestApp(createWithTokens);
    site = await t.factory.site({ languages: ['en', 'de'] });
    other = await t.factory.site({ languages: ['en', 'de'] });
    key = await t.factory.key(site);
    readKey = await t.factory.key(site, { scope: 'read' });
    otherKey = await t.factory.key(other);
    article = await createArticle(
      key,
      { en: 'Reset your password', de: 'Passwort zurücksetzen' },
      { en: '<p>Open settings.</p>', de: '<p>Einstellungen öffnen.</p>' },
    );
    article2 = await createArticle(key, { en: 'Billing' }, { en: '<p>Invoices.</p>' });
    otherArticle = await createArticle(otherKey, { en: 'Other site' }, { en: '<p>Elsewhere.</p>' });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
    process.env.HC_SMTP_URL = saved.smtp;
    process.env.HC_EMAIL_FROM = saved.from;
    if (saved.smtp === undefined) delete process.env.HC_SMTP_URL;
    if (saved.from === undefined) delete process.env.HC_EMAIL_FROM;
    resetSettings();
  });

  describe('POST /articles/{id}/comments', () => {
    it('posts as the key’s creator, published at once: 201 {status, message, comment}', async () => {
      const res = await postComment(article, { text: '  Thanks for the report!  ' });
      expectSuccess(res, 201, {
        message: 'Comment posted.',
        comment: expect.any(Object),
      });
      const c = res.body.comment;
      expect(c).toEqual({
        id: expect.any(Number),
        article_id: article,
        parent_id: null,
        lang: 'en',
        status: 'published',
        text: 'Thanks for the report!',
        html: 'Thanks for the report!',
        author: { id: site.owner.id, name: site.owner.name, avatar: null, type: 'team' },
        created_at: expect.stringMatching(FORMAT_B),
        updated_at: expect.stringMatching(FORMAT_B),
        _links: {
          moderate: { method: 'PATCH', url: `http://localhost:8080/v1/comments/${c.id}` },
          thread: { method: 'GET', url: `http://localhost:8080/v1/articles/${article}/comments` },
        },
      });
    });

    it('keeps HTML as text: stored as sent, escaped when shown as HTML', async () => {
      const text = '<script>alert(1)</script> & <b>bold</b>\nline two';
      const res = await postComment(article2, { text });
      expect(res.status).toBe(201);
      expect(res.body.comment.text).toBe(text);
      expect(res.body.comment.html).toBe(
        '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;<br>line two',
      );
    });

    it.each([
      ['no text', {}, 'text', 'The text field is required.'],
      ['blank text', { text: '   ' }, 'text', 'The text field is required.'],
      ['a number as text', { text: 5 }, 'text', 'The text field must be a string.'],
      [
        '5,001 characters',
        { text: 'x'.repeat(5001) },
        'text',
        'The text field must not be greater than 5000 characters.',
      ],
      [
        'a language the site lacks',
        { text: 'ok', lang: 'fr' },
        'lang',
        'The selected lang is invalid.',
      ],
      [
        'a parent id that is not a number',
        { text: 'ok', parent_id: 'abc' },
        'parent_id',
        'The parent id field must be an integer.',
      ],
      [
        'an unknown parent',
        { text: 'ok', parent_id: 999999 },
        'parent_id',
        'The selected parent id is invalid.',
      ],
    ])('refuses %s with 422', async (_, body, field, message) => {
      const res = await postComment(article, body);
      expectValidationErrors(res, { [field]: [message] });
    });

    it('accepts exactly 5,000 characters (counted as characters, not bytes)', async () => {
      const res = await postComment(article2, { text: 'ü'.repeat(5000) });
      expect(res.status).toBe(201);
      expect(res.body.comment.text).toHaveLength(5000);
    });

    it('takes lang (a site language), else the default; a reply takes its parent’s language', async () => {
      const de = await postComment(article, { text: 'Danke', lang: 'de' });
      expect(de.body.comment.lang).toBe('de');
      const reply = await postComment(article, { text: 'Bitte', parent_id: de.body.comment.id });
      expect(reply.status).toBe(201);
      expect(reply.body.comment).toMatchObject({ parent_id: de.body.comment.id, lang: 'de' });
      const replyEn = await postComment(article, {
        text: 'Still German',
        parent_id: de.body.comment.id,
        lang: 'en',
      });
      expect(replyEn.body.comment.lang).toBe('de');
    });

    it('refuses a parent on another article or another site (422)', async () => {
      const onOther = await postComment(article2, { text: 'a' });
      const res = await postComment(article, { text: 'reply', parent_id: onOther.body.comment.id });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ parent_id: ['The selected parent id is invalid.'] });
      const foreign = await postComment(otherArticle, { text: 'b' }, otherKey);
      const cross = await postComment(article, {
        text: 'reply',
        parent_id: foreign.body.comment.id,
      });
      expect(cross.status).toBe(422);
    });

    it('is not idempotent: the same request twice makes two comments', async () => {
      const body = { text: 'Twice' };
      const a = await postComment(article2, body);
      const b = await postComment(article2, body);
      expect(a.body.comment.id).not.toBe(b.body.comment.id);
    });

    it('answers 404 Article not found. for an unknown, foreign or trashed article', async () => {
      for (const id of [999999, otherArticle, 'abc']) {
        const res = await postComment(id, { text: 'x' });
        expectNotFound(res, 'Article not found.');
      }
      const trashed = await createArticle(key, { en: 'Old' }, { en: '<p>old</p>' });
      expect((await t.request('DELETE', `/v1/articles/${trashed}`, { key })).status).toBe(200);
      const res = await postComment(trashed, { text: 'x' });
      expect(res.status).toBe(404);
    });

    it('with an OAuth token posts as the token’s person; content.write needed', async () => {
      const editor = await t.factory.user({ name: 'Edna Editor' });
      await t.factory.member(site, editor, 'editor');
      const writer = token(editor.id, [site.id], ['content.read', 'content.write']);
      const res = await t.request('POST', `/v1/articles/${article}/comments`, {
        token: writer,
        body: { text: 'From an app' },
      });
      expect(res.status).toBe(201);
      expect(res.body.comment.author).toEqual({
        id: editor.id,
        name: 'Edna Editor',
        avatar: null,
        type: 'team',
      });
      const reader = token(editor.id, [site.id], ['content.read']);
      const denied = await t.request('POST', `/v1/articles/${article}/comments`, {
        token: reader,
        body: { text: 'x' },
      });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('This action requires the content.write scope.');
      expect((await t.request('GET', '/v1/comments', { token: reader })).status).toBe(200);
    });

    it('needs content.write: a Read only key gets 403 insufficient_scope', async () => {
      const res = await postComment(article, { text: 'x' }, readKey);
      expectInsufficientScope(res, 'content.write');
    });

    it('sends no webhook event (spec 6)', async () => {
      const before = await siteEventCount(t.ds, site);
      await postComment(article, { text: 'quiet' });
      const after = await siteEventCount(t.ds, site);
      expect(after).toBe(before);
    });
  });

  describe('reader comments (the reader site, hc comment add)', () => {
    it('arrive pending while the site moderates (the default), published when it does not', async () => {
      const c = await readerComment(site, article2, { text: 'Reader question' });
      expect(c.status).toBe('pending');
      expect(c.author).toEqual({ id: null, name: 'Rita Reader', avatar: null, type: 'reader' });
      await run('comment settings', { site: String(other.id), moderate: 'false' });
      const p = await readerComment(other, otherArticle, { text: 'Unmoderated' });
      expect(p.status).toBe('published');
      await run('comment settings', { site: String(other.id), moderate: 'true' });
      expect((await readerComment(other, otherArticle, { text: 'Moderated again' })).status).toBe(
        'pending',
      );
    });

    it('hc comment add posts a reader comment with the flags of docs/operations.md', async () => {
      const parent = await readerComment(site, article, { text: 'Parent', lang: 'de' });
      const out = (await run('comment add', {
        site: String(site.id),
        article: String(article),
        name: 'Carl',
        email: 'carl@example.test',
        text: 'Via the CLI',
        lang: 'en',
        parent: String(parent.id),
      })) as { comment: Record<string, unknown> };
      expect(out.comment).toMatchObject({
        article_id: article,
        parent_id: parent.id,
        lang: 'de',
        status: 'pending',
      });
      expect(JSON.stringify(out)).not.toContain('carl@example.test');
    });

    it('hc comment add refuses a missing name, a bad email, a language the site lacks', async () => {
      const base = {
        site: String(site.id),
        article: String(article),
        name: 'N',
        email: 'n@example.test',
        text: 'x',
      };
      await expect(run('comment add', { ...base, email: 'not-an-email' })).rejects.toMatchObject({
        body: { errors: { email: ['The email field must be a valid email address.'] } },
      });
      await expect(run('comment add', { ...base, lang: 'fr' })).rejects.toMatchObject({
        body: { errors: { lang: ['The selected lang is invalid.'] } },
      });
      await expect(
        run('comment add', { ...base, article: String(otherArticle) }),
      ).rejects.toMatchObject({
        body: { message: 'Article not found.' },
      });
    });
  });

  describe('GET /comments', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const a = await readerComment(site, article2, { text: 'Alpha apples', lang: 'en' });
      const b = await readerComment(site, article2, { text: 'Beta bananas 100%_sure', lang: 'de' });
      const c = await readerComment(site, article2, { text: 'Gamma grapes', lang: 'en' });
      const d = await readerComment(site, article2, { text: 'Delta dates', lang: 'en' });
      await t.request('PATCH', `/v1/comments/${b.id}`, { key, body: { action: 'approve' } });
      await t.request('PATCH', `/v1/comments/${c.id}`, { key, body: { action: 'unpublish' } });
      await run('comment delete', { site: String(site.id), comment: String(d.id) });
      ids = { a: a.id, b: b.id, c: c.id, d: d.id };
    });

    it('lists every state but deleted, newest first, with paging meta and status_counts', async () => {
      const res = await list(`?article_id=${article2}&limit=100`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      const got: number[] = res.body.comments.map((c: { id: number }) => c.id);
      expect(got).not.toContain(ids.d);
      expect(got.indexOf(ids.c)).toBeLessThan(got.indexOf(ids.b));
      expect(got.indexOf(ids.b)).toBeLessThan(got.indexOf(ids.a));
      const all = await t.ds.query(
        'SELECT status, COUNT(*) AS n FROM comments WHERE article_id = ? GROUP BY status',
        [article2],
      );
      const counts = Object.fromEntries(
        all.map((r: { status: string; n: number }) => [r.status, Number(r.n)]),
      );
      expect(res.body.meta).toEqual({
        page: 1,
        per_page: 100,
        total_pages: 1,
        items_count: got.length,
        status_counts: {
          pending: counts.pending ?? 0,
          published: counts.published ?? 0,
          unpublished: counts.unpublished ?? 0,
          deleted: 1,
        },
      });
    });

    it('filters by status, deleted included when asked', async () => {
      for (const [status, id] of [
        ['pending', ids.a],
        ['published', ids.b],
        ['unpublished', ids.c],
        ['deleted', ids.d],
      ] as const) {
        const res = await list(`?article_id=${article2}&status=${status}`);
        expect(res.status).toBe(200);
        expect(res.body.comments.every((c: { status: string }) => c.status === status)).toBe(true);
        expect(res.body.comments.map((c: { id: number }) => c.id)).toContain(id);
      }
      const bad = await list('?status=spam');
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ status: ['The selected status is invalid.'] });
    });

    it('filters by language (a site language, else 422)', async () => {
      const de = await list(`?article_id=${article2}&lang=de`);
      expect(de.body.comments.map((c: { id: number }) => c.id)).toEqual([ids.b]);
      const bad = await list('?lang=fr');
      expectValidationErrors(bad, { lang: ['The selected lang is invalid.'] });
    });

    it('filters by text contained, case-insensitive, wildcards taken literally, up to 190 characters', async () => {
      const res = await list('?search=APPLES');
      expect(res.body.comments.map((c: { id: number }) => c.id)).toEqual([ids.a]);
      expect(
        (await list('?search=100%25_sure')).body.comments.map((c: { id: number }) => c.id),
      ).toEqual([ids.b]);
      expect((await list('?search=%25')).body.comments.map((c: { id: number }) => c.id)).toEqual([
        ids.b,
      ]);
      expect((await list(`?search=${'a'.repeat(190)}`)).status).toBe(200);
      const long = await list(`?search=${'a'.repeat(191)}`);
      expect(long.status).toBe(422);
      expect(long.body.errors).toEqual({
        search: ['The search field must not be greater than 190 characters.'],
      });
    });

    it('status_counts follow the other filters', async () => {
      const res = await list('?search=grapes');
      expect(res.body.meta.status_counts).toEqual({
        pending: 0,
        published: 0,
        unpublished: 1,
        deleted: 0,
      });
    });

    it('order=asc lists oldest first; other values are 422', async () => {
      const asc = await list(`?article_id=${article2}&order=asc&limit=100`);
      const desc = await list(`?article_id=${article2}&limit=100`);
      expect(asc.body.comments.map((c: { id: number }) => c.id)).toEqual(
        desc.body.comments.map((c: { id: number }) => c.id).reverse(),
      );
      expect((await list('?order=sideways')).status).toBe(422);
    });

    it('pages 25 by default, up to 100; over 100 is 422; past the end is empty', async () => {
      for (let i = 0; i < 27; i += 1) await readerComment(site, article, { text: `bulk ${i}` });
      const first = await list('?search=bulk');
      expect(first.body.comments).toHaveLength(25);
      expect(first.body.meta).toMatchObject({
        page: 1,
        per_page: 25,
        total_pages: 2,
        items_count: 27,
      });
      const second = await list('?search=bulk&page=2');
      expect(second.body.comments).toHaveLength(2);
      const past = await list('?search=bulk&page=9');
      expect(past.status).toBe(200);
      expect(past.body.comments).toEqual([]);
      const farPast = await list('?page=100000000000000000000');
      expect(farPast.status).toBe(200);
      expect(farPast.body.comments).toEqual([]);
      const over = await list('?limit=101');
      expect(over.status).toBe(422);
      expect(over.body.errors).toEqual({
        limit: ['The limit field must not be greater than 100.'],
      });
      expect((await list('?limit=100')).status).toBe(200);
    });

    it('filters by article id; a foreign article id lists nothing', async () => {
      const res = await list(`?article_id=${otherArticle}`);
      expect(res.status).toBe(200);
      expect(res.body.comments).toEqual([]);
      expect((await list('?article_id=abc')).status).toBe(422);
    });

    it('never lists another site’s comments', async () => {
      const res = await list('?limit=100', otherKey);
      expect(
        res.body.comments.every((c: { article_id: number }) => c.article_id === otherArticle),
      ).toBe(true);
      const mine = await list('?limit=100');
      expect(
        mine.body.comments.some((c: { article_id: number }) => c.article_id === otherArticle),
      ).toBe(false);
    });

    it('include_email=1 fails whatever the credential; include_email=0 is a plain list', async () => {
      for (const k of [key, readKey]) {
        const res = await list('?include_email=1', k);
        expectError(
          res,
          403,
          'include_email_unavailable',
          'Commenter email addresses are not available through the API.',
        );
      }
      expect((await list('?include_email=0')).status).toBe(200);
      expect((await list('?include_email=true')).body.errors).toEqual({
        include_email: ['The include email field must be true or false.'],
      });
    });

    it('never shows the commenter’s email or IP', async () => {
      const res = await list('?limit=100&status=pending');
      expect(res.text).not.toContain('@example.test');
      expect(res.text).not.toContain('203.0.113.9');
    });

    it('works with a Read only key (content.read)', async () => {
      expect((await list('', readKey)).status).toBe(200);
    });
  });

  describe('GET /articles/{id}/comments', () => {
    let root: number, reply: number, nested: number, pendingReply: number, article3: number;
    beforeAll(async () => {
      article3 = await createArticle(
        key,
        { en: 'Threads', de: 'Fäden' },
        { en: '<p>t</p>', de: '<p>t</p>' },
      );
      root = (await postComment(article3, { text: 'root' })).body.comment.id;
      reply = (await postComment(article3, { text: 'reply', parent_id: root })).body.comment.id;
      nested = (await postComment(article3, { text: 'nested', parent_id: reply })).body.comment.id;
      pendingReply = (await readerComment(site, article3, { text: 'reader reply', parentId: root }))
        .id;
      await readerComment(site, article3, { text: 'german thread', lang: 'de' });
      const gone = await readerComment(site, article3, { text: 'gone' });
      await run('comment delete', { site: String(site.id), comment: String(gone.id) });
    });

    it('nests replies under their parent; threads_count and comments_count; no deleted', async () => {
      const res = await t.request('GET', `/v1/articles/${article3}/comments`, { key });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['article', 'comments', 'meta', 'status']);
      expect(res.body.article).toMatchObject({
        id: article3,
        title: { en: 'Threads', de: 'Fäden' },
      });
      expect(res.body.meta).toEqual({ threads_count: 2, comments_count: 5 });
      const thread = res.body.comments.find((c: { id: number }) => c.id === root);
      expect(thread.replies.map((r: { id: number }) => r.id)).toEqual([reply, pendingReply]);
      expect(thread.replies[0].replies.map((r: { id: number }) => r.id)).toEqual([nested]);
      expect(res.text).not.toContain('gone');
    });

    it('filters by status and language', async () => {
      const pending = await t.request('GET', `/v1/articles/${article3}/comments?status=pending`, {
        key,
      });
      expect(pending.body.meta).toEqual({ threads_count: 2, comments_count: 2 });
      expect(pending.body.comments.map((c: { id: number }) => c.id)).toContain(pendingReply);
      const de = await t.request('GET', `/v1/articles/${article3}/comments?lang=de`, { key });
      expect(de.body.meta).toEqual({ threads_count: 1, comments_count: 1 });
      expect(
        (await t.request('GET', `/v1/articles/${article3}/comments?lang=xx`, { key })).status,
      ).toBe(422);
      expect(
        (await t.request('GET', `/v1/articles/${article3}/comments?include_email=1`, { key }))
          .status,
      ).toBe(403);
    });

    it('answers 404 for another site’s article', async () => {
      const res = await t.request('GET', `/v1/articles/${article3}/comments`, { key: otherKey });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Article not found.');
    });
  });

  describe('PATCH /comments/{id}', () => {
    it('approves (→ published) and unpublishes (→ unpublished) with a message', async () => {
      const c = await readerComment(site, article, { text: 'moderate me' });
      const approved = await t.request('PATCH', `/v1/comments/${c.id}`, {
        key,
        body: { action: 'approve' },
      });
      expectSuccess(approved, 200, {
        message: 'Comment approved.',
        comment: expect.any(Object),
      });
      expect(approved.body.comment).toMatchObject({ id: c.id, status: 'published' });
      const hidden = await t.request('PATCH', `/v1/comments/${c.id}`, {
        key,
        body: { action: 'unpublish' },
      });
      expect(hidden.body).toMatchObject({
        message: 'Comment unpublished.',
        comment: { status: 'unpublished' },
      });
      const again = await t.request('PATCH', `/v1/comments/${c.id}`, {
        key,
        body: { action: 'approve' },
      });
      expect(again.body.comment.status).toBe('published');
    });

    it('cannot delete; refuses missing or unknown actions (422)', async () => {
      const c = await readerComment(site, article, { text: 'stay' });
      const del = await t.request('PATCH', `/v1/comments/${c.id}`, {
        key,
        body: { action: 'delete' },
      });
      expect(del.status).toBe(422);
      expect(del.body.errors).toEqual({ action: ['The selected action is invalid.'] });
      const none = await t.request('PATCH', `/v1/comments/${c.id}`, { key, body: {} });
      expect(none.body.errors).toEqual({ action: ['The action field is required.'] });
      expect((await t.request('DELETE', `/v1/comments/${c.id}`, { key })).status).toBe(405);
    });

    it('refuses a deleted comment, answers 404 for unknown and foreign ids', async () => {
      const c = await readerComment(site, article, { text: 'deleted one' });
      await run('comment delete', { site: String(site.id), comment: String(c.id) });
      const res = await t.request('PATCH', `/v1/comments/${c.id}`, {
        key,
        body: { action: 'approve' },
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('comment_deleted');
      const foreign = await readerComment(other, otherArticle, { text: 'not yours' });
      for (const id of [foreign.id, 999999, 'abc']) {
        const r = await t.request('PATCH', `/v1/comments/${id}`, {
          key,
          body: { action: 'approve' },
        });
        expectNotFound(r, 'Comment not found.');
      }
    });

    it('needs content.write', async () => {
      const c = await readerComment(site, article, { text: 'read only' });
      const res = await t.request('PATCH', `/v1/comments/${c.id}`, {
        key: readKey,
        body: { action: 'approve' },
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('insufficient_scope');
    });

    it('approving a reply emails the parent’s author once, by SMTP, through the email outbox', async () => {
      const parent = await readerComment(site, article, {
        name: 'Paula',
        email: 'paula@example.test',
        text: 'Question?',
      });
      const reply = await readerComment(site, article, {
        name: 'Quinn',
        email: 'quinn@example.test',
        text: 'Short answer',
        parentId: parent.id,
      });
      const before = smtp.mails.length;
      const res = await t.request('PATCH', `/v1/comments/${reply.id}`, {
        key,
        body: { action: 'approve' },
      });
      expect(res.status).toBe(200);
      await waitFor(() => smtp.mails.length === before + 1);
      const mail = smtp.mails[before];
      expect(mail.to).toEqual(['RCPT TO:<paula@example.test>']);
      expect(mail.from).toContain('help@example.test');
      expect(subjectOf(mail.data)).toBe('New reply to your comment on "Reset your password"');
      expect(mail.data).toContain('Short answer');
      expect(mail.data).not.toContain('quinn@example.test');
      // The row is marked sent after the SMTP exchange ends, so it may lag the mail's arrival.
      const sentRows = () =>
        t.ds.query('SELECT sent_at, attempts FROM comment_emails WHERE comment_id = ?', [reply.id]);
      await waitFor(async () => Boolean((await sentRows())[0]?.sent_at));
      const rows = await sentRows();
      expect(rows).toHaveLength(1);
      expect(rows[0].sent_at).not.toBeNull();

      await t.request('PATCH', `/v1/comments/${reply.id}`, { key, body: { action: 'unpublish' } });
      await t.request('PATCH', `/v1/comments/${reply.id}`, { key, body: { action: 'approve' } });
      await t.request('PATCH', `/v1/comments/${reply.id}`, { key, body: { action: 'approve' } });
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.mails.length).toBe(before + 1);
      expect(
        await t.ds.query('SELECT id FROM comment_emails WHERE comment_id = ?', [reply.id]),
      ).toHaveLength(1);
    });

    it('approving a reply to a team member’s comment emails the member’s account address', async () => {
      const parent = await postComment(article, { text: 'Team says' });
      const reply = await readerComment(site, article, {
        text: 'Reader answers',
        parentId: parent.body.comment.id,
      });
      const before = smtp.mails.length;
      await t.request('PATCH', `/v1/comments/${reply.id}`, { key, body: { action: 'approve' } });
      await waitFor(() => smtp.mails.length === before + 1);
      expect(smtp.mails[before].to).toEqual([`RCPT TO:<${site.owner.email}>`]);
    });

    it('approving a top-level comment, or a reply to oneself, emails nobody; no webhook events', async () => {
      const events = await siteEventCount(t.ds, site);
      const top = await readerComment(site, article, { email: 'solo@example.test', text: 'Top' });
      const self = await readerComment(site, article, {
        email: 'solo@example.test',
        text: 'Me again',
        parentId: top.id,
      });
      await t.request('PATCH', `/v1/comments/${top.id}`, { key, body: { action: 'approve' } });
      await t.request('PATCH', `/v1/comments/${self.id}`, { key, body: { action: 'approve' } });
      const rows = await t.ds.query('SELECT id FROM comment_emails WHERE comment_id IN (?)', [
        [top.id, self.id],
      ]);
      expect(rows).toHaveLength(0);
      const after = await siteEventCount(t.ds, site);
      expect(after).toBe(events);
    });
  });

  // Last: stops the app's own worker so this one drives the outbox alone.
  describe('the comment email outbox', () => {
    it('retries a failed send after 30 s, 2 min, 10 min, 1 h, then gives up after the fifth failure', async () => {
      await t.app.get(CommentEmailsWorker).onApplicationShutdown();
      const repo = t.app.get(CommentEmailsRepository);
      /** A reply email to `name` (name@example.test) for comment `id`, in its own transaction. */
      const enqueue = (id: number, name: string, subject: string, text: string) =>
        t.ds.transaction((m) =>
          repo.enqueue(
            testSiteId(site),
            m,
            id,
            'reply_approved',
            { name, email: `${name.toLowerCase()}@example.test` },
            subject,
            text,
          ),
        );
      await enqueue(4000000001, 'F', 'S', 'B');
      const failing = new CommentEmailsWorker(repo, {
        send: async () => {
          throw new Error('smtp down');
        },
      });
      const delays = [30_000, 120_000, 600_000, 3_600_000];
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const started = Date.now();
        expect(await failing.drain()).toBe(0);
        const [row] = await t.ds.query(
          'SELECT * FROM comment_emails WHERE comment_id = 4000000001',
        );
        expect(Number(row.attempts)).toBe(attempt);
        expect(row.last_error).toContain('smtp down');
        expect(row.sent_at).toBeNull();
        if (attempt < 5) {
          expect(row.failed_at).toBeNull();
          const wait = new Date(row.next_attempt_at).getTime() - started;
          expect(wait).toBeGreaterThanOrEqual(delays[attempt - 1] - 1000);
          expect(wait).toBeLessThan(delays[attempt - 1] + 5000);
          await t.ds.query(
            'UPDATE comment_emails SET next_attempt_at = ? WHERE comment_id = 4000000001',
            [new Date(Date.now() - 1000)],
          );
        } else {
          expect(row.failed_at).not.toBeNull();
        }
      }
      expect(await failing.drain()).toBe(0);

      const sent: OutgoingEmail[] = [];
      const working = new CommentEmailsWorker(repo, { send: async (e) => void sent.push(e) });
      await enqueue(4000000002, 'G', 'Hi', 'Body');
      expect(await enqueue(4000000002, 'G', 'Hi', 'Body')).toBe(false);
      expect(await working.drain()).toBe(1);
      expect(sent).toEqual([
        { to: { name: 'G', address: 'g@example.test' }, subject: 'Hi', text: 'Body' },
      ]);
      expect(await working.drain()).toBe(0);
    });
  });
});
