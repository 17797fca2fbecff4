import { trustSiteId } from './site-id';
import type { SiteId } from './site-id';

/** A repository-shaped function: tenant data, the site first. */
function articlesOf(site: SiteId, limit: number): string {
  return `site ${site} limit ${limit}`;
}

/** Issue 22: a plain number is refused where a SiteId is required (checked by `npm run typecheck`). */
describe('SiteId', () => {
  it('is a number at run time and reads like one', () => {
    const site = trustSiteId(7);
    expect(site).toBe(7);
    expect(site + 1).toBe(8);
    const asNumber: number = site;
    expect(articlesOf(site, asNumber)).toBe('site 7 limit 7');
  });

  it('is refused when it is a plain number, a parsed id or a string', () => {
    const fromPath = Number('7');
    // @ts-expect-error a number from a path or body is not a site scope
    expect(articlesOf(7, 1)).toBe('site 7 limit 1');
    // @ts-expect-error nor is a parsed number
    expect(articlesOf(fromPath, 1)).toBe('site 7 limit 1');
    // @ts-expect-error nor a string
    expect(articlesOf('7', 1)).toBe('site 7 limit 1');
    // @ts-expect-error nor a hand-made brand
    const forged: SiteId = { __brand: 'SiteId' };
    expect(forged).toBeDefined();
  });
});
