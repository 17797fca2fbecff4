// Set-up that content-api's spec files share: an app with two sites (data must never leak from
// one to the other), the webhook events a site's writes leave in the outbox, and the answers
// every route gives for the same caller mistakes.
import type { INestApplication } from '@nestjs/common';
import type { SiteOptions, TestSite } from './factory';
import type { Db } from './rows';
import { appPerFile } from './per-file';
import type { TestApp, TestResponse } from './test-app';

/**
 * Starts `create`'s app before the file's tests and stops it after them (`appPerFile`); `setup`
 * runs once it is up (assign it, make sites): `useTestApp(createContentApi, (app) => (t = app))`.
 */
export function useTestApp(
  create: () => Promise<INestApplication>,
  setup: (t: TestApp) => unknown,
): void {
  const file = appPerFile(create);
  beforeAll(() => setup(file.app));
}

/** What `useSite` hands a spec file: the app, a site and a key of it (the owner's, read and write). */
export interface OneSite {
  t: TestApp;
  site: TestSite;
  key: string;
}

/**
 * `useTestApp` with one site made with `options` and a key of it:
 * `useSite(createContentApi, { languages: ['en', 'de'] }, (s) => ({ t, site, key } = s))`.
 */
export function useSite(
  create: () => Promise<INestApplication>,
  options: SiteOptions,
  use: (s: OneSite) => unknown,
): void {
  useTestApp(create, async (t) => {
    const site = await t.factory.site(options);
    await use({ t, site, key: await t.factory.key(site) });
  });
}

/** What `useTwoSites` hands a spec file. */
export interface TwoSites extends OneSite {
  /** A second site with its own key, for what must not leak. */
  other: TestSite;
  otherKey: string;
}

/**
 * `useSite` with a second site (`other`, made like `site` unless said) and a key of each. With
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
  useSite(create, options.site ?? {}, async (one) => {
    Object.assign(s, one);
    s.other = await one.t.factory.site(options.other ?? options.site);
    s.otherKey = await one.t.factory.key(s.other);
    use(s);
  });
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

/**
 * Asserts an error answer with the API's exact body `{status: 'error', code, message}` and the
 * `extra` keys some errors carry (`message` may be a matcher, any text by default).
 */
export function expectError(
  res: TestResponse,
  status: number,
  code: string,
  message: unknown = expect.any(String),
  extra: Record<string, unknown> = {},
): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { status: 'error', code, message, ...extra },
  });
}

/**
 * Asserts a success answer: `status` and exactly the body `{status: 'success', ...body}` (the
 * envelope every write and read of the API shares, said once).
 */
export function expectSuccess(
  res: TestResponse,
  status: number,
  body: Record<string, unknown>,
): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { status: 'success', ...body },
  });
}

/**
 * Asserts the 200 `reused` answer of an image write for bytes the site already has (spec 4.7):
 * its image matches `image` (the stored one's id, the filename it keeps, …).
 */
export function expectReusedImage(res: TestResponse, image: Record<string, unknown>): void {
  expect(res.status).toBe(200);
  expect(res.body.reused).toBe(true);
  expect(res.body.image).toMatchObject(image);
}

/** Asserts a 403 for a credential without `scope`, with the API's exact body. */
export function expectInsufficientScope(res: TestResponse, scope: string): void {
  expectError(res, 403, 'insufficient_scope', `This action requires the ${scope} scope.`);
}

/** Asserts a 404 with the API's exact body (`message`: "Article not found." …). */
export function expectNotFound(res: TestResponse, message: string): void {
  expectError(res, 404, 'not_found', message);
}

/** The body of a validation answer (shape b) with exactly these field messages. */
export function validationErrorBody(errors: Record<string, string[]>) {
  return { status: 'validation_error', message: 'The request could not be accepted.', errors };
}

/** Asserts a 422 validation answer (shape b) with exactly these field messages. */
export function expectValidationErrors(res: TestResponse, errors: Record<string, string[]>): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 422,
    body: validationErrorBody(errors),
  });
}

const DIFF_OPS = { '=': 'equal', '-': 'delete', '+': 'insert' } as const;

/** A word diff (#25) written short, a part a string: `'=kept'`, `'-removed'`, `'+inserted'`. */
export function wordDiff(
  ...parts: string[]
): { op: (typeof DIFF_OPS)[keyof typeof DIFF_OPS]; text: string }[] {
  return parts.map((part) => {
    const op = DIFF_OPS[part[0] as keyof typeof DIFF_OPS];
    if (!op) throw new Error(`wordDiff: "${part}" starts with none of = - +`);
    return { op, text: part.slice(1) };
  });
}

/** How many webhook events (not audit records) a site has in the outbox. */
export async function siteEventCount(db: Db, site: number | { id: number }): Promise<number> {
  const rows = await db.query(
    `SELECT COUNT(*) AS n FROM outbox WHERE event <> 'audit.recorded' AND site_id = ?`,
    [siteIdOf(site)],
  );
  return Number(rows[0].n);
}

/**
 * Sends `send` while it answers 200, at most until `max` requests are counted, counting from
 * `already` (the requests the test has made before on the same key or address): the first other
 * status and the count it came at, to show where a rate limit starts (spec 8).
 */
export async function requestsUntilRefused(
  send: () => Promise<{ status: number }>,
  max: number,
  already = 0,
): Promise<{ status: number; n: number }> {
  let status = 200;
  let n = already;
  while (status === 200 && n < max) {
    status = (await send()).status;
    n += 1;
  }
  return { status, n };
}

/**
 * Asserts that `send` counts toward a key's 120 writes per minute (spec 8): the 121st request of
 * the key is refused with 429. `already`: the requests the key has made before in the test.
 */
export async function expectCountsTowardWrites(
  send: () => Promise<{ status: number }>,
  already = 0,
): Promise<void> {
  const { status, n } = await requestsUntilRefused(send, 130, already);
  expect(status).toBe(429);
  expect(n).toBe(121);
}
