import { resetSettings } from '@hc/contracts';
import { startTestApp, TestApp } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { ReaderClient } from '../testing/reader-client';
import { article } from '../testing/reader-fixtures';

const READER_DOMAIN = 'pages.example';
const PLATFORM_HOST = 'help.platform.example';

/**
 * Issue 34 item 1, as an attacker tries it: one origin per tenant. With HC_READER_DOMAIN set a
 * site is chosen by the request's own host only, never by a path naming another site, never on
 * the platform's host or a host nobody registered, and never by an X-Forwarded-Host that a peer
 * outside HC_TRUST_PROXY (or under a trust-everyone value) sent.
 */
describe('reader site: one origin per tenant (issue 34)', () => {
  const saved = { ...process.env };
  const apps: TestApp[] = [];

  /** A reader site started under these settings (trust proxy is fixed when an app starts). */
  async function start(env: Record<string, string>): Promise<TestApp> {
    process.env = { ...saved, ...env };
    resetSettings();
    const t = await startTestApp(createReaderSite);
    apps.push(t);
    return t;
  }

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
    process.env = { ...saved };
    resetSettings();
  });

  const production = {
    HC_READER_DOMAIN: READER_DOMAIN,
    HC_PUBLIC_URL: `https://${PLATFORM_HOST}`,
    HC_READER_URL: `https://${READER_DOMAIN}`,
  };

  /** Two sites with one article each; `victim` also has its own domain. */
  async function twoSites(t: TestApp) {
    const attacker = await t.factory.site({ name: 'Attacker' });
    const victim = await t.factory.site({ name: 'Victim' });
    const domain = `docs.${victim.subdomain}.example`;
    await t.ds.query('UPDATE sites SET domain = ? WHERE id = ?', [domain, victim.id]);
    const attackerArticle = await article(t.ds, attacker.id, { title: { en: 'Attacker page' } });
    await article(t.ds, victim.id, { title: { en: 'Victim page' } });
    return { attacker, victim, domain, attackerArticle };
  }

  it("never serves another site's pages under /hc/<other>/ on a site's own origin", async () => {
    const t = await start(production);
    const { attacker, victim, domain, attackerArticle } = await twoSites(t);
    const reader = new ReaderClient(t.url);
    const victimHost = `${victim.subdomain}.${READER_DOMAIN}`;
    expect((await reader.getOnHost('/', victimHost)).html).toContain('Victim page');
    for (const host of [victimHost, domain]) {
      for (const path of [
        `/hc/${attacker.subdomain}/`,
        `/hc/${attacker.subdomain}/articles/${attackerArticle}`,
        `/hc/${attacker.subdomain}/llms.txt`,
        `/hc/${attacker.subdomain}/articles/${attackerArticle}.md`,
      ]) {
        const page = await reader.getOnHost(path, host);
        expect(`${host}${path} ${page.status}`).toBe(`${host}${path} 404`);
        expect(page.html).not.toContain('Attacker');
      }
    }
    // The victim's own domain serves the victim (and only on that host).
    expect((await reader.getOnHost('/', domain)).html).toContain('Victim page');
  });

  it('answers 404 on the platform host, the reader domain itself and hosts nobody registered', async () => {
    const t = await start(production);
    const { victim } = await twoSites(t);
    const reader = new ReaderClient(t.url);
    for (const host of [
      PLATFORM_HOST,
      READER_DOMAIN,
      `x.${victim.subdomain}.${READER_DOMAIN}`,
      'nobody.example',
      `nobody.${READER_DOMAIN}`,
    ]) {
      for (const path of ['/', `/hc/${victim.subdomain}/`, '/llms.txt']) {
        const page = await reader.getOnHost(path, host);
        expect(`${host}${path} ${page.status}`).toBe(`${host}${path} 404`);
        expect(page.html).not.toContain('Victim');
      }
    }
  });

  it('serves /hc/<subdomain>/ only on one machine (HC_READER_DOMAIN unset), and no site by Host there', async () => {
    const t = await start({});
    const { victim, domain } = await twoSites(t);
    const reader = new ReaderClient(t.url);
    expect((await reader.get(`/hc/${victim.subdomain}/`)).html).toContain('Victim page');
    expect((await reader.getOnHost('/', domain)).status).toBe(404);
  });

  describe('X-Forwarded-Host', () => {
    /** The page `host` gets when it also claims to be for `claimed` (X-Forwarded-Host). */
    const claiming = async (t: TestApp, host: string, claimed: string) =>
      (await new ReaderClient(t.url).getOnHost('/', host, { 'x-forwarded-host': claimed })).html;

    // Forwarded hosts believed only from proxies named by address, and only when the setting is on.
    it.each([
      ['a peer HC_TRUST_PROXY does not name', '10.9.9.9', 'true'],
      ['no trusted proxy at all', 'false', 'true'],
      ['a hop count (Express would believe any peer)', '1', 'true'],
      ['trust-everyone', 'true', 'true'],
      // A gateway that passes a client's header on unchanged: Host still decides.
      ['a proxy HC_TRUST_PROXY names, HC_TRUST_FORWARDED_HOST off', 'loopback', 'false'],
    ])('from %s does not change the site', async (_what, trustProxy, forwardedHost) => {
      const t = await start({
        ...production,
        HC_TRUST_PROXY: trustProxy,
        HC_TRUST_FORWARDED_HOST: forwardedHost,
      });
      const { attacker, victim } = await twoSites(t);
      const page = await claiming(
        t,
        `${victim.subdomain}.${READER_DOMAIN}`,
        `${attacker.subdomain}.${READER_DOMAIN}`,
      );
      expect(page).toContain('Victim page');
      expect(page).not.toContain('Attacker');
    });

    it('from a named proxy with HC_TRUST_FORWARDED_HOST on is believed (its last value, the one it added)', async () => {
      const t = await start({
        ...production,
        HC_TRUST_PROXY: 'loopback',
        HC_TRUST_FORWARDED_HOST: 'true',
      });
      const { attacker, victim } = await twoSites(t);
      const victimHost = `${victim.subdomain}.${READER_DOMAIN}`;
      const attackerHost = `${attacker.subdomain}.${READER_DOMAIN}`;
      expect(await claiming(t, 'internal.svc', victimHost)).toContain('Victim page');
      // A client's own value before the proxy's is not what chooses the site.
      const page = await claiming(t, 'internal.svc', `${attackerHost}, ${victimHost}`);
      expect(page).toContain('Victim page');
      expect(page).not.toContain('Attacker');
    });
  });

  it('redirects plain HTTP to https only for hosts it serves (HC_FORCE_HTTPS)', async () => {
    const t = await start({ ...production, HC_FORCE_HTTPS: 'true', HC_TRUST_PROXY: 'false' });
    const { victim, domain } = await twoSites(t);
    const reader = new ReaderClient(t.url);
    const victimHost = `${victim.subdomain}.${READER_DOMAIN}`;
    for (const host of [victimHost, domain, PLATFORM_HOST]) {
      const res = await reader.getOnHost('/articles?x=1', host);
      expect(`${host} ${res.status} ${res.location}`).toBe(
        `${host} 301 https://${host}/articles?x=1`,
      );
    }
    for (const host of ['evil.example', `a.b.${READER_DOMAIN}`]) {
      const res = await reader.getOnHost('/', host);
      expect(`${host} ${res.status} ${res.location}`).toBe(`${host} 404 null`);
    }
    // An untrusted peer's X-Forwarded-Host is not where the redirect goes.
    const res = await reader.getOnHost('/', victimHost, { 'x-forwarded-host': 'evil.example' });
    expect(res.location).toBe(`https://${victimHost}/`);
  });
});
