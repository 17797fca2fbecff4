import { hashPassword } from '@hc/auth';
import { startTestApp, TEST_PASSWORD, TestApp } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article, category, liveDesign } from '../testing/reader-fixtures';
import { ReaderClient, readerOf } from '../testing/reader-client';

describe('reader site: what readers may see (spec 1, 2.2, 2.3, 4.4)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createReaderSite);
  });
  afterAll(() => t.close());

  const setSite = (id: number, sql: string, params: unknown[] = []) =>
    t.ds.query(`UPDATE sites SET ${sql} WHERE id = ?`, [...params, id]);

  async function signIn(
    reader: ReaderClient,
    subdomain: string,
    email: string,
    password = TEST_PASSWORD,
  ) {
    return reader.post(`/hc/${subdomain}/signin`, { email, password, next: `/hc/${subdomain}` });
  }

  it('published public articles in public categories; not drafts, Trash, non-public categories or another site’s', async () => {
    const site = await t.factory.site();
    const other = await t.factory.site();
    const hidden = await category(t.ds, site.id, { en: 'Internal' }, { privacy: 'private' });
    const shown = await article(t.ds, site.id, { title: { en: 'Visible guide' } });
    const draft = await article(t.ds, site.id, { title: { en: 'Draft guide' }, published: false });
    const trashed = await article(t.ds, site.id, { title: { en: 'Trashed guide' }, deleted: true });
    const inPrivate = await article(t.ds, site.id, {
      title: { en: 'Internal guide' },
      categoryId: hidden,
    });
    const foreign = await article(t.ds, other.id, { title: { en: 'Foreign guide' } });
    const { reader, base } = readerOf(t, site);
    expect((await reader.get(`${base}/articles/${shown}`)).status).toBe(200);
    for (const id of [draft, trashed, inPrivate, foreign]) {
      expect((await reader.get(`${base}/articles/${id}`)).status).toBe(404);
    }
    const home = await reader.get(base);
    expect(home.html).toContain('Visible guide');
    for (const title of ['Draft guide', 'Trashed guide', 'Internal guide', 'Foreign guide'])
      expect(home.html).not.toContain(title);
    expect(home.html).not.toContain('>Internal<');
  });

  it('released translations only: an unreleased language redirects to a released one and is not listed', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const id = await article(t.ds, site.id, {
      title: { en: 'Reset your password', de: 'Passwort zurücksetzen' },
      released: ['en'],
    });
    const both = await article(t.ds, site.id, {
      title: { en: 'Change your email', de: 'E-Mail ändern' },
    });
    const { reader, base } = readerOf(t, site);
    const de = await reader.get(`${base}/de/articles/${id}`);
    expect(de.status).toBe(302);
    expect(de.location).toMatch(new RegExp(`^${base}/articles/${id}-`));
    const released = await reader.get(`${base}/de/articles/${both}`);
    expect(released.status).toBe(200);
    expect(released.html).toContain('<h1>E-Mail ändern</h1>');
    expect(released.html).toContain('<html lang="de"');
    const home = await reader.get(`${base}/de`);
    expect(home.html).toContain('E-Mail ändern');
    expect(home.html).not.toContain('Passwort zurücksetzen');
  });

  it('link_only articles open with their share token only; they are never listed or found', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, {
      title: { en: 'Secret launch plan' },
      visibility: 'link_only',
      shareToken: 'tok-abc123',
    });
    const { reader, base } = readerOf(t, site);
    expect((await reader.get(`${base}/articles/${id}`)).status).toBe(404);
    expect((await reader.get(`${base}/articles/${id}?token=wrong`)).status).toBe(404);
    const page = await reader.get(`${base}/articles/${id}?token=tok-abc123`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Secret launch plan');
    expect(page.html).toContain(`/feedback?token=tok-abc123`);
    expect((await reader.get(base)).html).not.toContain('Secret launch plan');
    expect((await reader.get(`${base}/search?q=secret+launch`)).html).not.toContain(
      'Secret launch plan',
    );
  });

  it('private articles only for signed-in members listed in shared_with', async () => {
    const site = await t.factory.site();
    const allowed = await t.factory.user();
    const notShared = await t.factory.user();
    await t.factory.member(site, allowed, 'editor');
    await t.factory.member(site, notShared, 'viewer');
    const id = await article(t.ds, site.id, {
      title: { en: 'Private roadmap' },
      visibility: 'private',
      sharedWith: [allowed.id],
    });
    const base = `/hc/${site.subdomain}`;
    expect((await new ReaderClient(t.url).get(`${base}/articles/${id}`)).status).toBe(404);
    const other = new ReaderClient(t.url);
    expect((await signIn(other, site.subdomain, notShared.email)).status).toBe(303);
    expect((await other.get(`${base}/articles/${id}`)).status).toBe(404);
    const member = new ReaderClient(t.url);
    expect((await signIn(member, site.subdomain, allowed.email)).location).toBe(base);
    const page = await member.get(`${base}/articles/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Private roadmap');
    expect((await member.get(base)).html).not.toContain('Private roadmap');
  });

  it('a private site is for members only: sign-in form (401), refused for wrong passwords and non-members', async () => {
    const site = await t.factory.site();
    const outsider = await t.factory.user();
    await article(t.ds, site.id, { title: { en: 'Team handbook' } });
    await setSite(site.id, "visibility = 'private'");
    const base = `/hc/${site.subdomain}`;
    const anonymous = new ReaderClient(t.url);
    const gate = await anonymous.get(base);
    expect(gate.status).toBe(401);
    expect(gate.html).toContain(`action="${base}/signin"`);
    expect(gate.html).not.toContain('Team handbook');
    expect((await anonymous.get(`${base}/search?q=handbook`)).status).toBe(401);
    const wrong = await signIn(anonymous, site.subdomain, site.owner.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('The email or password is not correct.');
    const stranger = new ReaderClient(t.url);
    const refused = await signIn(stranger, site.subdomain, outsider.email);
    expect(refused.status).toBe(401);
    expect(refused.html).toContain('The email or password is not correct.');
    const owner = new ReaderClient(t.url);
    expect((await signIn(owner, site.subdomain, site.owner.email)).status).toBe(303);
    const home = await owner.get(base);
    expect(home.status).toBe(200);
    expect(home.html).toContain('Team handbook');
    expect(home.html).toContain('<meta name="robots" content="noindex">');
    // The session is for this site only.
    const second = await t.factory.site({ owner: site.owner });
    await setSite(second.id, "visibility = 'private'");
    expect((await owner.get(`/hc/${second.subdomain}`)).status).toBe(401);
    // Sign-out ends it; a removed member loses access at once.
    await owner.post(`${base}/signout`, {});
    expect((await owner.get(base)).status).toBe(401);
    const again = new ReaderClient(t.url);
    await signIn(again, site.subdomain, site.owner.email);
    await t.ds.query('DELETE FROM memberships WHERE site_id = ? AND user_id = ?', [
      site.id,
      site.owner.id,
    ]);
    expect((await again.get(base)).status).toBe(401);
  });

  it('a password site asks for the password; the right one opens it', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, { title: { en: 'Partner guide' } });
    await setSite(site.id, "visibility = 'password', password_hash = ?", [
      await hashPassword('open sesame'),
    ]);
    const { reader, base } = readerOf(t, site);
    const gate = await reader.get(`${base}/search?q=partner`);
    expect(gate.status).toBe(401);
    expect(gate.html).toContain(`action="${base}/password"`);
    expect(gate.html).not.toContain('Partner guide');
    const wrong = await reader.post(`${base}/password`, { password: 'nope', next: base });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('The password is not correct.');
    const right = await reader.post(`${base}/password`, {
      password: 'open sesame',
      next: `${base}/search?q=partner`,
    });
    expect(right.status).toBe(303);
    expect(right.location).toBe(`${base}/search?q=partner`);
    // Its own name (not the dashboard's), scoped to the site's path on one machine (#14).
    expect(reader.cookie('hc_session')).toBeUndefined();
    expect(reader.cookie('hc_reader_session')).toMatch(/./);
    const page = await reader.get(`${base}/search?q=partner`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Partner guide');
    // `next` never leaves the site.
    const away = await new ReaderClient(t.url).post(`${base}/password`, {
      password: 'open sesame',
      next: 'https://evil.example/',
    });
    expect(away.location).toBe(base);
  });

  it('suspended sites and addresses outside the IP allow-list get 403 (publicly_accessible false)', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, { title: { en: 'Anything' } });
    const { reader, base } = readerOf(t, site);
    await setSite(site.id, 'suspended = 1');
    const suspended = await reader.get(base);
    expect(suspended.status).toBe(403);
    expect(suspended.html).toContain('not available');
    expect(
      (await reader.post(`${base}/contact`, { email: 'a@b.example', message: 'hi' })).status,
    ).toBe(403);
    await setSite(site.id, 'suspended = 0, ip_allowlist = \'["10.0.0.0/8"]\'');
    const restricted = await reader.get(base);
    expect(restricted.status).toBe(403);
    expect(restricted.html).not.toContain('Anything');
    await setSite(site.id, 'ip_allowlist = \'["10.0.0.0/8", "127.0.0.1/32"]\'');
    expect((await reader.get(base)).status).toBe(200);
  });

  it('the draft preview (?preview=draft) is for signed-in team members only', async () => {
    const site = await t.factory.site();
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
    await liveDesign(t.ds, site.id, doc('Live hero'), doc('Draft hero'));
    const { reader, base } = readerOf(t, site);
    expect((await reader.get(base)).html).toContain('Live hero');
    const anonymous = await reader.get(`${base}?preview=draft`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.html).not.toContain('Draft hero');
    await signIn(reader, site.subdomain, site.owner.email);
    const preview = await reader.get(`${base}?preview=draft`);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain('Draft hero');
    expect(preview.html).toContain('Draft preview');
    expect((await reader.get(base)).html).toContain('Live hero');
    // A password session is not a team member's.
    await t.ds.query("UPDATE sites SET visibility = 'password', password_hash = ? WHERE id = ?", [
      await hashPassword('pw'),
      site.id,
    ]);
    const guest = new ReaderClient(t.url);
    await guest.post(`${base}/password`, { password: 'pw', next: base });
    expect((await guest.get(base)).status).toBe(200);
    expect((await guest.get(`${base}?preview=draft`)).status).toBe(401);
  });

  it('search follows spec 4.4: public, released, at most 15, the language searched', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    for (let i = 0; i < 18; i++)
      await article(t.ds, site.id, { title: { en: `Invoice topic ${i}` } });
    await article(t.ds, site.id, { title: { en: 'Invoice draft' }, published: false });
    await article(t.ds, site.id, {
      title: { en: 'Invoice english', de: 'Rechnung deutsch' },
      released: ['en'],
    });
    const { reader, base } = readerOf(t, site);
    const page = await reader.get(`${base}/search?q=invoice`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('15 results');
    expect(page.html).not.toContain('Invoice draft');
    expect((await reader.get(`${base}/de/search?q=rechnung`)).html).toContain('0 Ergebnisse');
    expect((await reader.get(`${base}/search?q=zz`)).html).toContain('0 results');
  });
});
