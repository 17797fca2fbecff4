import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { article, category } from '../apps/reader-site/src/testing/reader-fixtures';
import { useBrowser } from './support/browser';
import { compareScreenshot, MAX_DIFF_RATIO } from './support/screenshots';
import { cli, edge, stack } from './support/stack';

/**
 * Screenshots of the reader site (issue #27): home, category, article, search and not-found pages
 * of fixed data, in English and German and in dark mode, compared with the reference PNGs in
 * e2e/screenshots. `npm run test:screenshots:update` rewrites the references (HC_TEST_UPDATE_SCREENSHOTS=1).
 * The same run checks each page with axe-core: no violation of serious or critical impact.
 *
 * Deterministic by construction: a fixed viewport and device scale, fonts served by this test
 * from @fontsource/inter (never the system's), animations and the caret off, fixed dates, a site
 * of its own whose content nobody else writes, and headless Chromium's own user agent, so no
 * visit counts as a view and popular lists keep their order whichever variant runs first.
 */
const REFERENCES = path.join(__dirname, 'screenshots');
const VIEWPORT = { width: 800, height: 600 };
const FIXED_DATE = '2026-01-15 10:00:00.000';

const FONT_HOST = 'https://fonts.hc-test.invalid';
const FONT_DIR = path.dirname(require.resolve('@fontsource/inter/package.json'));
const FONT_CSS = [400, 600, 700]
  .map(
    (w) =>
      `@font-face{font-family:"Inter";font-style:normal;font-weight:${w};font-display:block;src:url(${FONT_HOST}/inter-${w}.woff2) format("woff2")}`,
  )
  .join('');
/** Every text in the bundled font; nothing moves. */
const PAGE_CSS = `${FONT_CSS}:root{--hc-font-heading:"Inter";--hc-font-body:"Inter"}*,*:before,*:after{animation:none!important;transition:none!important;caret-color:transparent!important}`;

const PAGES: { name: string; path: (ids: Ids) => string; status: number }[] = [
  { name: 'home', path: () => '', status: 200 },
  { name: 'category', path: (ids) => `/categories/${ids.billing}`, status: 200 },
  { name: 'article', path: (ids) => `/articles/${ids.invoice}`, status: 200 },
  { name: 'search', path: () => '/search?q=invoice', status: 200 },
  { name: 'not-found', path: () => '/no/such/page', status: 404 },
];
const VARIANTS = [
  { name: 'en', lang: 'en', colorScheme: 'light' as const },
  { name: 'de', lang: 'de', colorScheme: 'light' as const },
  { name: 'en-dark', lang: 'en', colorScheme: 'dark' as const },
];

interface Ids {
  billing: number;
  invoice: number;
}

async function fixedSite(): Promise<{ subdomain: string; ids: Ids }> {
  const subdomain = 'screenshots';
  const created = await cli('site create', {
    owner: stack.demo.user.id,
    name: 'Acme Help',
    subdomain,
    languages: 'en,de',
  });
  const siteId = created.site.id as number;
  const key = (
    await cli('key create', {
      site: siteId,
      user: stack.demo.user.id,
      scope: 'read_write',
      design: true,
    })
  ).key.token as string;
  expect((await edge('POST', '/v1/template/themes/classic/apply', { key, body: {} })).status).toBe(
    200,
  );
  expect(
    (await edge('POST', '/v1/template/publish', { key, body: { message: 'Classic' } })).status,
  ).toBe(200);

  const db = await createConnection({ uri: process.env.HC_E2E_DATABASE_URL as string });
  try {
    const q = {
      query: (sql: string, params?: unknown[]) => db.query(sql, params).then((r) => r[0]),
    };
    const start = await category(
      q,
      siteId,
      { en: 'Getting started', de: 'Erste Schritte' },
      {
        icon: 'rocket',
        position: 1,
      },
    );
    const billing = await category(
      q,
      siteId,
      { en: 'Billing', de: 'Abrechnung' },
      {
        icon: 'credit-card',
        position: 2,
      },
    );
    await category(
      q,
      siteId,
      { en: 'Your account', de: 'Ihr Konto' },
      {
        icon: 'user',
        position: 3,
      },
    );
    await article(q, siteId, {
      title: { en: 'Install the app', de: 'Die App installieren' },
      content: {
        en: '<p>Download the app and sign in.</p>',
        de: '<p>Laden Sie die App herunter und melden Sie sich an.</p>',
      },
      categoryId: start,
    });
    const invoice = await article(q, siteId, {
      title: { en: 'Pay an invoice', de: 'Eine Rechnung bezahlen' },
      content: {
        en: '<h2>Steps</h2><ol><li>Open <strong>Billing</strong>.</li><li>Choose the invoice.</li><li>Pay by card.</li></ol><h2>Receipts</h2><p>Each payment sends a receipt by email.</p>',
        de: '<h2>Schritte</h2><ol><li>Öffnen Sie <strong>Abrechnung</strong>.</li><li>Wählen Sie die Rechnung.</li><li>Zahlen Sie mit Karte.</li></ol><h2>Belege</h2><p>Jede Zahlung sendet einen Beleg per E-Mail.</p>',
      },
      categoryId: billing,
    });
    await article(q, siteId, {
      title: { en: 'Download an invoice', de: 'Eine Rechnung herunterladen' },
      content: { en: '<p>Invoices are PDF files.</p>', de: '<p>Rechnungen sind PDF-Dateien.</p>' },
      categoryId: billing,
    });
    for (const table of ['categories', 'articles', 'article_translations'])
      await db.query(`UPDATE ${table} SET created_at = ?, updated_at = ? WHERE site_id = ?`, [
        FIXED_DATE,
        FIXED_DATE,
        siteId,
      ]);
    return { subdomain, ids: { billing, invoice } };
  } finally {
    await db.end();
  }
}

async function open(page: Page, url: string, status: number): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'load' });
  expect(response?.status()).toBe(status);
  await page.addStyleTag({ content: PAGE_CSS });
  // Strings run in the page, so this file needs no DOM typings.
  await page.evaluate(
    'Promise.all([400, 600, 700].map((w) => document.fonts.load(w + " 16px Inter"))).then(() => document.fonts.ready)',
  );
  expect(await page.evaluate('document.fonts.check("16px Inter")')).toBe(true);
}

/** Axe-core in the page: violations of serious or critical impact (an empty list passes). */
async function accessibility(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"')))
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = (await page.evaluate(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) })))',
  )) as { id: string; impact: string; help: string; targets: string[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.targets.slice(0, 5).join(', ')}`);
}

describe('reader pages as a browser draws them: screenshots and accessibility (issue #27)', () => {
  let browser: Browser;
  let site: { subdomain: string; ids: Ids };

  useBrowser((b) => (browser = b), ['--font-render-hinting=none', '--disable-lcd-text']);
  beforeAll(async () => {
    site = await fixedSite();
  });

  it.each(VARIANTS)(
    'home, category, article, search and not-found pages ($name) match their references and pass axe',
    async ({ name, lang, colorScheme }) => {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        colorScheme,
        reducedMotion: 'reduce',
        locale: lang,
        timezoneId: 'UTC',
      });
      await context.route(`${FONT_HOST}/**`, (route) => {
        const weight = /inter-(\d+)\.woff2$/.exec(route.request().url())?.[1] ?? '400';
        return route.fulfill({
          status: 200,
          contentType: 'font/woff2',
          body: readFileSync(path.join(FONT_DIR, 'files', `inter-latin-${weight}-normal.woff2`)),
        });
      });
      const page = await context.newPage();
      const base = `${stack.readerUrl}/hc/${site.subdomain}${lang === 'en' ? '' : `/${lang}`}`;
      const failures: string[] = [];
      for (const p of PAGES) {
        await open(page, `${base}${p.path(site.ids)}`, p.status);
        const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
        const ratio = compareScreenshot(REFERENCES, `${p.name}-${name}`, shot);
        if (ratio > MAX_DIFF_RATIO)
          failures.push(`${p.name}-${name}: ${(ratio * 100).toFixed(2)} % of pixels differ`);
        for (const v of await accessibility(page)) failures.push(`${p.name}-${name}: ${v}`);
      }
      await context.close();
      expect(failures).toEqual([]);
    },
    180_000,
  );

  it('the references show icons and pluralized counts', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.readerUrl}/hc/${site.subdomain}`);
    expect(await page.locator('.hc-icon svg.lucide-rocket').count()).toBe(1);
    expect(await page.locator('.hc-icon svg.lucide-credit-card').count()).toBe(1);
    const counts = await page.locator('.hc-count').allTextContents();
    expect(counts).toEqual(['1 article', '2 articles', '0 articles']);
    const cards = await page.locator('.hc-card').allTextContents();
    expect(cards.join(' ')).not.toMatch(/rocket|credit-card/);
    await page.close();
  });
});
