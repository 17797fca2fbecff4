/** Sitemaps (sitemaps.org 0.9 with xhtml:link hreflang alternates): pure builders. */

/** sitemaps.org: at most 50,000 URLs in one sitemap file; past that, a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  loc: string;
  lastmod: Date | null;
  /** hreflang → address of the same page in that language (includes the page itself). */
  alternates: Record<string, string>;
}

export function xmlEscape(s: string): string {
  return s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlset(urls: SitemapUrl[]): string {
  const items = urls.map((u) => {
    const alternates = Object.entries(u.alternates)
      .map(
        ([lang, href]) =>
          `<xhtml:link rel="alternate" hreflang="${xmlEscape(lang)}" href="${xmlEscape(href)}"/>`,
      )
      .join('');
    const lastmod = u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${xmlEscape(u.loc)}</loc>${lastmod}${alternates}</url>`;
  });
  return (
    HEAD +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    items.join('\n') +
    '\n</urlset>\n'
  );
}

/**
 * The document at `sitemap.xml` (page 0) or `sitemap-{page}.xml`: one urlset while the URLs fit
 * in one file, else an index of `sitemap-1.xml` … whose pages hold `max` URLs each. Null: no
 * such page.
 */
export function sitemapDocument(
  urls: SitemapUrl[],
  page: number,
  origin: string,
  max = SITEMAP_MAX_URLS,
): string | null {
  const pages = Math.ceil(urls.length / max);
  if (page === 0) {
    if (pages <= 1) return urlset(urls);
    const lastmods = (chunk: SitemapUrl[]) =>
      chunk.reduce<Date | null>(
        (m, u) => (u.lastmod && (!m || u.lastmod > m) ? u.lastmod : m),
        null,
      );
    const items = Array.from({ length: pages }, (_, i) => {
      const last = lastmods(urls.slice(i * max, (i + 1) * max));
      return (
        `<sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc>` +
        (last ? `<lastmod>${last.toISOString()}</lastmod>` : '') +
        '</sitemap>'
      );
    });
    return (
      HEAD +
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      items.join('\n') +
      '\n</sitemapindex>\n'
    );
  }
  if (pages <= 1 || page > pages) return null;
  return urlset(urls.slice((page - 1) * max, page * max));
}
