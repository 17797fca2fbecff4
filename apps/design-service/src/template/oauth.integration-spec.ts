import { startTestApp, TestApp, TestTokens } from '@hc/testing';
import { expectDesignError, NEEDS_DESIGN_WRITE } from '../testing/design-fixtures';
import { TemplateModule } from './template.module';

/** Bearer tokens for this file (end-to-end tests use auth-server's real ones). */
const tokens = new TestTokens('design');
const createWithTokens = tokens.app([TemplateModule], { trimStrings: false });
const token = (userId: number, siteIds: number[], scopes: string[]) =>
  tokens.issue(userId, siteIds, scopes);

describe('design API with OAuth tokens (spec 4.12, 5.2)', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await startTestApp(createWithTokens)));
  afterAll(() => t.close());

  it('design.read and design.write scopes read and write; publish names the person', async () => {
    const site = await t.factory.site({ name: 'Token Site' });
    const tok = token(site.owner.id, [site.id], ['design.read', 'design.write']);
    expect((await t.request('GET', '/v1/template', { token: tok })).status).toBe(200);
    const patch = await t.request('PATCH', '/v1/template/draft', {
      token: tok,
      body: { operations: [{ op: 'set', path: 'brand.tagline', value: 'via OAuth' }] },
    });
    expect(patch.status).toBe(200);
    expect(
      (
        await t.request('POST', '/v1/template/publish', {
          token: tok,
          body: { message: 'from an app' },
        })
      ).status,
    ).toBe(200);
    const versions = (await t.request('GET', '/v1/template/versions', { token: tok })).body
      .versions;
    expect(versions[0]).toMatchObject({ message: 'from an app', published_by: 'Test Person' });
  });

  it('content scopes do not include design scopes', async () => {
    const site = await t.factory.site();
    const tok = token(site.owner.id, [site.id], ['content.read', 'content.write', 'design.read']);
    expect((await t.request('GET', '/v1/template', { token: tok })).status).toBe(200);
    const res = await t.request('POST', '/v1/template/draft/discard', { token: tok, body: {} });
    expectDesignError(res, 403, 'insufficient_scope', NEEDS_DESIGN_WRITE);
  });

  it('the approving person must still be able to edit the design; the site is named with X-Service-Site', async () => {
    const a = await t.factory.site();
    const b = await t.factory.site({ owner: a.owner });
    const person = await t.factory.user();
    await t.factory.member(a, person, 'editor');
    await t.factory.member(b, person, 'viewer');
    const tok = token(person.id, [a.id, b.id], ['design.read', 'design.write']);
    const onA = await t.request('GET', '/v1/template', {
      token: tok,
      headers: { 'X-Service-Site': String(a.id) },
    });
    expect([onA.status, onA.body.template.site.id]).toEqual([200, a.id]);
    const onB = await t.request('GET', '/v1/template', {
      token: tok,
      headers: { 'X-Service-Site': String(b.id) },
    });
    expect([onB.status, onB.body.code]).toEqual([403, 'design_forbidden']);
    await t.factory.member(a, person, 'translator');
    expect((await t.request('GET', `/v1/template?site=${a.id}`, { token: tok })).body.code).toBe(
      'design_forbidden',
    );
  });
});
