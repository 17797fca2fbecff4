import { ActivityBuffer } from '@hc/data';
import { commentSettingsRow, startTestApp, TestApp } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article, BROWSER_UA, category } from '../testing/reader-fixtures';
import { ReaderClient, readerOf } from '../testing/reader-client';

describe('reader site: reader activity (issue #10: views, searches, ratings, comments, contact)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createReaderSite);
  });
  afterAll(() => t.close());

  /** Views and searches are written in batches (issue #28): what is buffered, written now. */
  const flush = () => t.app.get(ActivityBuffer).flush();
  const stats = async (id: number) => {
    await flush();
    return (
      (
        await t.ds.query(
          'SELECT views, thumbs_up, thumbs_down, love FROM article_stats WHERE article_id = ?',
          [id],
        )
      )[0] ?? {
        views: 0,
        thumbs_up: 0,
        thumbs_down: 0,
        love: 0,
      }
    );
  };

  it('the view beacon counts only what the reader may read, in a released language', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const hidden = await category(t.ds, site.id, { en: 'Internal' }, { privacy: 'private' });
    const ids = {
      open: await article(t.ds, site.id, { title: { en: 'Open', de: 'Offen' } }),
      unreleased: await article(t.ds, site.id, {
        title: { en: 'Only English', de: 'Entwurf' },
        released: ['en'],
      }),
      draft: await article(t.ds, site.id, { title: { en: 'Draft' }, published: false }),
      trashed: await article(t.ds, site.id, { title: { en: 'Trashed' }, deleted: true }),
      private: await article(t.ds, site.id, { title: { en: 'Members' }, visibility: 'private' }),
      linked: await article(t.ds, site.id, {
        title: { en: 'Linked' },
        visibility: 'link_only',
        shareToken: 'tok-view',
      }),
      internal: await article(t.ds, site.id, { title: { en: 'Inside' }, categoryId: hidden }),
    };
    const beacon = async (id: number, lang: string, query = '') => {
      const res = await fetch(`${t.url}/hc/${site.subdomain}/${lang}/articles/${id}/view${query}`, {
        // A reader per language: a view counts once per reader, article and day.
        headers: {
          'user-agent': BROWSER_UA,
          cookie: `hc_vid=${lang === 'en' ? 'e' : 'd'}`.padEnd(39, '0'),
        },
      });
      // The same answer whatever is asked about: it tells nothing about what exists.
      expect(res.status).toBe(204);
    };
    for (const id of Object.values(ids)) {
      await beacon(id, 'en');
      await beacon(id, 'de');
    }
    await beacon(ids.linked, 'en', '?token=wrong');
    const counted = async () => {
      const out: Record<string, number> = {};
      for (const [name, id] of Object.entries(ids)) out[name] = Number((await stats(id)).views);
      return out;
    };
    expect(await counted()).toEqual({
      open: 2,
      unreleased: 1,
      draft: 0,
      trashed: 0,
      private: 0,
      linked: 0,
      internal: 0,
    });
    await beacon(ids.linked, 'en', '?token=tok-view');
    expect((await counted()).linked).toBe(1);
    const langs = await t.ds.query('SELECT lang FROM reader_views WHERE article_id = ?', [
      ids.unreleased,
    ]);
    expect(langs).toEqual([{ lang: 'en' }]);
  });

  it('a view counts once per reader, article and day; bots are not counted', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Counted' } });
    const path = `/hc/${site.subdomain}/articles/${id}`;
    const reader = new ReaderClient(t.url);
    await reader.get(path);
    await reader.get(path);
    expect(reader.cookie('hc_vid')).toMatch(/^[a-f0-9]{32}$/);
    expect(Number((await stats(id)).views)).toBe(1);
    // Another reader (another address and browser) counts again.
    await new ReaderClient(t.url, 'Mozilla/5.0 (Macintosh) Safari/605.1.15').get(path);
    expect(Number((await stats(id)).views)).toBe(2);
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      'Mozilla/5.0 HeadlessChrome/131.0',
      '',
    ]) {
      await new ReaderClient(t.url, ua).get(path);
    }
    expect(Number((await stats(id)).views)).toBe(2);
    const rows = await t.ds.query('SELECT lang, day FROM reader_views WHERE article_id = ?', [id]);
    expect(rows).toHaveLength(2);
    expect(rows[0].lang).toBe('en');
    // Viewing never changes the article's updated_at and sends no event (spec 6).
    expect(
      await t.ds.query("SELECT id FROM outbox WHERE site_id = ? AND event LIKE 'article.%'", [
        site.id,
      ]),
    ).toEqual([]);
  });

  it('searches are recorded with their result counts (bots left out)', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, { title: { en: 'Shipping rates' } });
    const reader = new ReaderClient(t.url);
    await reader.get(`/hc/${site.subdomain}/search?q=Shipping%20%20Rates`);
    await reader.get(`/hc/${site.subdomain}/search?q=teleport`);
    await reader.get(`/hc/${site.subdomain}/search`);
    await new ReaderClient(t.url, 'bingbot/2.0').get(`/hc/${site.subdomain}/search?q=shipping`);
    await flush();
    const rows = await t.ds.query(
      'SELECT query, normalized_query, results_count, lang FROM reader_searches WHERE site_id = ? ORDER BY id',
      [site.id],
    );
    expect(rows).toEqual([
      {
        query: 'Shipping  Rates',
        normalized_query: 'shipping rates',
        results_count: 1,
        lang: 'en',
      },
      { query: 'teleport', normalized_query: 'teleport', results_count: 0, lang: 'en' },
    ]);
  });

  it('a search of 190 × "İ" (lower case is twice as long) is stored, and views after it still count (issue 34 item 3)', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Counted after' } });
    const reader = new ReaderClient(t.url);
    const res = await reader.get(
      `/hc/${site.subdomain}/search?q=${encodeURIComponent('İ'.repeat(190))}`,
    );
    expect(res.status).toBe(200);
    await reader.get(`/hc/${site.subdomain}/articles/${id}`);
    expect(Number((await stats(id)).views)).toBe(1);
    const [row] = await t.ds.query(
      'SELECT query, normalized_query FROM reader_searches WHERE site_id = ?',
      [site.id],
    );
    expect(row).toEqual({ query: 'İ'.repeat(190), normalized_query: 'i\u0307'.repeat(95) });
  });

  it('a rating is counted into the article’s ratings and kept as feedback (#8 rules)', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const id = await article(t.ds, site.id, { title: { en: 'Rate me', de: 'Bewerte mich' } });
    const { reader, base } = readerOf(t, site);
    const res = await reader.post(`${base}/articles/${id}/feedback`, {
      rating: 'thumbs_up',
      lang: 'en',
    });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(
      new RegExp(`^${base}/articles/${id}-[^?]*\\?rated=1#hc-feedback$`),
    );
    await reader.post(`${base}/de/articles/${id}/feedback`, { rating: 'love', lang: 'de' });
    await reader.post(`${base}/articles/${id}/feedback`, { rating: 'thumbs_down', lang: 'xx' });
    expect((await reader.post(`${base}/articles/${id}/feedback`, { rating: 'meh' })).status).toBe(
      422,
    );
    const s = await stats(id);
    expect([Number(s.thumbs_up), Number(s.thumbs_down), Number(s.love)]).toEqual([1, 1, 1]);
    const rows = await t.ds.query(
      'SELECT rating, lang FROM article_feedback WHERE article_id = ? ORDER BY id',
      [id],
    );
    expect(rows).toEqual([
      { rating: 'thumbs_up', lang: 'en' },
      { rating: 'love', lang: 'de' },
      { rating: 'thumbs_down', lang: 'en' },
    ]);
    expect((await reader.get(res.location!)).html).toContain('Thank you for your feedback!');
    const draft = await article(t.ds, site.id, { title: { en: 'Draft' }, published: false });
    expect(
      (await reader.post(`${base}/articles/${draft}/feedback`, { rating: 'love' })).status,
    ).toBe(404);
  });

  it('reader comments enter the moderation flow: pending by default, published when the site does not moderate', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Discuss' } });
    const { reader, base } = readerOf(t, site);
    const form = {
      name: 'Ada',
      email: 'Ada@Example.com',
      text: 'Does this <b>work</b>?',
      lang: 'en',
    };
    const posted = await reader.post(`${base}/articles/${id}/comments`, form);
    expect(posted.status).toBe(303);
    expect(posted.location).toContain('comment=pending#hc-comments');
    let rows = await t.ds.query(
      'SELECT status, author_name, author_email, author_user_id, body, lang FROM comments WHERE article_id = ?',
      [id],
    );
    expect(rows).toEqual([
      {
        status: 'pending',
        author_name: 'Ada',
        author_email: 'ada@example.com',
        author_user_id: null,
        body: 'Does this <b>work</b>?',
        lang: 'en',
      },
    ]);
    expect((await reader.get(posted.location!)).html).not.toContain('Does this');

    await commentSettingsRow(t.ds, site.id, { moderate: false });
    const parent = (await t.ds.query('SELECT id FROM comments WHERE article_id = ?', [id]))[0].id;
    await reader.post(`${base}/articles/${id}/comments`, {
      name: 'Bob',
      email: 'bob@example.com',
      text: 'Yes.\nIt works.',
      parent_id: String(parent),
    });
    rows = await t.ds.query(
      'SELECT status, parent_id FROM comments WHERE article_id = ? ORDER BY id',
      [id],
    );
    expect(rows[1]).toEqual({ status: 'published', parent_id: parent });
    const page = await reader.get(`${base}/articles/${id}`);
    expect(page.html).toContain('Yes.<br>It works.');
    // A reply link fills in the parent of the comment form.
    const reply = Number(
      (
        await t.ds.query("SELECT id FROM comments WHERE article_id = ? AND status = 'published'", [
          id,
        ])
      )[0].id,
    );
    expect(page.html).toContain(`?reply_to=${reply}#hc-comment-form`);
    const replying = await reader.get(`${base}/articles/${id}?reply_to=${reply}`);
    expect(replying.html).toContain(`name="parent_id" value="${reply}"`);
    // Only a published comment can be answered this way.
    expect((await reader.get(`${base}/articles/${id}?reply_to=${parent}`)).html).not.toContain(
      'name="parent_id"',
    );

    const refused = await reader.post(`${base}/articles/${id}/comments`, {
      name: 'Eve',
      email: 'not-an-email',
      text: 'x',
    });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('The email field must be a valid email address.');
    const badParent = await reader.post(`${base}/articles/${id}/comments`, {
      name: 'Eve',
      email: 'e@example.com',
      text: 'x',
      parent_id: '999999',
    });
    expect(badParent.status).toBe(422);
    expect(badParent.html).toContain('The selected parent id is invalid.');
    expect(await t.ds.query('SELECT id FROM comments WHERE article_id = ?', [id])).toHaveLength(2);
  });

  it('a form posted without this browser’s token, with another’s, or from another origin changes nothing (issue #14)', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Guarded' } });
    const action = `${t.url}/hc/${site.subdomain}/articles/${id}/comments`;
    const form = { name: 'Mallory', email: 'm@example.com', text: 'forged', lang: 'en' };
    const victim = new ReaderClient(t.url);
    // The sign-in page gives this browser its token (shared public pages carry none, issue #28).
    await victim.get(`/hc/${site.subdomain}/signin`);
    const victimToken = victim.cookie('hc_reader_forms') ?? '';
    expect(victimToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const attacker = new ReaderClient(t.url);
    await attacker.get(`/hc/${site.subdomain}/signin`);
    const attempt = (body: Record<string, string>, headers: Record<string, string>) =>
      fetch(action, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'Mozilla/5.0',
          cookie: `hc_reader_forms=${victimToken}`,
          ...headers,
        },
        body: new URLSearchParams(body).toString(),
        redirect: 'manual',
      });
    // A page elsewhere cannot read the victim's token: without it, or with its own, refused.
    expect((await attempt(form, {})).status).toBe(403);
    const theirs = attacker.cookie('hc_reader_forms') ?? '';
    expect((await attempt({ ...form, csrf: theirs }, {})).status).toBe(403);
    // A sibling site (another tenant's origin) posting with the right token: refused too.
    const sibling = { origin: 'http://other-tenant.pages.example' };
    expect((await attempt({ ...form, csrf: victimToken }, sibling)).status).toBe(403);
    // Without a token (an anonymous reader's form on a shared page, issue #28): only from this
    // origin, and not when the browser says the request crossed sites.
    expect((await attempt(form, sibling)).status).toBe(403);
    const crossSite = { origin: new URL(t.url).origin, 'sec-fetch-site': 'cross-site' };
    expect((await attempt(form, crossSite)).status).toBe(403);
    const rows = await t.ds.query('SELECT id FROM comments WHERE article_id = ?', [id]);
    expect(rows).toEqual([]);
    // The page's own form, from its own origin, goes through.
    const own = { origin: new URL(t.url).origin };
    expect((await attempt({ ...form, csrf: victimToken }, own)).status).toBe(303);
  });

  it('reader cookies are distinctly named, host-only, HttpOnly, SameSite=Lax; __Host- and Secure under https', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Cookies' } });
    const https = { 'x-forwarded-proto': 'https', 'user-agent': 'Mozilla/5.0 Firefox/128.0' };
    // The forms cookie comes with a page that has a token (sign-in), the visitor cookie with
    // the article's view beacon (issue #28: shared pages set no cookie).
    const signIn = await fetch(`${t.url}/hc/${site.subdomain}/signin`, { headers: https });
    const beacon = await fetch(`${t.url}/hc/${site.subdomain}/articles/${id}/view`, {
      headers: https,
    });
    expect(beacon.status).toBe(204);
    const set = [...signIn.headers.getSetCookie(), ...beacon.headers.getSetCookie()];
    const forms = set.find((c) => c.includes('hc_reader_forms='));
    expect(forms).toMatch(
      /^__Host-hc_reader_forms=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(set.find((c) => c.includes('hc_vid='))).toMatch(/^__Host-hc_vid=.*; Secure$/);
    expect(set.join('\n')).not.toMatch(/Domain=/i);
    const plain = await fetch(`${t.url}/hc/${site.subdomain}/signin`, {
      headers: { 'user-agent': https['user-agent'] },
    });
    expect(plain.headers.getSetCookie().find((c) => c.includes('hc_reader_forms='))).toMatch(
      /^hc_reader_forms=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it('the contact form is stored and delivered as a contact.submitted event', async () => {
    const site = await t.factory.site();
    const { reader, base } = readerOf(t, site);
    const refused = await reader.post(`${base}/contact`, { email: 'nope', message: '' });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('The message field is required.');
    const sent = await reader.post(`${base}/contact`, {
      name: 'Kim',
      email: 'kim@example.com',
      subject: 'Billing',
      message: 'Please call me.',
    });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${base}/contact?sent=1`);
    expect((await reader.get(sent.location!)).html).toContain('role="status"');
    const [msg] = await t.ds.query(
      'SELECT id, name, email, subject, message FROM contact_messages WHERE site_id = ?',
      [site.id],
    );
    expect(msg).toMatchObject({
      name: 'Kim',
      email: 'kim@example.com',
      subject: 'Billing',
      message: 'Please call me.',
    });
    const [event] = await t.ds.query(
      "SELECT event, payload FROM outbox WHERE site_id = ? AND event = 'contact.submitted'",
      [site.id],
    );
    const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
    expect(payload).toEqual({
      helpcenter_id: site.uuid,
      data: {
        type: 'contact_message',
        id: msg.id,
        lang: 'en',
        name: 'Kim',
        email: 'kim@example.com',
        subject: 'Billing',
        message: 'Please call me.',
      },
    });
  });
});
