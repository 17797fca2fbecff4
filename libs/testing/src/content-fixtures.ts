// Set-up that content-api's spec files share: an app with two sites (data must never leak from
// one to the other), the webhook events a site's writes leave in the outbox, and the answers
// every route gives for the same caller mistakes.
import type { INestApplication } from '@nestjs/common';
import type { SiteOptions, TestSite } from './factory';
import type { Db } from './rows';
import { startTestApp } from './test-app';
import type { TestApp, TestResponse } from './test-app';

/** What `useTwoSites` hands a spec file. */
export interface TwoSites {
  t: TestApp;
  /** The site under test, and a key of it (the site owner's, read and write). */
  site: TestSite;
  key: string;
  /** A second site with its own key, for what must not leak. */
  other: TestSite;
  otherKey: string;
}

/**
 * Starts `create`'s app for the file with two sites and a key of each; stops it after. With
 * `freshKey`, `key` is a new key before every test (every write counts toward a key's 120 writes
 * per minute). `use` receives the values once started and after each new key:
 * `useTwoSites(createContentApi, {}, (s) => ({ t, site, key, other, otherKey } = s))`.
 */
export function useTwoSites(
  create: () => Promise<INestApplication>,
  options: { site?: SiteOptions; other?: SiteOptions; freshKey?: boolean },
  use: (s: TwoSites) => void,
): void {
  const s = {} as TwoSites;
  beforeAll(async () => {
    s.t = await startTestApp(create);
    s.site = await s.t.factory.site(options.site);
    s.key = await s.t.factory.key(s.site);
    s.other = await s.t.factory.site(options.other ?? options.site);
    s.otherKey = await s.t.factory.key(s.other);
    use(s);
  });
  afterAll(() => s.t?.close());
  if (options.freshKey) {
    beforeEach(async () => {
      s.key = await s.t.factory.key(s.site);
      use(s);
    });
  }
}

/** One webhook event in the outbox, as a test reads it back. */
export interface SiteEvent {
  id: number;
  event: string;
  /** The envelope as sent. */
  payload: any;
  /** Its `data`. */
  data: any;
}

const siteIdOf = (site: number | { id: number }) => (typeof site === 'number' ? site : site.id);

/** The webhook events (not the audit records) of a site after outbox row `afterId`, oldest first. */
export async function siteEvents(
  db: Db,
  site: number | { id: number },
  afterId = 0,
): Promise<SiteEvent[]> {
  const rows: { id: number; event: string; payload: unknown }[] = await db.query(
    `SELECT id, event, payload FROM outbox WHERE event <> 'audit.recorded' AND site_id = ? AND id > ?
     ORDER BY id`,
    [siteIdOf(site), afterId],
  );
  return rows.map((r) => {
    const payload = typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload;
    return { id: Number(r.id), event: r.event, payload, data: payload?.data };
  });
}

/** The newest webhook event's outbox id of a site (0 when none): a mark for `siteEvents`. */
export async function lastSiteEventId(db: Db, site: number | { id: number }): Promise<number> {
  const rows = await db.query(
    `SELECT COALESCE(MAX(id), 0) AS n FROM outbox WHERE event <> 'audit.recorded' AND site_id = ?`,
    [siteIdOf(site)],
  );
  return Number(rows[0].n);
}

/** Asserts a 403 for a credential without `scope`, with the API's exact body. */
export function expectInsufficientScope(res: TestResponse, scope: string): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 403,
    body: {
      status: 'error',
      code: 'insufficient_scope',
      message: `This action requires the ${scope} scope.`,
    },
  });
}

/** Asserts a 404 with the API's exact body (`message`: "Article not found." …). */
export function expectNotFound(res: TestResponse, message: string): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 404,
    body: { status: 'error', code: 'not_found', message },
  });
}

/** Asserts a 422 validation answer (shape b) with exactly these field messages. */
export function expectValidationErrors(res: TestResponse, errors: Record<string, string[]>): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 422,
    body: { status: 'validation_error', message: 'The request could not be accepted.', errors },
  });
}
