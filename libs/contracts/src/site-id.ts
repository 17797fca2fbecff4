/**
 * Issue 22 "Site scope by type": the id of the site a query acts on, as a type.
 *
 * Every repository method that reads or writes tenant data takes a `SiteId` as its first
 * argument, so a query with a bare number (an id from a path, a body or a row) does not compile.
 * A `SiteId` is built in few places only (docs/architecture.md "Site scope"): the credential
 * guard (the site of the request's credential), the reader site's host lookup, the operator CLI
 * and the background workers. The lint rule `no-restricted-imports` (eslint.config.mjs) refuses
 * `trustSiteId` everywhere else; tests build one with `testSiteId` from `@hc/testing`.
 *
 * The few queries that cross sites on purpose (workers, sign-in) are named `…AcrossSites`.
 */
declare const siteIdBrand: unique symbol;

export type SiteId = number & { readonly [siteIdBrand]: 'SiteId' };

/**
 * The one constructor of a `SiteId`: `id` must be the id of a site the caller has already
 * resolved from a trusted source (credential, host, operator flag, a worker's own row).
 */
export function trustSiteId(id: number): SiteId {
  return id as SiteId;
}
