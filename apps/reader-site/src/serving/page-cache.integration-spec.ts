import { hashPassword } from '@hc/auth';
import { ActivityBuffer, bumpReaderPages } from '@hc/data';
import { startTestApp, TEST_PASSWORD, TestApp, testSiteId } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article } from '../testing/reader-fixtures';
import { ReaderClient } from '../testing/reader-client';
import { BROWSER_UA, withReaderDomain } from '../testing/reader-fixtures';

/**
 * Issue #28, render once and serve many: public pages for anonymous readers are kept and
 * revalidated; nothing a signed-in, password or share-token reader sees is ever kept or served
 * to another reader, and a change shows on the next request.
 */
describe('reader site: the page cache (issue #28)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createReaderSite);
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, {
      headers: { 'user-agent': BROWSER_UA, ...headers },
      redirect: 'manual',
    });
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
  const setSite = (id: number, sql: string, params: unknown[] = []) =>
    t.ds.query(`UPDATE sites SET ${sql} WHERE id = ?`, [...params, id]);
  const signIn = (reader: ReaderClient, subdomain: string, email: string) =>
    reader.post(`/hc/${subdomain}/signin`, {
      email,
      password: TEST_PASSWORD,
      next: `/hc/${subdomain}`,
    });

  it('a public page is rendered once: the same entity for every reader, 304 while unchanged, no cookie, a CDN may keep it', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Kept page' } });
    const path = `/hc/${site.subdomain}/articles/${id}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60',
    );
    expect(first.headers.get('surrogate-key')).toBe(`hc-site-${site.uuid}`);
    expect(first.headers.getSetCookie()).toEqual([]);
    const html = await first.text();
    expect(html).toContain('<h1>Kept page</h1>');
    // Its forms carry no reader's token; the view is counted by the beacon, not the page.
    expect(html).toMatch(/name="csrf" value=""/);
    expect(html).toContain(`<img src="${path}/view"`);
    // Another reader (other browser, other cookies) gets the very same entity, nonce and all.
    const second = await get(path, { cookie: 'hc_vid=0123456789abcdef0123456789abcdef' });
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe(html);
    expect(nonceOf(second.headers.get('content-security-policy'))).toBe(
      nonceOf(first.headers.get('content-security-policy')),
    );
    const again = await get(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    const head = await fetch(`${t.url}${path}`, {
      method: 'HEAD',
      headers: { 'user-agent': BROWSER_UA },
    });
    expect(head.headers.get('etag')).toBe(etag);
    // The beacon counts the view, uncached.
    const beacon = await get(`${path}/view`);
    expect(beacon.status).toBe(204);
    expect(beacon.headers.get('cache-control')).toBe('private, no-store');
    await t.app.get(ActivityBuffer).flush();
    const views = await t.ds.query('SELECT views FROM article_stats WHERE article_id = ?', [id]);
    expect(Number(views[0]?.views)).toBe(1);
  });

  it('a change shows on the next request: content writes, site settings', async () => {
    const site = await t.factory.site({ name: 'Before Name' });
    const id = await article(t.ds, site.id, { title: { en: 'Old title' } });
    const path = `/hc/${site.subdomain}/articles/${id}`;
    const before = await get(path);
    const etag = before.headers.get('etag') ?? '';
    expect(await before.text()).toContain('Old title');
    // A write as content-api makes it: the row, then the site's reader-page version.
    await t.ds.query('UPDATE article_translations SET title = ? WHERE article_id = ?', [
      'New title',
      id,
    ]);
    await bumpReaderPages(t.ds, [testSiteId(site)]);
    const after = await get(path, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const html = await after.text();
    expect(html).toContain('New title');
    expect(html).not.toContain('<h1>Old title</h1>');
    // Site settings are part of what a kept page was rendered under.
    await setSite(site.id, 'name = ?', ['After Name']);
    expect(await (await get(path)).text()).toContain('After Name');
    // Unpublished: gone at once.
    await t.ds.query('UPDATE articles SET published = 0 WHERE id = ?', [id]);
    await bumpReaderPages(t.ds, [testSiteId(site)]);
    expect((await get(path)).status).toBe(404);
  });

  it('another site’s Host or path never gets a page kept for this one', async () => {
    const a = await t.factory.site({ name: 'Alpha Help' });
    const b = await t.factory.site({ name: 'Beta Help' });
    await setSite(a.id, 'domain = ?', [`${a.subdomain}.help.example`]);
    await setSite(b.id, 'domain = ?', [`${b.subdomain}.help.example`]);
    const id = await article(t.ds, a.id, { title: { en: 'Alpha secret plan' } });
    const reader = new ReaderClient(t.url);
    await withReaderDomain('pages.example', async () => {
      expect(
        (await reader.getOnHost(`/articles/${id}`, `${a.subdomain}.help.example`)).html,
      ).toContain('Alpha secret plan');
      const other = await reader.getOnHost(`/articles/${id}`, `${b.subdomain}.help.example`);
      expect(other.status).toBe(404);
      expect(other.html).not.toContain('Alpha secret plan');
      const home = await reader.getOnHost('/', `${b.subdomain}.help.example`);
      expect(home.html).toContain('Beta Help');
      expect(home.html).not.toContain('Alpha');
    });
    expect((await get(`/hc/${b.subdomain}/articles/${id}`)).status).toBe(404);
  });

  it('a member’s page is never kept: after sign-out (or for anyone else) a member-only article is not there', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, {
      title: { en: 'Members only plan' },
      visibility: 'private',
      sharedWith: [site.owner.id],
    });
    const path = `/hc/${site.subdomain}/articles/${id}`;
    const member = new ReaderClient(t.url);
    expect((await signIn(member, site.subdomain, site.owner.email)).status).toBe(303);
    const shown = await member.get(path);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Members only plan');
    const raw = await get(path, {
      cookie: `hc_reader_session=${member.cookie('hc_reader_session')}`,
    });
    expect(raw.headers.get('cache-control')).toBe('private, no-store');
    // Anyone else, and the member once signed out: not found, never the member's page.
    expect((await get(path)).status).toBe(404);
    await member.post(`/hc/${site.subdomain}/signout`, {});
    const out = await member.get(path);
    expect(out.status).toBe(404);
    expect(out.html).not.toContain('Members only plan');
    // The member's home is theirs too: a kept anonymous home is not served to them, and theirs
    // is not kept for the next anonymous reader.
    const anonymousHome = await get(`/hc/${site.subdomain}`);
    expect(anonymousHome.headers.get('cache-control')).toMatch(/^public/);
    const again = new ReaderClient(t.url);
    await signIn(again, site.subdomain, site.owner.email);
    const cookie = `hc_reader_session=${again.cookie('hc_reader_session')}`;
    const theirs = await get(`/hc/${site.subdomain}`, { cookie });
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
    expect(await theirs.text()).not.toBe(await (await get(`/hc/${site.subdomain}`)).text());
  });

  it('a signed-in reader’s form needs this browser’s token even from this origin', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Commented' } });
    const member = new ReaderClient(t.url);
    await signIn(member, site.subdomain, site.owner.email);
    const res = await fetch(`${t.url}/hc/${site.subdomain}/articles/${id}/comments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': BROWSER_UA,
        origin: new URL(t.url).origin,
        cookie: `hc_reader_session=${member.cookie('hc_reader_session')}`,
      },
      body: new URLSearchParams({ name: 'M', email: 'm@example.com', text: 'x' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect(await t.ds.query('SELECT id FROM comments WHERE article_id = ?', [id])).toEqual([]);
  });

  it('password and private sites, previews, share tokens and allow-listed sites are never public', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Partner price list' } });
    const base = `/hc/${site.subdomain}`;
    // Kept while public…
    expect((await get(`${base}/articles/${id}`)).headers.get('cache-control')).toMatch(/^public/);
    // …then the site gets a password: the kept page is never served again.
    await setSite(site.id, "visibility = 'password', password_hash = ?", [
      await hashPassword('open sesame'),
    ]);
    const gate = await get(`${base}/articles/${id}`);
    expect(gate.status).toBe(401);
    expect(await gate.text()).not.toContain('Partner price list');
    const reader = new ReaderClient(t.url);
    await reader.post(`${base}/password`, { password: 'open sesame', next: base });
    const cookie = `hc_reader_session=${reader.cookie('hc_reader_session')}`;
    const open = await get(`${base}/articles/${id}`, { cookie });
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('private, no-store');
    expect((await get(`${base}/articles/${id}`)).status).toBe(401);
    await setSite(site.id, "visibility = 'private'");
    expect((await get(`${base}/articles/${id}`)).status).toBe(401);
    // Public again; a share-token article and the preview are for their reader only.
    await setSite(site.id, "visibility = 'public'");
    const linked = await article(t.ds, site.id, {
      title: { en: 'Linked only' },
      visibility: 'link_only',
      shareToken: 'tok123',
    });
    const withToken = await get(`${base}/articles/${linked}?token=tok123`);
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('cache-control')).toBe('private, no-store');
    expect(await withToken.text()).toContain(`/articles/${linked}/view?token=tok123`);
    expect((await get(`${base}/articles/${linked}`)).status).toBe(404);
    expect((await get(`${base}?preview=draft`)).headers.get('cache-control')).toBe(
      'private, no-store',
    );
    // An allow-listed site is the reader site's to keep, never a CDN's.
    await setSite(site.id, 'ip_allowlist = ?', [
      JSON.stringify(['127.0.0.1', '::1', '::ffff:127.0.0.1']),
    ]);
    expect((await get(`${base}/articles/${id}`)).headers.get('cache-control')).toBe(
      'private, no-cache',
    );
  });
});
