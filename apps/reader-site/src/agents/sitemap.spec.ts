import { htmlToMarkdown } from '@hc/content';
import { SITEMAP_MAX_URLS, sitemapDocument, SitemapUrl } from './sitemap';

const urls = (n: number): SitemapUrl[] =>
  Array.from({ length: n }, (_, i) => ({
    loc: `https://h.example/articles/${i + 1}?a=1&b=2`,
    lastmod: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
    alternates: {},
  }));

describe('sitemaps (issue #26)', () => {
  it('one urlset up to 50,000 URLs, escaped', () => {
    const doc = sitemapDocument(urls(SITEMAP_MAX_URLS), 0, 'https://h.example')!;
    expect(doc).toContain('<urlset');
    expect(doc.match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
    expect(doc).toContain('<loc>https://h.example/articles/1?a=1&amp;b=2</loc>');
    expect(sitemapDocument(urls(3), 1, 'https://h.example')).toBeNull();
  });

  it('past 50,000 URLs: a sitemap index of pages of 50,000', () => {
    const all = urls(SITEMAP_MAX_URLS + 1);
    const index = sitemapDocument(all, 0, 'https://h.example')!;
    expect(index).toContain('<sitemapindex');
    expect(index.match(/<sitemap>/g)).toHaveLength(2);
    expect(index).toContain('<loc>https://h.example/sitemap-2.xml</loc><lastmod>');
    expect(sitemapDocument(all, 1, 'https://h.example')!.match(/<url>/g)).toHaveLength(
      SITEMAP_MAX_URLS,
    );
    expect(sitemapDocument(all, 2, 'https://h.example')!.match(/<url>/g)).toHaveLength(1);
    expect(sitemapDocument(all, 3, 'https://h.example')).toBeNull();
  });

  it('Markdown from sanitized HTML keeps structure (headings, lists, tables, links)', () => {
    const md = htmlToMarkdown(
      '<h2>Steps</h2><ol><li>Open <a href="https://x.example/">settings</a></li></ol>' +
        '<table><tr><th>A</th></tr><tr><td>1</td></tr></table>',
    );
    expect(md).toContain('## Steps');
    expect(md).toContain('1. Open [settings](https://x.example/)');
    expect(md).toContain('| A |');
  });
});
